/**
 * The benchmark's volume: N alumni, N offers (mostly PUBLISHED), N wall comments and N messages
 * (./generateMessages.ts), plus the taxonomy,
 * companies and working groups they reference when the database has none yet (a demo-seeded database
 * keeps its own). Rows come from the demo seed's builders (src/server/db/seed/), so both describe the
 * same world; only the insertion differs: raw multi-row INSERTs (≤ 500 rows, under both engines'
 * bound-parameter limits) in transactions of 50,000 rows, skipping the query builder's per-value work.
 */
import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import type { Db } from '../src/server/db/dialect';
import { COMPANIES, WORKGROUPS } from '../src/server/db/seed/data';
import { makeCompany, makeUser } from '../src/server/db/seed/people';
import { createRandom } from '../src/server/db/seed/random';
import { makeComment, makeJob, makeTaxonomies, makeWorkgroup, type Row } from '../src/server/db/seed/rows';
import type { Database } from '../src/server/db/types';
import { hashPassword } from '../src/server/lib/password';
import { generateMessages } from './generateMessages';

export interface Volume {
  users: number;
  jobs: number;
  comments: number;
  messages: number;
}

export interface GenerateOptions extends Volume {
  onProgress?: (msg: string) => void;
}

const TRANSACTION_ROWS = 50_000;
const MAX_PARAMS = 30_000;

/** Inserts the rows of a generator as multi-row INSERT statements, committing every 50,000 rows. */
async function bulkInsert<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: Iterable<Row<T>>,
  progress: (n: number) => void,
): Promise<number> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const iterator = rows[Symbol.iterator]();
  const first = iterator.next();
  if (first.done) return 0;
  const columns = Object.keys(first.value as object);
  const perStatement = Math.min(500, Math.floor(MAX_PARAMS / columns.length));
  const statements = new Map<number, string>();
  const statement = (n: number) => {
    let text = statements.get(n);
    if (!text) {
      let p = 0;
      const tuple = () => `(${columns.map(() => (postgres ? `$${++p}` : '?')).join(',')})`;
      text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(',')}) values ${Array.from({ length: n }, tuple).join(',')}`;
      statements.set(n, text);
    }
    return text;
  };
  let total = 0;
  let pending: IteratorResult<Row<T>> = first;
  while (!pending.done) {
    await db.transaction().execute(async (trx) => {
      let inTransaction = 0;
      while (!pending.done && inTransaction < TRANSACTION_ROWS) {
        const params: unknown[] = [];
        let n = 0;
        while (!pending.done && n < perStatement) {
          const row = pending.value as Record<string, unknown>;
          for (const column of columns) params.push(row[column] ?? null);
          n++;
          pending = iterator.next();
        }
        await trx.executeQuery(CompiledQuery.raw(statement(n), params));
        inTransaction += n;
      }
      total += inTransaction;
    });
    progress(total);
  }
  return total;
}

export async function generateLarge(db: Db, opts: GenerateOptions): Promise<void> {
  const { onProgress } = opts;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const report = (table: string, target: number) => (n: number) =>
    onProgress?.(`${table}: ${n.toLocaleString('en')}/${target.toLocaleString('en')}`);
  const rand = createRandom(42);
  const now = new Date();
  if (!postgres) await sql`pragma synchronous = OFF`.execute(db);

  // ── what the bulk rows reference: reuse the demo seed's, or create them ──
  if (!(await db.selectFrom('categories').select('hash').limit(1).executeTakeFirst())) {
    const { categories, tags, countries } = makeTaxonomies(rand);
    await bulkInsert(db, 'categories', categories, () => {});
    await bulkInsert(db, 'tags', tags, () => {});
    await bulkInsert(db, 'countries', countries, () => {});
  }
  const passwordHash =
    (await db.selectFrom('users').select('password_hash').limit(1).executeTakeFirst())?.password_hash ??
    (await hashPassword('demo-password'));
  if (
    !(await db.selectFrom('companies').select('hash').where('status', '=', 'VALIDATED').limit(1).executeTakeFirst())
  ) {
    await bulkInsert(
      db,
      'companies',
      COMPANIES.map((company, i) => makeCompany(rand, i, { passwordHash, now, uploadsDir: null }, company)),
      () => {},
    );
  }
  const categories = (await db.selectFrom('categories').select('hash').where('lvl', '=', 2).execute()).map(
    (r) => r.hash,
  );
  const tags = (await db.selectFrom('tags').select('hash').where('type', '=', 'USER').execute()).map((r) => r.hash);
  const companies = await db
    .selectFrom('companies')
    .select(['hash', 'company_name'])
    .where('status', '=', 'VALIDATED')
    .execute();
  const { maxCode } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('code_numeric').as('maxCode'))
    .executeTakeFirstOrThrow();
  const firstIndex = Math.max(100_000, Number(maxCode ?? 0) + 1);

  // ── alumni and their tags ──
  const userHashes: string[] = [];
  const ctx = { passwordHash, now, categories, uploadsDir: null };
  await bulkInsert(
    db,
    'users',
    (function* () {
      for (let i = 0; i < opts.users; i++) {
        const user = makeUser(rand, firstIndex + i, ctx);
        userHashes.push(user.hash);
        yield user;
      }
    })(),
    report('users', opts.users),
  );
  await bulkInsert(
    db,
    'user_tags',
    (function* () {
      for (const hash of userHashes)
        for (const tag of rand.sample(tags, rand.int(1, 3))) yield { user_hash: hash, tag_hash: tag };
    })(),
    report('user_tags', opts.users * 2),
  );

  // ── offers: 85 % published, spread over four years ──
  const jobTags: Array<Row<'job_tags'>> = [];
  await bulkInsert(
    db,
    'jobs',
    (function* () {
      for (let i = 0; i < opts.jobs; i++) {
        const status = rand.chance(0.85) ? 'PUBLISHED' : rand.pick(['PENDING', 'UNPUBLISHED', 'CLOSED'] as const);
        const made = makeJob(rand, i, { now, tags }, { company: rand.pick(companies), status, maxAgeDays: 1460 });
        jobTags.push(...made.tags);
        yield made.job;
      }
    })(),
    report('jobs', opts.jobs),
  );
  await bulkInsert(db, 'job_tags', jobTags, report('job_tags', jobTags.length));

  // ── working groups and their walls: a fifth of the comments are replies ──
  let groups = (await db.selectFrom('workgroups').select('hash').where('status', '=', 'PUBLISHED').execute()).map(
    (r) => r.hash,
  );
  if (groups.length === 0) {
    const rows = WORKGROUPS.map((group, i) =>
      makeWorkgroup(
        rand,
        group,
        userHashes[i % userHashes.length]!,
        new Date(now.getTime() - 400 * 86400000),
        'PUBLISHED',
        null,
        `-${i}`,
      ),
    );
    await bulkInsert(db, 'workgroups', rows, () => {});
    groups = rows.map((r) => r.hash);
  }
  const authors = userHashes.length
    ? userHashes
    : (await db.selectFrom('users').select('hash').execute()).map((r) => r.hash);
  const span = 2 * 365 * 86400000;
  await bulkInsert(
    db,
    'comments',
    (function* () {
      const lastTop = new Map<string, { hash: string; at: number }>();
      for (let i = 0; i < opts.comments; i++) {
        const group = groups[i % groups.length]!;
        const parent = i % 5 === 4 ? lastTop.get(group) : undefined;
        const at = parent ? parent.at + 3600000 : now.getTime() - span + Math.floor((span * i) / opts.comments);
        const comment = makeComment(
          rand,
          group,
          authors[rand.int(0, authors.length - 1)]!,
          new Date(at),
          parent?.hash ?? null,
        );
        if (!parent) lastTop.set(group, { hash: comment.hash, at });
        yield comment;
      }
    })(),
    report('comments', opts.comments),
  );

  // ── messages between alumni (issue 29 §5) ──
  await generateMessages(db, rand, opts.messages, authors, now.getTime(), (table, rows, target) =>
    bulkInsert(db, table, rows, report(table, target)),
  );

  await sql`analyze`.execute(db);
  if (!postgres) await sql`pragma synchronous = NORMAL`.execute(db);
}
