/**
 * Fixed-window counters. `hit` keeps them in the database, so every instance (several on PostgreSQL) sees the same
 * count; `MemoryCounters` keeps them in this process, for the general limits on SQLite (below). `hit` is one upsert statement — the row is created, bumped, or restarted when its window has
 * passed, and the new count returned — so concurrent requests can never read the same count.
 * Works on SQLite ≥ 3.35 and PostgreSQL (ON CONFLICT … DO UPDATE … RETURNING). Takes `db | trx`.
 */
import { sql } from 'kysely';
import { nowIso } from '../../lib/ids';
import type { Conn } from '../../db/conn';

export interface Count {
  count: number;
  /** Epoch milliseconds when this window ends. */
  resetAt: number;
}

export async function hit(db: Conn, key: string, windowMs: number, now = Date.now()): Promise<Count> {
  const row = await db
    .insertInto('rate_counters')
    .values({ key, count: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // SET expressions read the row as it was, so both see the same "window has passed" answer
        count: sql<number>`CASE WHEN rate_counters.reset_at <= ${now} THEN 1 ELSE rate_counters.count + 1 END`,
        reset_at: sql<number>`CASE WHEN rate_counters.reset_at <= ${now} THEN excluded.reset_at ELSE rate_counters.reset_at END`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** Takes one back (an attempt that turned out not to be a failure, or was never judged). */
export async function release(db: Conn, key: string): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clear(db: Conn, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute();
}

/**
 * Deletes spent counters, old sign-in failures of the former table, and sessions that can no longer be
 * used (refresh token expired, or revoked). Idempotent deletes: safe when several instances run it at once.
 */
export async function pruneExpired(db: Conn, now = new Date()): Promise<void> {
  await db.deleteFrom('rate_counters').where('reset_at', '<=', now.getTime()).execute();
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', nowIso(new Date(now.getTime() - 86_400_000)))
    .execute();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('refresh_expires_at', '<=', nowIso(now)), eb('revoked_at', 'is not', null)]))
    .execute();
}

/**
 * Counters in this process's memory: the general limits' store on SQLite, which is one process by design (DESIGN),
 * so a member's write no longer writes (and commits) a counter row before its own transaction. One per database
 * (`forDatabase`): every app of the process on that database counts together, as instances on PostgreSQL do
 * through the table. Spent windows are dropped by `prune` (the plugin's periodic pruning) and whenever the map
 * grows past `PRUNE_AT`. A restart starts every count again: a limit of a minute or an hour is not worth a write
 * per request to survive it. (The sign-in throttle, modules/auth/throttle.ts, stays in the table.)
 */
export class MemoryCounters {
  private static readonly byDatabase = new Map<string, MemoryCounters>();
  private static readonly PRUNE_AT = 100_000;
  private readonly counts = new Map<string, Count>();

  static forDatabase(databaseUrl: string): MemoryCounters {
    let counters = MemoryCounters.byDatabase.get(databaseUrl);
    if (!counters) MemoryCounters.byDatabase.set(databaseUrl, (counters = new MemoryCounters()));
    return counters;
  }

  hit(key: string, windowMs: number, now = Date.now()): Count {
    const count = this.counts.get(key);
    if (count && count.resetAt > now) {
      count.count++;
      return { ...count };
    }
    if (!count && this.counts.size >= MemoryCounters.PRUNE_AT) this.prune(now);
    const fresh = { count: 1, resetAt: now + windowMs };
    this.counts.set(key, fresh);
    return { ...fresh };
  }

  prune(now = Date.now()): void {
    for (const [key, count] of this.counts) if (count.resetAt <= now) this.counts.delete(key);
  }

  get size(): number {
    return this.counts.size;
  }
}
