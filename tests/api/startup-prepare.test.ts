/**
 * prepareDatabase (src/server/db/prepare.ts): migrations, the reference seed and the demo seed under one
 * start-up lock. Idempotent, respectful of administrators' changes, and safe when several instances start
 * at once on one empty database — three pools in this process and three real server processes.
 * Runs on SQLite (one file) and, under TEST_DB=postgres, on one PostgreSQL database; nothing is skipped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb, migrateToLatest, type Db } from '../../src/server/db/dialect';
import { prepareDatabase } from '../../src/server/db/prepare';
import * as data from '../../src/server/db/seed/data';
import { seedDemo } from '../../src/server/db/seed/index';
import { makeCompany } from '../../src/server/db/seed/people';
import { createRandom } from '../../src/server/db/seed/random';
import { REFERENCE_MARKER, REFERENCE_VERSION } from '../../src/server/db/seed/reference';
import { testDatabase, usingPostgres, type TestDatabase } from '../helpers/db';
import { runNode, type RunningProcess } from '../helpers/process';

const REFERENCE = {
  countries: data.COUNTRIES.length,
  categories: data.CATEGORIES.reduce((n, root) => n + 1 + root.children.length, 0),
  tags: data.USER_TAGS.length + data.ARTICLE_TAGS.length,
  content_pages: data.CONTENT_PAGES.length * 3,
};
const REFERENCE_TOTAL = REFERENCE.countries + REFERENCE.categories + REFERENCE.tags + REFERENCE.content_pages + 1;
const NOW = new Date('2026-11-22T12:00:00Z');

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function fresh(): Promise<TestDatabase> {
  const database = await testDatabase();
  cleanups.push(() => database.cleanup());
  return database;
}

function open(url: string): Db {
  const db = createDb(url, { poolSize: 3 });
  cleanups.push(() => db.destroy());
  return db;
}

const config = (database: TestDatabase, seedDemo: boolean) => ({
  databaseUrl: database.url,
  dataDir: database.dataDir,
  seedDemo,
});

type Table =
  'users' | 'companies' | 'admins' | 'jobs' | 'countries' | 'categories' | 'tags' | 'content_pages' | 'settings';
async function count(db: Db, table: Table): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
async function referenceCounts(db: Db) {
  return {
    countries: await count(db, 'countries'),
    categories: await count(db, 'categories'),
    tags: await count(db, 'tags'),
    content_pages: await count(db, 'content_pages'),
  };
}
async function countEmail(db: Db, table: 'users' | 'admins' | 'companies', email: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the reference seed', () => {
  it('fills an empty database with reference data only, once; a second start writes nothing and keeps what administrators changed', async () => {
    const database = await fresh();
    const db = open(database.url);
    const first = await prepareDatabase(db, config(database, false), { now: NOW });
    expect(first).toEqual({ demoAccounts: null, referenceRows: REFERENCE_TOTAL });
    expect(await referenceCounts(db)).toEqual(REFERENCE);
    expect(await count(db, 'users')).toBe(0);
    expect(await count(db, 'admins')).toBe(0);

    // an administrator renames a category, deletes a country and a page, edits the site settings
    const category = await db.selectFrom('categories').select('hash').orderBy('hash').executeTakeFirstOrThrow();
    await db
      .updateTable('categories')
      .set({ title_en: 'Renamed by an administrator' })
      .where('hash', '=', category.hash)
      .execute();
    await db.deleteFrom('countries').where('code', '=', 'AD').execute();
    await db.deleteFrom('content_pages').where('key', '=', 'about').where('language', '=', 'en').execute();
    await db
      .updateTable('settings')
      .set({ value: JSON.stringify({ email: 'office@alumni.example.org' }) })
      .where('key', '=', 'site')
      .execute();

    const second = await prepareDatabase(db, config(database, false), { now: NOW });
    expect(second).toEqual({ demoAccounts: null, referenceRows: 0 });
    expect(await referenceCounts(db)).toEqual({
      ...REFERENCE,
      countries: REFERENCE.countries - 1,
      content_pages: REFERENCE.content_pages - 1,
    });
    expect(
      (await db.selectFrom('categories').select('title_en').where('hash', '=', category.hash).executeTakeFirstOrThrow())
        .title_en,
    ).toBe('Renamed by an administrator');
    expect(await db.selectFrom('countries').select('code').where('code', '=', 'AD').executeTakeFirst()).toBeUndefined();
    expect(
      JSON.parse(
        (await db.selectFrom('settings').select('value').where('key', '=', 'site').executeTakeFirstOrThrow()).value,
      ),
    ).toEqual({ email: 'office@alumni.example.org' });
  });

  it('adds only the missing rows to a database seeded before the reference seed existed, never duplicating', async () => {
    const database = await fresh();
    const db = open(database.url);
    await prepareDatabase(db, config(database, false), { now: NOW });
    // as a database from before this change: no marker, one country and one page missing, a changed page title
    await db.deleteFrom('settings').where('key', '=', REFERENCE_MARKER).execute();
    await db.deleteFrom('countries').where('code', '=', 'PT').execute();
    await db.deleteFrom('content_pages').where('key', '=', 'faqs').where('language', '=', 'ca').execute();
    await db
      .updateTable('content_pages')
      .set({ title: 'Our privacy' })
      .where('key', '=', 'privacy')
      .where('language', '=', 'en')
      .execute();

    const result = await prepareDatabase(db, config(database, false), { now: NOW });
    expect(result.referenceRows).toBe(2);
    expect(await referenceCounts(db)).toEqual(REFERENCE);
    expect(
      (
        await db
          .selectFrom('content_pages')
          .select('title')
          .where('key', '=', 'privacy')
          .where('language', '=', 'en')
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe('Our privacy');
    expect(
      await db.selectFrom('settings').select('value').where('key', '=', REFERENCE_MARKER).executeTakeFirst(),
    ).toEqual({ value: String(REFERENCE_VERSION) });
  });
});

describe('the demo seed', () => {
  it('is seeded only when asked, once, and its accounts are returned only by the call that seeded them', async () => {
    const database = await fresh();
    const db = open(database.url);
    expect((await prepareDatabase(db, config(database, false), { now: NOW })).demoAccounts).toBeNull();
    expect(await countEmail(db, 'admins', 'admin@demo.test')).toBe(0);

    const seeded = await prepareDatabase(db, config(database, true), { now: NOW });
    expect(seeded.demoAccounts?.map((a) => a.email)).toEqual([
      'regular@demo.test',
      'bold@demo.test',
      'gratis@demo.test',
      'pending@demo.test',
      'company@demo.test',
      'company-pending@demo.test',
      'admin@demo.test',
    ]);
    const users = await count(db, 'users');
    expect(users).toBeGreaterThan(200);
    expect(await countEmail(db, 'admins', 'admin@demo.test')).toBe(1);
    // demo rows refer to the reference rows: the taxonomy was not written twice
    expect(await referenceCounts(db)).toEqual(REFERENCE);

    const again = await prepareDatabase(db, config(database, true), { now: NOW });
    expect(again).toEqual({ demoAccounts: null, referenceRows: 0 });
    expect(await count(db, 'users')).toBe(users);
  });

  it('is never mixed into a database that already has members', async () => {
    const database = await fresh();
    const db = open(database.url);
    await prepareDatabase(db, config(database, false), { now: NOW });
    const company = makeCompany(
      createRandom(7),
      0,
      { passwordHash: 'x', now: NOW, uploadsDir: null },
      ['Real Company SL', 'Ingeniería', 'https://real.example'],
      { email: 'hr@real.example' },
    );
    await db.insertInto('companies').values(company).execute();
    const notes: string[] = [];
    const result = await prepareDatabase(db, config(database, true), {
      now: NOW,
      log: (message) => notes.push(message),
    });
    expect(result.demoAccounts).toBeNull();
    expect(notes.join('\n')).toMatch(/not seeded.*already has members/);
    expect(await count(db, 'users')).toBe(0);
    expect(await count(db, 'companies')).toBe(1);
  });

  it('is deterministic: two empty databases get the same people, offers and pages', async () => {
    const snapshot = async () => {
      const database = await fresh();
      const db = open(database.url);
      await migrateToLatest(db);
      await seedDemo(db, { uploadsDir: join(database.dataDir, 'uploads'), now: NOW });
      const users = await db.selectFrom('users').select(['hash', 'email', 'category_hash']).orderBy('hash').execute();
      const jobs = await db.selectFrom('jobs').select(['hash', 'slug', 'company_hash']).orderBy('hash').execute();
      const pages = await db
        .selectFrom('content_pages')
        .select(['hash', 'key', 'language', 'slug'])
        .orderBy('hash')
        .execute();
      const tags = await db
        .selectFrom('user_tags')
        .select(['user_hash', 'tag_hash'])
        .orderBy('user_hash')
        .orderBy('tag_hash')
        .execute();
      return { users, jobs, pages, tags };
    };
    const a = await snapshot();
    const b = await snapshot();
    expect(a.users.length).toBeGreaterThan(200);
    expect(a.users.filter((u) => u.category_hash).length).toBeGreaterThan(100);
    expect(a.tags.length).toBeGreaterThan(200);
    expect(b).toEqual(a);
  });
});

describe('several instances starting at once on one empty database', { timeout: 240_000 }, () => {
  it(`three pools preparing it concurrently all succeed; reference rows and the demo exist once (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, async () => {
    const database = await fresh();
    const pools = [open(database.url), open(database.url), open(database.url)];
    const results = await Promise.allSettled(
      pools.map((db) => prepareDatabase(db, config(database, true), { now: NOW })),
    );
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const seeded = results.filter((r) => r.status === 'fulfilled' && r.value.demoAccounts !== null);
    expect(seeded).toHaveLength(1);
    const db = pools[0]!;
    expect(await referenceCounts(db)).toEqual(REFERENCE);
    expect(await count(db, 'settings')).toBe(2);
    expect(await countEmail(db, 'users', 'regular@demo.test')).toBe(1);
    expect(await countEmail(db, 'admins', 'admin@demo.test')).toBe(1);
  });

  it(`three server processes started together all come up and serve (${usingPostgres() ? 'PostgreSQL' : 'SQLite, one file'})`, async () => {
    const database = await fresh();
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      API_KEY: 'a-production-api-key-for-tests',
      PUBLIC_URL: 'https://alumni.example.org',
      SECRET_KEY: 'a-production-secret-key-of-more-than-32-characters',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'sandbox',
      DATA_DIR: database.dataDir,
      DIST_DIR: join(database.dataDir, 'no-dist'),
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.url,
    };
    const procs: RunningProcess[] = [
      runNode('src/server/main.ts', env),
      runNode('src/server/main.ts', env),
      runNode('src/server/main.ts', env),
    ];
    for (const proc of procs) cleanups.push(() => proc.stop());
    const started = await Promise.allSettled(procs.map((proc) => proc.ready(150_000)));
    expect(started.map((s, i) => (s.status === 'fulfilled' ? 'up' : procs[i]!.output()))).toEqual(['up', 'up', 'up']);
    for (const s of started) {
      const res = await fetch(`${(s as PromiseFulfilledResult<string>).value}/api/categories/tree`, {
        headers: { apiKey: env['API_KEY']!, language: 'en' },
      });
      expect(res.status).toBe(200);
    }
    expect(procs.filter((proc) => proc.output().includes('Demo accounts (password: demo-password)'))).toHaveLength(1);
    const db = open(database.url);
    expect(await referenceCounts(db)).toEqual(REFERENCE);
    expect(await countEmail(db, 'users', 'regular@demo.test')).toBe(1);
    expect(await countEmail(db, 'companies', 'company@demo.test')).toBe(1);
  });
});
