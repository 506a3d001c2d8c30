/**
 * Fills a scratch SQLite database with the benchmark's volume: the demo seed (taxonomies, demo
 * accounts) plus N alumni, N jobs and N wall comments. Bulk rows go through better-sqlite3's prepared
 * statements in big transactions: at a million rows the query builder's per-row overhead dominates.
 */
import SQLite from 'better-sqlite3';
import { createDb, migrateToLatest } from '../src/server/db/dialect';
import { seedDemo } from '../src/server/db/seed/index';
import { createRandom } from '../src/server/db/seed/random';
import { CITIES_ES, FIRST_NAMES, JOB_TEXT, JOB_TITLES, POSITIONS, SURNAMES } from '../src/server/db/seed/data';
import { CONTRACTS } from '../src/shared/constants';
import { foldText } from '../src/shared/text';

export interface Volume {
  users: number;
  jobs: number;
  comments: number;
}

function insertAll(sqlite: SQLite.Database, table: string, columns: string[], count: number, row: (i: number) => unknown[], onProgress?: (msg: string) => void) {
  const statement = sqlite.prepare(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(',')}) VALUES (${columns.map(() => '?').join(',')})`);
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) statement.run(...(row(i) as never[]));
  });
  const step = 50_000;
  for (let from = 0; from < count; from += step) {
    batch(from, Math.min(count, from + step));
    onProgress?.(`${table}: ${Math.min(count, from + step)}/${count}`);
  }
}

export async function generateLarge(file: string, volume: Volume, onProgress?: (msg: string) => void): Promise<void> {
  const db = createDb(`sqlite:${file}`);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: `${file}.uploads` });
  const categories = (await db.selectFrom('categories').select('hash').where('lvl', '=', 2).execute()).map((r) => r.hash);
  const tags = (await db.selectFrom('tags').select('hash').where('type', '=', 'USER').execute()).map((r) => r.hash);
  const companies = (await db.selectFrom('companies').select(['hash', 'company_name']).where('status', '=', 'VALIDATED').execute());
  const groups = (await db.selectFrom('workgroups').select('hash').execute()).map((r) => r.hash);
  const passwordHash = (await db.selectFrom('users').select('password_hash').limit(1).executeTakeFirstOrThrow()).password_hash;
  await db.destroy();

  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const rand = createRandom(42);
  const now = Date.now();
  const userHashes: string[] = [];
  insertAll(
    sqlite,
    'users',
    ['hash', 'email', 'password_hash', 'status', 'role', 'code_numeric', 'name', 'surname1', 'surname2', 'language', 'profile_type', 'graduation_year', 'category_hash', 'country_code', 'city', 'current_job', 'current_company', 'is_appear_by_user', 'is_appear_by_company', 'profile_complete', 'search_text', 'data', 'created_at', 'updated_at'],
    volume.users,
    (i) => {
      const hash = `bu${i.toString(36).padStart(10, '0')}${rand.hash(4)}`;
      userHashes.push(hash);
      const [name, s1, s2, city, job] = [rand.pick(FIRST_NAMES), rand.pick(SURNAMES), rand.pick(SURNAMES), rand.pick(CITIES_ES), rand.pick(POSITIONS)];
      const stamp = new Date(now - rand.int(0, 3000) * 86400000).toISOString();
      return [hash, `bench${i}@alumni.example`, passwordHash, 'VALIDATED', rand.pick(['REGULAR', 'BOLD', 'GRATIS']), 1_000_000 + i, name, s1, s2, 'es', 'student', rand.int(1995, 2025), rand.pick(categories), rand.chance(0.8) ? 'ES' : rand.pick(['FR', 'DE', 'GB', 'IT', 'US']), city, job, 'Freelance', rand.chance(0.9) ? 1 : 0, rand.chance(0.9) ? 1 : 0, 1, foldText(`${name} ${s1} ${s2} ${job} ${city}`), '{}', stamp, stamp];
    },
    onProgress,
  );
  insertAll(sqlite, 'user_tags', ['user_hash', 'tag_hash'], volume.users, (i) => [userHashes[i], rand.pick(tags)], onProgress);
  const jobHashes: string[] = [];
  insertAll(
    sqlite,
    'jobs',
    ['hash', 'slug', 'company_hash', 'status', 'title', 'description', 'location', 'contract', 'working', 'search_text', 'data', 'cdate', 'updated_at'],
    volume.jobs,
    (i) => {
      const hash = `bj${i.toString(36).padStart(10, '0')}${rand.hash(4)}`;
      jobHashes.push(hash);
      const lang = rand.pick([0, 1, 2] as const);
      const title = rand.pick(JOB_TITLES)[lang];
      const company = rand.pick(companies);
      const description = `${JOB_TEXT.intro[lang]}\n\n${JOB_TEXT.tasks[lang]}`;
      const location = rand.pick(CITIES_ES);
      const cdate = new Date(now - rand.int(0, 1500) * 86400000 - i).toISOString();
      return [hash, `bench-job-${i}`, company.hash, rand.chance(0.85) ? 'PUBLISHED' : 'CLOSED', title, description, location, CONTRACTS[i % CONTRACTS.length], 'Full time', foldText(`${title} ${description} ${location} ${company.company_name}`), '{}', cdate, cdate];
    },
    onProgress,
  );
  insertAll(sqlite, 'job_tags', ['job_hash', 'tag_hash'], volume.jobs, (i) => [jobHashes[i], rand.pick(tags)], onProgress);
  insertAll(
    sqlite,
    'comments',
    ['hash', 'workgroup_hash', 'user_hash', 'parent_hash', 'content', 'file_hash', 'deleted', 'created_at'],
    volume.comments,
    (i) => [`bc${i.toString(36).padStart(12, '0')}`, groups[i % groups.length], userHashes[i % userHashes.length], null, 'Comentario de prueba para el banco de rendimiento.', null, 0, new Date(now - i * 1000).toISOString()],
    onProgress,
  );
  sqlite.exec('ANALYZE');
  sqlite.close();
}
