/**
 * node --import tsx bench/seed-check.ts [DATABASE_URL]: migrates an empty database, runs the demo
 * seed, prints its time and row counts, and checks the demo accounts (SQLite in /tmp by default).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb, dialectOf, migrateToLatest } from '../src/server/db/dialect';
import { seedDemo } from '../src/server/db/seed/index';
import type { Database } from '../src/server/db/types';

const dir = mkdtempSync(join(tmpdir(), 'seed-check-'));
const url = process.argv[2] ?? process.env.DATABASE_URL ?? `sqlite:${join(dir, 'seed.db')}`;
const uploadsDir = join(dir, 'uploads');

const TABLES: Array<keyof Database> = [
  'categories',
  'tags',
  'countries',
  'users',
  'user_tags',
  'companies',
  'admins',
  'jobs',
  'job_tags',
  'applicants',
  'articles',
  'article_i18n',
  'article_tags',
  'article_saves',
  'article_subscriptions',
  'workgroups',
  'workgroup_members',
  'workgroup_followers',
  'comments',
  'comment_likes',
  'files',
  'portfolios',
  'portfolio_images',
  'portfolio_links',
  'work_experiences',
  'content_pages',
  'settings',
];

function check(ok: boolean, message: string) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) process.exitCode = 1;
}

async function main() {
  const db = createDb(url);
  if (dialectOf(url) === 'postgres') {
    // a throwaway schema, so reruns start empty
    await sql`drop schema public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  }
  await migrateToLatest(db);
  const started = performance.now();
  const { accounts } = await seedDemo(db, { uploadsDir, now: new Date('2026-11-22T12:00:00Z') });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${dialectOf(url)}: seeded in ${seconds.toFixed(2)} s`);
  for (const table of TABLES) {
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`  ${table.padEnd(24)} ${Number(n)}`);
  }
  console.log(accounts.map((a) => `  ${a.email} (${a.role}) ${a.note}`).join('\n'));

  const user = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const bold = await user('bold@demo.test');
  const gratis = await user('gratis@demo.test');
  const regular = await user('regular@demo.test');
  const pending = await user('pending@demo.test');
  check(
    bold?.role === 'BOLD' && bold.profile_complete === 1 && !!bold.cv_file,
    'bold@demo.test: BOLD, complete, has a CV',
  );
  const cv = bold?.cv_file
    ? await db.selectFrom('files').selectAll().where('hash', '=', bold.cv_file).executeTakeFirst()
    : undefined;
  check(
    cv?.kind === 'cv' && existsSync(join(uploadsDir, cv.path.replace(/^\/uploads\//, ''))),
    'bold CV file row and file on disk',
  );
  check(
    gratis?.role === 'GRATIS' && gratis.profile_complete === 1 && !gratis.cv_file && !gratis.iban,
    'gratis@demo.test: GRATIS, complete, no CV, no IBAN',
  );
  check(regular?.role === 'REGULAR' && regular.profile_complete === 1, 'regular@demo.test: REGULAR, complete');
  check(pending?.status === 'PENDING', 'pending@demo.test: PENDING');
  const company = await db
    .selectFrom('companies')
    .selectAll()
    .where('email', '=', 'company@demo.test')
    .executeTakeFirst();
  check(company?.status === 'VALIDATED', 'company@demo.test validated');
  const pendingCompany = await db
    .selectFrom('companies')
    .selectAll()
    .where('email', '=', 'company-pending@demo.test')
    .executeTakeFirst();
  check(pendingCompany?.status === 'PENDING', 'company-pending@demo.test pending');
  check(
    !!(await db.selectFrom('admins').select('hash').where('email', '=', 'admin@demo.test').executeTakeFirst()),
    'admin@demo.test',
  );
  const statuses = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_hash', '=', company!.hash)
    .groupBy('status')
    .execute();
  check(
    statuses.length === 4,
    `company@demo.test jobs by status: ${statuses.map((s) => `${s.status}=${s.n}`).join(' ')}`,
  );
  const contracts = await db.selectFrom('jobs').select('contract').distinct().execute();
  check(contracts.length === 6, `job contracts: ${contracts.length}`);
  const applied = await db.selectFrom('applicants').select('hash').where('user_hash', '=', bold!.hash).execute();
  check(applied.length >= 1, `bold applied to ${applied.length} jobs`);
  const langs = await db
    .selectFrom('article_i18n')
    .select(['language', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('language')
    .execute();
  check(langs.length === 3, `article_i18n per language: ${langs.map((l) => `${l.language}=${l.n}`).join(' ')}`);
  const wgs = await db
    .selectFrom('workgroups')
    .select(['status', 'type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['status', 'type'])
    .execute();
  console.log(`  workgroups: ${wgs.map((w) => `${w.status}/${w.type}=${w.n}`).join(' ')}`);
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
