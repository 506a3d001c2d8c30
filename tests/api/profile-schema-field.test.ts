/**
 * DESIGN §2 "A maintainer adds a field by editing one schema file": a copy of schemas/ where only
 * user.profile.json gains `hobby` (and `hobby` counts towards the profile level); the app built on that
 * folder validates, stores (users.data), and returns it — with no other change. The real schemas/ do
 * not have it, so the same request against them is refused.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb, migrateToLatest, type Db } from '../../src/server/db/dialect';
import { seedDemo } from '../../src/server/db/seed/index';
import { SCHEMAS_DIR } from '../../src/server/plugins/schemas';
import { API_KEY, DEMO_PASSWORD, startTestApp, TEST_DEVICE, type TestApp } from '../helpers/app';
import { testDatabase, type TestDatabase } from '../helpers/db';

let database: TestDatabase;
let db: Db;
let app: FastifyInstance;
let plain: TestApp;
let schemasDir: string;
let token: string;

beforeAll(async () => {
  schemasDir = mkdtempSync(join(tmpdir(), 'alumni-schemas-'));
  cpSync(SCHEMAS_DIR, schemasDir, { recursive: true });
  const file = join(schemasDir, 'user.profile.json');
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  profile.properties.hobby = { type: ['string', 'null'], maxLength: 80, 'x-profile-weight': 5 };
  writeFileSync(file, JSON.stringify(profile, null, 2));

  database = await testDatabase();
  const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', RATE_LIMIT_SCALE: '1000' });
  db = createDb(config.databaseUrl, { poolSize: 4 });
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: join(config.dataDir, 'uploads') });
  app = await buildApp(config, { db, migrate: false, schemasDir });
  const login = await call('POST', '/usr/login', { email: 'bold@demo.test', password: DEMO_PASSWORD, deviceId: TEST_DEVICE, deviceType: 2, push: null });
  token = login.json().token;
  plain = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await database?.cleanup();
  await plain?.close();
  rmSync(schemasDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const headers: Record<string, string> = { apiKey: API_KEY, language: 'en', ...(token ? { token, deviceId: TEST_DEVICE, type: '2' } : {}) };
  return app.inject({ method, url, headers, payload: payload as object });
}

describe('a field added to schemas/user.profile.json only', () => {
  it('is stored by PATCH /usr/users in users.data and returned by GET /usr/users/me', async () => {
    const before = (await call('GET', '/usr/users/me')).json();
    expect(before.hobby).toBeNull();
    const res = await call('PATCH', '/usr/users', { hobby: 'Escalada' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hobby).toBe('Escalada');
    const after = (await call('GET', '/usr/users/me')).json();
    expect(after.hobby).toBe('Escalada');
    expect(after.profile_level).toBeGreaterThan(before.profile_level);
    const row = await db.selectFrom('users').select('data').where('email', '=', 'bold@demo.test').executeTakeFirstOrThrow();
    expect(JSON.parse(row.data).hobby).toBe('Escalada');
  });

  it('is validated: a value breaking the schema answers 400 naming it and stores nothing', async () => {
    for (const hobby of ['x'.repeat(81), { text: 'a' }, ['a', 'b']]) {
      const res = await call('PATCH', '/usr/users', { hobby });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['hobby']);
    }
    expect((await call('GET', '/usr/users/me')).json().hobby).toBe('Escalada');
  });

  it('is unknown to an app built on the real schemas/', async () => {
    const session = await plain.login('bold@demo.test');
    const res = await plain.api('PATCH', '/usr/users', { ...session, body: { hobby: 'Escalada' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('hobby');
    expect((await plain.api('GET', '/usr/users/me', session)).json()).not.toHaveProperty('hobby');
  });
});
