/**
 * SQLite's planner statistics without STAT4's samples.
 *
 * better-sqlite3 builds SQLite with SQLITE_ENABLE_STAT4, and ANALYZE then stores sample rows of every index in
 * `sqlite_stat4`. With samples present, a prepared statement whose host parameter is compared to an indexed column is
 * re-prepared — parsed and planned again — on the first step after each new binding (sqlite3_prepare_v2's docs), so
 * the statement cache (dialect.ts) saved nothing for most of our queries: on the big dataset a thread's header line
 * took ~50 µs where it takes ~12 µs without samples. The indexes here are chosen for `sqlite_stat1`'s averages (043's
 * partial index, the list indexes), which ANALYZE keeps; only the samples go. Run on every start, after the
 * migrations, so an operator's or the bench generator's ANALYZE is folded in as well (docs/decisions.md).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs with the migrations, before the typed schema
export async function dropStat4Samples(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const table = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat4'`.execute(
    db,
  );
  if (Number(table.rows[0]?.n ?? 0) === 0) return;
  const samples = await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(db);
  if (Number(samples.rows[0]?.n ?? 0) === 0) return;
  await sql`delete from sqlite_stat4`.execute(db);
  // the connection holds the statistics it loaded when it opened: reload them (sqlite_stat1 only, now)
  await sql`analyze sqlite_schema`.execute(db);
}
