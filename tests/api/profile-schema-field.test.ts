/**
 * DESIGN §2 "A maintainer adds a field by editing one schema file": a copy of schemas/ where only
 * user.profile.json gains `hobby` (and `hobby` counts towards the profile level); the app built on that
 * folder validates, stores (users.data), and returns it — with no other change. The real schemas/ do
 * not have it, so the same request against them is refused.
 *
 * Issue 24 §3: the copy also gains `url_github` (`"x-audience": "public"`) and `secret_note` (no x-audience: private),
 * and `hobby` says `"x-audience": "members"`. The public profile (GET /api/users/:id) shows each to its audience
 * under `extra` (public: anyone; members: signed-in members; private: only the owner, through /usr/users/me), and the
 * data export holds them all — with no code edit.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb, type Db } from '../../src/server/db/dialect';
import { SCHEMAS_DIR } from '../../src/server/plugins/schemas';
import { API_KEY, DEMO_PASSWORD, startTestApp, TEST_DEVICE, type TestApp } from '../helpers/app';
import { seededTestDatabase, type TestDatabase } from '../helpers/db';

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
  profile.properties.hobby = {
    type: ['string', 'null'],
    maxLength: 80,
    'x-profile-weight': 5,
    'x-audience': 'members',
  };
  profile.properties.url_github = { type: ['string', 'null'], format: 'url', 'x-audience': 'public' };
  profile.properties.secret_note = { type: ['string', 'null'], maxLength: 200 };
  writeFileSync(file, JSON.stringify(profile, null, 2));

  database = await seededTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '1000',
  });
  db = createDb(config.databaseUrl, { poolSize: 4 });
  app = await buildApp(config, { db, migrate: false, schemasDir });
  const login = await call('POST', '/usr/login', {
    email: 'bold@demo.test',
    password: DEMO_PASSWORD,
    deviceId: TEST_DEVICE,
    deviceType: 2,
    push: null,
  });
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

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, as: string | null = token) {
  const headers: Record<string, string> = {
    apiKey: API_KEY,
    language: 'en',
    ...(as ? { token: as, deviceId: TEST_DEVICE, type: '2' } : {}),
  };
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
    const row = await db
      .selectFrom('users')
      .select('data')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
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

describe('a field added with x-audience (issue 24 §3)', () => {
  async function signIn(email: string, kind: 'usr' | 'com') {
    const res = await call(
      'POST',
      `/${kind}/login`,
      { email, password: DEMO_PASSWORD, deviceId: TEST_DEVICE, deviceType: 2, push: null },
      null,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  }

  it('is stored and returned to its owner, and shown on the public profile to its audience only', async () => {
    const res = await call('PATCH', '/usr/users', {
      url_github: 'https://github.com/alumni-demo',
      secret_note: 'Only mine',
      hobby: 'Escalada',
    });
    expect(res.statusCode, res.body).toBe(200);
    const own = (await call('GET', '/usr/users/me')).json();
    expect([own.url_github, own.secret_note, own.hobby]).toEqual([
      'https://github.com/alumni-demo',
      'Only mine',
      'Escalada',
    ]);
    const { hash } = await db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();

    const visitor = await call('GET', `/api/users/${hash}`, undefined, null);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json().extra).toEqual({ url_github: 'https://github.com/alumni-demo' });

    const member = await call('GET', `/api/users/${hash}`, undefined, await signIn('regular@demo.test', 'usr'));
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().extra).toEqual({ url_github: 'https://github.com/alumni-demo', hobby: 'Escalada' });

    const company = await call('GET', `/api/users/${hash}`, undefined, await signIn('company@demo.test', 'com'));
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json().extra).toEqual({ url_github: 'https://github.com/alumni-demo' });

    // the directory's list says the same as the page
    const list = await call('GET', `/api/users?text=${encodeURIComponent(own.name)}`, undefined, null);
    expect(list.statusCode, list.body).toBe(200);
    const mine = list.json().items.filter((item: { hash: string }) => item.hash === hash);
    expect(mine).toHaveLength(1);
    expect(mine[0].extra).toEqual({ url_github: 'https://github.com/alumni-demo' });
  });

  it('is refused when its format is broken (url)', async () => {
    const res = await call('PATCH', '/usr/users', { url_github: 'not a link' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['url_github']);
  });

  it("is in the owner's data export", async () => {
    const res = await call('GET', '/usr/users/me/export');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const data = JSON.parse((await unzipEntry(res.rawPayload, 'data.json')).toString('utf8'));
    expect(data.profile.data).toMatchObject({
      url_github: 'https://github.com/alumni-demo',
      secret_note: 'Only mine',
      hobby: 'Escalada',
    });
  });
});

function unzipEntry(buffer: Buffer, name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      });
      zip.on('end', () => reject(new Error(`${name} not in the zip`)));
      zip.readEntry();
    });
  });
}
