/**
 * Vitest global setup of the api and browser projects: one migrated, demo-seeded database made before the files
 * run, which `seededTestDatabase()` (db.ts) copies for each file instead of migrating and seeding again.
 * SQLite: a folder with `test.db` and the seeded `uploads/`. PostgreSQL (TEST_DB=postgres): a template database
 * (each file's database is `CREATE DATABASE … TEMPLATE` of it) plus the same `uploads/` folder.
 */
import type { TestProject } from 'vitest/node';
import { join } from 'node:path';
import { createDb, migrateToLatest } from '../../src/server/db/dialect';
import { seedDemo } from '../../src/server/db/seed/index';
import { testDatabase, usingPostgres } from './db';

export interface SeedTemplate {
  postgres: boolean;
  /** the seeded data directory: `uploads/`, `private/` and, on SQLite, `test.db` */
  dataDir: string;
  /** the template database's name on PostgreSQL */
  postgresName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    seedTemplate: SeedTemplate;
  }
}

export default async function setup(project: TestProject) {
  const database = await testDatabase();
  const db = createDb(database.url, { poolSize: 1 });
  try {
    await migrateToLatest(db);
    await seedDemo(db, { uploadsDir: join(database.dataDir, 'uploads') });
  } finally {
    await db.destroy(); // closes every connection: PostgreSQL copies only a template nobody is connected to
  }
  const postgresName = usingPostgres() ? new URL(database.url).pathname.slice(1) : undefined;
  project.provide('seedTemplate', { postgres: usingPostgres(), dataDir: database.dataDir, postgresName });
  return async () => {
    await database.cleanup();
  };
}
