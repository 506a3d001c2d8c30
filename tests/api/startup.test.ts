/**
 * `node src/server/main.ts` as an operator starts it (real processes, a fresh database each): production
 * refuses a missing secret, seeds only reference data (never the demo unless SEED_DEMO=true), and the
 * banner names the address it really listens on. Runs on SQLite, and on PostgreSQL under TEST_DB=postgres.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDb, type Db } from '../../src/server/db/dialect';
import * as data from '../../src/server/db/seed/data';
import { testDatabase, usingPostgres, type TestDatabase } from '../helpers/db';
import { runNode, runToEnd, type RunningProcess } from '../helpers/process';

const MAIN = 'src/server/main.ts';
const PRODUCTION = {
  NODE_ENV: 'production',
  API_KEY: 'a-production-api-key-for-tests',
  PUBLIC_URL: 'https://alumni.example.org',
  SECRET_KEY: 'x'.repeat(24) + '-production-secret-key',
  PAYMENT_PROVIDER: 'none',
};

const REFERENCE = {
  countries: data.COUNTRIES.length,
  categories: data.CATEGORIES.reduce((n, root) => n + 1 + root.children.length, 0),
  tags: data.USER_TAGS.length + data.ARTICLE_TAGS.length,
  content_pages: data.CONTENT_PAGES.length * 3,
};

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

/** A fresh database and the environment that points a process at it (SQLite: the default file in DATA_DIR). */
async function freshDatabase(): Promise<{ database: TestDatabase; env: Record<string, string>; url: string }> {
  const database = await testDatabase();
  cleanups.push(() => database.cleanup());
  const env: Record<string, string> = {
    DATA_DIR: database.dataDir,
    DIST_DIR: join(database.dataDir, 'no-dist'),
    HOST: '127.0.0.1',
    PORT: '0',
  };
  if (usingPostgres()) env['DATABASE_URL'] = database.url;
  const url = usingPostgres() ? database.url : `sqlite:${join(database.dataDir, 'portal.db')}`;
  return { database, env, url };
}

function start(env: Record<string, string>): RunningProcess {
  const proc = runNode(MAIN, env);
  cleanups.push(() => proc.stop());
  return proc;
}

function open(url: string): Db {
  const db = createDb(url, { poolSize: 2 });
  cleanups.push(() => db.destroy());
  return db;
}

async function count(
  db: Db,
  table:
    | 'users'
    | 'companies'
    | 'admins'
    | 'jobs'
    | 'articles'
    | 'workgroups'
    | 'countries'
    | 'categories'
    | 'tags'
    | 'content_pages'
    | 'settings',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function demoAccounts(db: Db): Promise<number> {
  const users = await db
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .where('email', 'like', '%@demo.test')
    .executeTakeFirstOrThrow();
  const companies = await db
    .selectFrom('companies')
    .select(sql<number>`count(*)`.as('n'))
    .where('email', 'like', '%@demo.test')
    .executeTakeFirstOrThrow();
  const admins = await db
    .selectFrom('admins')
    .select(sql<number>`count(*)`.as('n'))
    .where('email', 'like', '%@demo.test')
    .executeTakeFirstOrThrow();
  return Number(users.n) + Number(companies.n) + Number(admins.n);
}

describe('a production start on an empty data directory', { timeout: 180_000 }, () => {
  it('comes up, serves /api/init on the port it names, and has reference data but no demo account or content', async () => {
    const { env, url } = await freshDatabase();
    const proc = start({ ...env, ...PRODUCTION });
    const address = await proc.ready();
    // the banner names the real port (PORT=0), not PUBLIC_URL
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(address).not.toContain('alumni.example.org');

    const init = await fetch(`${address}/api/init`, { headers: { apiKey: PRODUCTION.API_KEY, language: 'en' } });
    expect(init.status).toBe(200);
    const body = (await init.json()) as { role: string; settings: { email: string } };
    expect(body.role).toBe('ANONYMOUS');
    expect(body.settings.email).toMatch(/@/);
    const denied = await fetch(`${address}/api/init`, { headers: { apiKey: 'alumni-web-key' } });
    expect(denied.status).toBe(401);

    const db = open(url);
    expect(await demoAccounts(db)).toBe(0);
    for (const table of ['users', 'companies', 'admins', 'jobs', 'articles', 'workgroups'] as const)
      expect(`${table}: ${await count(db, table)}`).toBe(`${table}: 0`);
    expect(await count(db, 'countries')).toBe(REFERENCE.countries);
    expect(await count(db, 'categories')).toBe(REFERENCE.categories);
    expect(await count(db, 'tags')).toBe(REFERENCE.tags);
    expect(await count(db, 'content_pages')).toBe(REFERENCE.content_pages);
    const site = await db.selectFrom('settings').select('value').where('key', '=', 'site').executeTakeFirstOrThrow();
    expect(JSON.parse(site.value)).toMatchObject({ email: data.SITE_SETTINGS.email });
    expect(proc.output()).not.toMatch(/demo/i);

    // the category tree a registration form needs is served from the reference seed
    const tree = await fetch(`${address}/api/categories/tree`, {
      headers: { apiKey: PRODUCTION.API_KEY, language: 'en' },
    });
    expect(tree.status).toBe(200);
    expect(JSON.stringify(await tree.json())).toContain('Product design');
  });

  it('does seed the demo when SEED_DEMO=true (a public demo site), and says so', async () => {
    const { env, url } = await freshDatabase();
    const proc = start({ ...env, ...PRODUCTION, SEED_DEMO: 'true' });
    const address = await proc.ready();
    const db = open(url);
    expect(
      await db.selectFrom('admins').select('email').where('email', '=', 'admin@demo.test').executeTakeFirst(),
    ).toEqual({ email: 'admin@demo.test' });
    expect(await demoAccounts(db)).toBe(7);
    expect(await count(db, 'jobs')).toBeGreaterThan(50);
    expect(await count(db, 'categories')).toBe(REFERENCE.categories);
    expect(proc.output()).toContain('Demo accounts (password: demo-password)');
    expect(proc.output()).toContain('regular@demo.test');
    const login = await fetch(`${address}/usr/login`, {
      method: 'POST',
      headers: { apiKey: PRODUCTION.API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'regular@demo.test',
        password: 'demo-password',
        deviceId: 'testdevice0123456789',
        deviceType: 2,
        push: null,
      }),
    });
    expect(login.status).toBe(200);
  });
});

describe('a production start without a required secret', () => {
  it.each(['API_KEY', 'PUBLIC_URL', 'SECRET_KEY', 'PAYMENT_PROVIDER'] as const)(
    'refuses to start without %s, naming it',
    async (missing) => {
      const { database, env, url } = await freshDatabase();
      const settings: Record<string, string> = { ...env, ...PRODUCTION };
      delete settings[missing];
      const { code, output } = await runToEnd(MAIN, settings);
      expect(code).not.toBe(0);
      expect(output).toContain(`${missing} must be set in production`);
      expect(output).not.toMatch(/listening on/);
      // nothing was written: the database was not even created or migrated
      if (!usingPostgres()) return expect(existsSync(join(database.dataDir, 'portal.db'))).toBe(false);
      const db = open(url);
      const tables = await sql<{
        n: number;
      }>`select count(*) as n from information_schema.tables where table_name = 'countries'`.execute(db);
      expect(Number(tables.rows[0]!.n)).toBe(0);
    },
  );

  it('refuses the payment sandbox outside a public demo site, naming PAYMENT_PROVIDER (issue 23 §1)', async () => {
    const { env } = await freshDatabase();
    const { code, output } = await runToEnd(MAIN, { ...env, ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' });
    expect(code).not.toBe(0);
    expect(output).toContain('PAYMENT_PROVIDER=sandbox takes no real payment');
    expect(output).not.toMatch(/listening on/);
  });

  it('refuses the development API_KEY and a short SECRET_KEY', async () => {
    const { env } = await freshDatabase();
    const devKey = await runToEnd(MAIN, { ...env, ...PRODUCTION, API_KEY: 'alumni-web-key' });
    expect(devKey.code).not.toBe(0);
    expect(devKey.output).toMatch(/API_KEY and SECRET_KEY must not be the development defaults/);
    const shortSecret = await runToEnd(MAIN, { ...env, ...PRODUCTION, SECRET_KEY: 'too-short' });
    expect(shortSecret.code).not.toBe(0);
    expect(shortSecret.output).toMatch(/SECRET_KEY/);
  });
});

/** A loopback port nobody listens on now. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('a development start', { timeout: 180_000 }, () => {
  it('links its e-mails to the address it serves, names the back office sign-in, and warns when PUBLIC_URL names another port (issue 25 §2–3)', async () => {
    const { env, url } = await freshDatabase();
    const port = await freePort();
    const proc = start({ ...env, PORT: String(port), SEED_DEMO: 'false' });
    const address = await proc.ready();
    expect(address).toBe(`http://127.0.0.1:${port}`);
    expect(proc.output()).toContain(`http://127.0.0.1:${port}/es/admin/login`);
    expect(proc.output()).not.toMatch(/PUBLIC_URL/);
    const email = `port.${port}@example.com`;
    const registered = await fetch(`${address}/usr/register`, {
      method: 'POST',
      headers: { apiKey: 'alumni-web-key', language: 'en', 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Laia',
        surname1: 'Puig',
        gender: 'female',
        birthdate: '14/03/1995',
        document_type: 'DNI',
        document_number: '12345678Z',
        mobile: '+34 612 345 678',
        email,
        email_repeat: email,
        password: 'a long enough passphrase',
        password_repeat: 'a long enough passphrase',
        language: 'en',
        role: 'regular',
        profile_type: 'student',
        graduation_year: 2018,
        is_conditions: true,
        is_privacy: true,
        is_newsletter: false,
      }),
    });
    expect(registered.status).toBe(201);
    const mail = await open(url)
      .selectFrom('email_outbox')
      .select('body_text')
      .where('to_address', '=', email)
      .where('template', '=', 'account.confirmEmail')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain(`http://127.0.0.1:${port}/en/`);
    expect(mail.body_text).not.toContain('localhost:3000');
    expect(await proc.stop()).toBe(0);

    const other = await freePort();
    const mismatched = start({ ...env, PORT: String(other), SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:3000' });
    await mismatched.ready();
    expect(mismatched.output()).toMatch(new RegExp(`PUBLIC_URL http://localhost:3000 .*port ${other}`));
  });

  it('seeds the demo into an empty embedded database once and prints the accounts only when it seeded them', async () => {
    const { env, url } = await freshDatabase();
    const dev = { ...env, SEED_DEMO: 'auto' };
    if (usingPostgres()) {
      // auto never seeds PostgreSQL: reference data only
      const proc = start(dev);
      await proc.ready();
      expect(await demoAccounts(open(url))).toBe(0);
      expect(proc.output()).not.toMatch(/demo accounts/i);
      return;
    }
    const first = start(dev);
    await first.ready();
    expect(first.output()).toContain('Demo accounts (password: demo-password)');
    expect(await first.stop()).toBe(0);
    const db = open(url);
    const users = await count(db, 'users');
    expect(users).toBeGreaterThan(100);

    const second = start(dev);
    await second.ready();
    expect(second.output()).not.toMatch(/demo accounts/i);
    expect(await count(db, 'users')).toBe(users);
    expect(await count(db, 'categories')).toBe(REFERENCE.categories);
    expect(await demoAccounts(db)).toBe(7);
  });
});
