/**
 * Issue 24 §3 for the job offer: a copy of schemas/ where only company.job.write gains `url_apply` (`"x-audience":
 * "public"`), `salary_note` (`"members"`) and `internal_ref` (no x-audience: private). The company writes them, reads
 * them back on its own offer, and the public offer (GET /api/jobs/:id) shows each to its audience under `extra` —
 * with no code edit.
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
import { API_KEY, DEMO_PASSWORD, TEST_DEVICE } from '../helpers/app';
import { testDatabase, type TestDatabase } from '../helpers/db';

let database: TestDatabase;
let db: Db;
let app: FastifyInstance;
let schemasDir: string;

beforeAll(async () => {
  schemasDir = mkdtempSync(join(tmpdir(), 'alumni-schemas-'));
  cpSync(SCHEMAS_DIR, schemasDir, { recursive: true });
  const file = join(schemasDir, 'company.job.write.json');
  const offer = JSON.parse(readFileSync(file, 'utf8'));
  offer.properties.url_apply = { type: ['string', 'null'], format: 'url', 'x-audience': 'public' };
  offer.properties.salary_note = { type: ['string', 'null'], maxLength: 200, 'x-audience': 'members' };
  offer.properties.internal_ref = { type: ['string', 'null'], maxLength: 40 };
  writeFileSync(file, JSON.stringify(offer, null, 2));

  database = await testDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '1000',
  });
  db = createDb(config.databaseUrl, { poolSize: 4 });
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: join(config.dataDir, 'uploads') });
  app = await buildApp(config, { db, migrate: false, schemasDir });
});
afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await database?.cleanup();
  rmSync(schemasDir, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: unknown) {
  const headers: Record<string, string> = {
    apiKey: API_KEY,
    language: 'en',
    ...(token ? { token, deviceId: TEST_DEVICE, type: '2' } : {}),
  };
  return app.inject({ method, url, headers, payload: payload as object });
}

async function signIn(email: string, kind: 'usr' | 'com') {
  const res = await call('POST', `/${kind}/login`, null, {
    email,
    password: DEMO_PASSWORD,
    deviceId: TEST_DEVICE,
    deviceType: 2,
    push: null,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const FIELDS = { url_apply: 'https://jobs.example.com/apply/42', salary_note: '30–36 k€', internal_ref: 'REF-42' };

describe('a field added to schemas/company.job.write.json only (issue 24 §3)', () => {
  it('is stored with a new offer and returned to its company', async () => {
    const company = await signIn('company@demo.test', 'com');
    const res = await call('POST', '/com/jobs', company, {
      title: 'Data engineer',
      description: 'Build the data platform of a growing team.',
      location: 'Barcelona',
      contract: 'INDEFINITE',
      ...FIELDS,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().extra).toEqual(FIELDS);
    const again = await call('GET', `/com/jobs/${res.json().hash}`, company);
    expect(again.json().extra).toEqual(FIELDS);
  });

  it('is validated: a broken url answers 400 naming it', async () => {
    const company = await signIn('company@demo.test', 'com');
    const res = await call('POST', '/com/jobs', company, {
      title: 'Data engineer',
      description: 'Build the data platform of a growing team.',
      location: 'Barcelona',
      contract: 'INDEFINITE',
      url_apply: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['url_apply']);
  });

  it('is shown on the published offer to its audience only', async () => {
    const company = await signIn('company@demo.test', 'com');
    const own = await db
      .selectFrom('jobs')
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      .select(['jobs.hash', 'jobs.slug'])
      .where('companies.email', '=', 'company@demo.test')
      .where('jobs.status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const edit = await call('PATCH', `/com/jobs/${own.hash}`, company, FIELDS);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().extra).toEqual(FIELDS);
    expect(edit.json().status).toBe('PUBLISHED');

    const visitor = await call('GET', `/api/jobs/${own.slug}`, null);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json().extra).toEqual({ url_apply: FIELDS.url_apply });
    const member = await call('GET', `/api/jobs/${own.slug}`, await signIn('bold@demo.test', 'usr'));
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().extra).toEqual({ url_apply: FIELDS.url_apply, salary_note: FIELDS.salary_note });
  });
});
