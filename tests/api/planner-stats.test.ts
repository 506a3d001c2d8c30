/**
 * The planner's statistics as a started portal keeps them (db/plannerStats.ts): after an ANALYZE (an operator's, the
 * bench generator's, migration 046's), the next start keeps sqlite_stat1's averages and drops STAT4's samples, which
 * made SQLite re-prepare a cached statement on every new binding. PostgreSQL has no such table: the step is a no-op.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/db';
import { migrateToLatest } from '../../src/server/db/dialect';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const count = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.db)).rows[0]!.n);

it('keeps the averages of ANALYZE and drops its samples when the portal starts', async () => {
  const db = t.app.db;
  await sql`analyze`.execute(db);
  if (usingPostgres()) {
    await migrateToLatest(db); // what every start runs: nothing to drop, nothing fails
    expect(
      Number((await sql<{ n: number }>`select count(*) as n from pg_stats`.execute(db)).rows[0]!.n),
    ).toBeGreaterThan(0);
    return;
  }
  // this build of SQLite samples (SQLITE_ENABLE_STAT4): the condition the start has to undo
  expect(await count('sqlite_stat4')).toBeGreaterThan(0);
  const averages = await count('sqlite_stat1');
  expect(averages).toBeGreaterThan(0);

  await migrateToLatest(db); // what every start runs after opening the database

  expect(await count('sqlite_stat4')).toBe(0);
  expect(await count('sqlite_stat1')).toBe(averages);
  // and the same connection plans from what is left: an indexed lookup by a bound value still uses its index
  const plan = await db.executeQuery<{ detail: string }>({
    sql: 'explain query plan select hash from users where email = ?',
    parameters: ['bold@demo.test'],
    query: { kind: 'RawNode' } as never,
    queryId: { queryId: 'planner-stats' },
  });
  expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/USING (COVERING )?INDEX/);
});
