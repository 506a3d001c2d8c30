/**
 * A fresh, isolated database per test file: a temporary SQLite file, or (TEST_DB=postgres) a new
 * database on the throwaway PostgreSQL server at TEST_DATABASE_URL, dropped afterwards.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/types';
import { createDb, migrateToLatest } from '../../src/server/db/dialect';
import { dropStat4Samples } from '../../src/server/db/plannerStats';
import { seedDemo } from '../../src/server/db/seed/index';
import type { SeedTemplate } from './seed-template-global';

export interface TestDatabase {
  url: string;
  dataDir: string;
  cleanup(): Promise<void>;
}

export function usingPostgres(): boolean {
  return process.env['TEST_DB'] === 'postgres';
}

export async function testDatabase(template?: SeedTemplate): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alumni-test-'));
  // the seeded files (public uploads/, private/) and, on SQLite, the database file test.db
  if (template) cpSync(template.dataDir, dataDir, { recursive: true });
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
  await admin.query(`CREATE DATABASE ${name}${template?.postgresName ? ` TEMPLATE ${template.postgresName}` : ''}`);
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

/**
 * A fresh database holding the migrated schema and the demo data. Migrating and seeding cost seconds of CPU per test
 * file (about 150 files per run), so the suites' global setup (seed-template-global.ts) does it once and each file
 * gets a copy: the SQLite file copied, or a PostgreSQL database created from the template. Outside that setup (a
 * file run on its own by another runner) it migrates and seeds as before.
 */
export async function seededTestDatabase(): Promise<TestDatabase> {
  const template = providedTemplate();
  if (template) return testDatabase(template);
  const database = await testDatabase();
  const db = createDb(database.url, { poolSize: 1 });
  try {
    await migrateToLatest(db);
    await seedDemo(db, { uploadsDir: join(database.dataDir, 'uploads') });
  } finally {
    await db.destroy();
  }
  return database;
}

function providedTemplate(): SeedTemplate | undefined {
  try {
    const template = inject('seedTemplate');
    // a template made for the other engine (a stale provide) is not used
    return template && template.postgres === usingPostgres() ? template : undefined;
  } catch {
    return undefined;
  }
}

/** The same as `testDatabase()`, for callers that only need the URL and its cleanup. */
export async function testDatabaseUrl(): Promise<{ url: string; cleanup(): Promise<void> }> {
  const { url, cleanup } = await testDatabase();
  return { url, cleanup };
}

/** ANALYZE as a running portal has it: sqlite_stat1's averages, STAT4's samples dropped on start (db/plannerStats.ts). */
export async function analyzeAsStarted(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
  await dropStat4Samples(db);
}

/** SQLite's plan for a compiled query, one line per step (`SEARCH … USING INDEX …`), after ANALYZE. SQLite only. */
export async function sqlitePlan(db: Kysely<Database>, query: CompiledQuery): Promise<string[]> {
  await analyzeAsStarted(db);
  const plan = await db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
  return plan.rows.map((row) => row.detail);
}
