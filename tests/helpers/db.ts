/**
 * A fresh, isolated database per test file: a temporary SQLite file, or (TEST_DB=postgres) a new
 * database on the throwaway PostgreSQL server at TEST_DATABASE_URL, dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  dataDir: string;
  cleanup(): Promise<void>;
}

export function usingPostgres(): boolean {
  return process.env['TEST_DB'] === 'postgres';
}

export async function testDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alumni-test-'));
  if (!usingPostgres()) {
    return {
      url: `sqlite:${join(dataDir, 'test.db')}`,
      dataDir,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (scripts/test.sh starts a server)');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    cleanup: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same as `testDatabase()`, for callers that only need the URL and its cleanup. */
export async function testDatabaseUrl(): Promise<{ url: string; cleanup(): Promise<void> }> {
  const { url, cleanup } = await testDatabase();
  return { url, cleanup };
}
