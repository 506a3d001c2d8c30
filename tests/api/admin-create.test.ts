/**
 * `npm run admin:create -- --email … --name …` (src/server/cli/create-admin.ts), run as a real process on an
 * empty database: the administrator it creates signs in through POST /adm/login; a second one with the same
 * e-mail, a weak password or a bad e-mail is refused with a clear message and nothing written.
 * SQLite, and PostgreSQL under TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb, type Db } from '../../src/server/db/dialect';
import { testDatabase, type TestDatabase } from '../helpers/db';
import { runToEnd } from '../helpers/process';

const CLI = 'src/server/cli/create-admin.ts';
const PASSWORD = 'Correct horse battery staple 42';

let database: TestDatabase;
let env: Record<string, string>;
let db: Db;

beforeAll(async () => {
  database = await testDatabase();
  env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir };
});
afterAll(async () => {
  await db?.destroy();
  await database?.cleanup();
});

async function admins(): Promise<Array<{ email: string; name: string; password_hash: string }>> {
  db ??= createDb(database.url, { poolSize: 2 });
  return db.selectFrom('admins').select(['email', 'name', 'password_hash']).orderBy('email').execute();
}

async function signIn(email: string, password: string): Promise<number> {
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DIST_DIR: join(database.dataDir, 'no-dist'),
    RATE_LIMIT_SCALE: '1000',
  });
  const appDb = createDb(config.databaseUrl, { poolSize: 2 });
  const app = await buildApp(config, { db: appDb, migrate: false });
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/adm/login',
      headers: { apiKey: config.apiKey, language: 'en' },
      payload: { email, password, deviceId: 'testdevice0123456789', deviceType: 2, push: null },
    });
    if (res.statusCode === 200) expect(res.json().token).toMatch(/\S{20,}/);
    return res.statusCode;
  } finally {
    await app.close();
    await appDb.destroy();
  }
}

describe('the first-administrator command', () => {
  it('prepares an empty database and creates an administrator who can sign in', async () => {
    const { code, output } = await runToEnd(CLI, { ...env, ADMIN_PASSWORD: PASSWORD }, [
      '--email',
      ' Office@Alumni.Example.org ',
      '--name',
      'Alumni office',
    ]);
    expect(output).toContain('Administrator office@alumni.example.org created');
    expect(code).toBe(0);
    expect(output).not.toContain(PASSWORD);
    const rows = await admins();
    expect(rows.map((r) => [r.email, r.name])).toEqual([['office@alumni.example.org', 'Alumni office']]);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    // the reference seed ran too, and no demo data
    const countries = await db
      .selectFrom('countries')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(countries.n)).toBeGreaterThan(20);
    const users = await db
      .selectFrom('users')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(0);

    expect(await signIn('office@alumni.example.org', PASSWORD)).toBe(200);
    expect(await signIn('office@alumni.example.org', 'not the password at all')).toBe(401);
  });

  it('refuses an e-mail an administrator already has (in any case), writing nothing', async () => {
    const { code, output } = await runToEnd(CLI, { ...env, ADMIN_PASSWORD: 'Another long passphrase 77' }, [
      '--email',
      'OFFICE@alumni.example.org',
      '--name',
      'Someone else',
    ]);
    expect(code).not.toBe(0);
    expect(output).toContain('An administrator with the e-mail office@alumni.example.org already exists');
    expect((await admins()).map((r) => r.name)).toEqual(['Alumni office']);
    expect(await signIn('office@alumni.example.org', PASSWORD)).toBe(200);
  });

  it.each([
    ['short', 'at least 12 characters'],
    ['aaaaaaaaaaaaaaaaaaaa', 'too repetitive'],
    ['123456789012', 'too repetitive'],
    ['deputy-secure-2026', 'must not contain the e-mail'],
    ['password1234567', 'too common'],
    ['x'.repeat(60) + 'Yz-0123456789'.repeat(6), 'at most 128 characters'],
  ])('refuses the weak password %j (%s)', async (password, message) => {
    const { code, output } = await runToEnd(CLI, { ...env, ADMIN_PASSWORD: password }, [
      '--email',
      'deputy@alumni.example.org',
      '--name',
      'Deputy',
    ]);
    expect(code).not.toBe(0);
    expect(output).toContain(message);
    expect((await admins()).map((r) => r.email)).not.toContain('deputy@alumni.example.org');
  });

  it('reads the password from standard input when ADMIN_PASSWORD is not set', async () => {
    const { code, output } = await runToEnd(
      CLI,
      env,
      ['--email', 'deputy@alumni.example.org', '--name', 'Deputy'],
      'Piped passphrase for the second one\n',
    );
    expect(output).toContain('Administrator deputy@alumni.example.org created');
    expect(code).toBe(0);
    expect(await signIn('deputy@alumni.example.org', 'Piped passphrase for the second one')).toBe(200);
  });

  it('explains how to call it when an argument is missing or wrong', async () => {
    const noEmail = await runToEnd(CLI, { ...env, ADMIN_PASSWORD: PASSWORD }, ['--name', 'Nobody']);
    expect(noEmail.code).toBe(2);
    expect(noEmail.output).toContain('Usage: npm run admin:create -- --email <e-mail> --name <full name>');
    const badEmail = await runToEnd(CLI, { ...env, ADMIN_PASSWORD: PASSWORD }, [
      '--email',
      'not-an-email',
      '--name',
      'Nobody',
    ]);
    expect(badEmail.code).not.toBe(0);
    expect(badEmail.output).toContain('is not an e-mail address');
    const noPassword = await runToEnd(CLI, env, ['--email', 'third@alumni.example.org', '--name', 'Third'], '');
    expect(noPassword.code).not.toBe(0);
    expect(noPassword.output).toContain('No password given');
    expect((await admins()).map((r) => r.email)).toEqual(['deputy@alumni.example.org', 'office@alumni.example.org']);
  });

  it('works with the production environment of the server (it needs only the database settings)', async () => {
    const { code, output } = await runToEnd(
      CLI,
      { ...env, NODE_ENV: 'production', ADMIN_PASSWORD: 'Live site passphrase 2026' },
      ['--email', 'prod@alumni.example.org', '--name', 'Production admin'],
    );
    expect(output).toContain('Administrator prod@alumni.example.org created');
    expect(code).toBe(0);
    expect(await signIn('prod@alumni.example.org', 'Live site passphrase 2026')).toBe(200);
  });
});
