/**
 * The real app built on a copy of schemas/ where a test added fields (issue 24 §3: a maintainer adds a field by
 * editing one schema file), with its own database seeded with the demo data.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb, type Db } from '../../src/server/db/dialect';
import { SCHEMAS_DIR } from '../../src/server/plugins/schemas';
import { API_KEY, DEMO_PASSWORD, TEST_DEVICE } from './app';
import { seededTestDatabase } from './db';

export interface SchemaCopyApp {
  app: FastifyInstance;
  db: Db;
  call(
    method: InjectOptions['method'],
    url: string,
    token: string | null,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  signIn(email: string, kind: 'usr' | 'com' | 'adm'): Promise<string>;
  close(): Promise<void>;
}

/** `properties`: per schema file name (`company.profile`), the properties to add to it. */
export async function startAppOnSchemaCopy(
  properties: Record<string, Record<string, Record<string, unknown>>>,
): Promise<SchemaCopyApp> {
  const schemasDir = mkdtempSync(join(tmpdir(), 'alumni-schemas-'));
  cpSync(SCHEMAS_DIR, schemasDir, { recursive: true });
  for (const [id, added] of Object.entries(properties)) {
    const file = join(schemasDir, `${id}.json`);
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    Object.assign(schema.properties, added);
    writeFileSync(file, JSON.stringify(schema, null, 2));
  }
  const database = await seededTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '1000',
  });
  const db = createDb(config.databaseUrl, { poolSize: 4 });
  const app = await buildApp(config, { db, migrate: false, schemasDir });

  const call: SchemaCopyApp['call'] = (method, url, token, payload) => {
    const headers: Record<string, string> = {
      apiKey: API_KEY,
      language: 'en',
      ...(token ? { token, deviceId: TEST_DEVICE, type: '2' } : {}),
    };
    return app.inject({ method, url, headers, payload: payload as object });
  };
  const signIn: SchemaCopyApp['signIn'] = async (email, kind) => {
    const res = await call('POST', `/${kind}/login`, null, {
      email,
      password: DEMO_PASSWORD,
      deviceId: TEST_DEVICE,
      deviceType: 2,
      push: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const close = async () => {
    await app.close();
    await db.destroy();
    await database.cleanup();
    rmSync(schemasDir, { recursive: true, force: true });
  };
  return { app, db, call, signIn, close };
}
