/** The real app (real database, real HTTP through app.inject) seeded with the demo data. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb } from '../../src/server/db/dialect';
import { join } from 'node:path';
import { seededTestDatabase } from './db';

export const API_KEY = 'alumni-web-key';
export const DEMO_PASSWORD = 'demo-password';
export const TEST_DEVICE = 'testdevice0123456789';

export interface CallOptions {
  body?: unknown;
  /** Send `body` as it is (a string) with a JSON content type. */
  json?: boolean;
  token?: string;
  deviceId?: string;
  /** `null` sends no language header. */
  language?: string | null;
  /** `null` sends no apiKey header. */
  apiKey?: string | null;
  headers?: Record<string, string>;
}

export interface Session {
  token: string;
  refreshToken: string;
  deviceId: string;
}

export interface TestApp {
  app: FastifyInstance;
  api(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  login(email: string, kind?: 'usr' | 'com' | 'adm'): Promise<Session>;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  const database = await seededTestDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DIST_DIR: join(process.cwd(), 'dist'),
    RATE_LIMIT_SCALE: '1000',
    TASKS_POLL_SECONDS: '0',
    ...env,
  });
  const db = createDb(config.databaseUrl, { poolSize: 4 });
  const app = await buildApp(config, { db, migrate: false, ...options });

  const api: TestApp['api'] = (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.apiKey !== null) headers['apiKey'] = options.apiKey ?? API_KEY;
    if (options.language !== null) headers['language'] = options.language ?? 'en';
    if (options.token) {
      headers['token'] = options.token;
      headers['deviceId'] = options.deviceId ?? TEST_DEVICE;
      headers['type'] = '2';
    }
    let payload: InjectOptions['payload'];
    if (options.body !== undefined) {
      if (options.json || typeof options.body === 'string') {
        headers['content-type'] = 'application/json';
        payload = options.body as string;
      } else {
        payload = options.body as InjectOptions['payload'];
      }
    }
    return app.inject({ method, url, headers, payload });
  };

  const login: TestApp['login'] = async (email, kind = 'usr') => {
    const res = await api('POST', `/${kind}/login`, {
      body: { email, password: DEMO_PASSWORD, deviceId: TEST_DEVICE, deviceType: 2, push: null },
    });
    if (res.statusCode !== 200) throw new Error(`login ${email} → ${res.statusCode} ${res.body}`);
    const body = res.json();
    return { token: body.token, refreshToken: body.refreshToken, deviceId: body.deviceId };
  };

  return {
    app,
    api,
    login,
    close: async () => {
      await app.close();
      await db.destroy();
      await database.cleanup();
    },
  };
}
