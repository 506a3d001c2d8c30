/**
 * One start-up lock per database, so that migrations and seeds of several instances starting at once run
 * one after the other (DESIGN §7): the second instance waits, then finds everything done.
 *
 * - PostgreSQL: a session-level advisory lock (`pg_advisory_lock`) held by one dedicated connection, outside
 *   the pool the work uses, released in `finally` (and by the server if the process dies).
 * - SQLite: an exclusive transaction on a small lock file beside the database (`<file>.lock`), held by its own
 *   connection. The operating system drops the lock when a process dies; the file itself is left in place
 *   (deleting it could let two processes lock two different files). Waiting polls without blocking the
 *   event loop, so several pools in one process also take turns.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { dialectOf, sqlitePath } from './dialect';

/** pg_advisory_lock's key: a fixed 63-bit number that names "alumni portal start-up". */
const ADVISORY_KEY = '7302914551208743';
const DEFAULT_TIMEOUT_MS = 5 * 60_000;

export interface LockOptions {
  /** How long to wait for another instance before giving up (default five minutes). */
  timeoutMs?: number;
}

export async function withStartupLock<T>(
  databaseUrl: string,
  work: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return dialectOf(databaseUrl) === 'postgres'
    ? withAdvisoryLock(databaseUrl, work, timeoutMs)
    : withFileLock(sqlitePath(databaseUrl), work, timeoutMs);
}

async function withAdvisoryLock<T>(databaseUrl: string, work: () => Promise<T>, timeoutMs: number): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // a dropped connection ends the lock; the error surfaces from the query or unlock below, not as a crash
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    try {
      await client.query('SELECT pg_advisory_lock($1::bigint)', [ADVISORY_KEY]);
    } catch (error) {
      throw new Error(
        `Another instance held the database start-up lock for more than ${Math.round(timeoutMs / 1000)} s: ${(error as Error).message}`,
      );
    }
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [ADVISORY_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withFileLock<T>(file: string, work: () => Promise<T>, timeoutMs: number): Promise<T> {
  if (file === ':memory:' || file === '') return work();
  const lock = new SQLite(`${file}.lock`, { timeout: 0 });
  try {
    const deadline = Date.now() + timeoutMs;
    for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        if (Date.now() > deadline)
          throw new Error(
            `Another instance held the database start-up lock (${file}.lock) for more than ${Math.round(timeoutMs / 1000)} s`,
          );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}
