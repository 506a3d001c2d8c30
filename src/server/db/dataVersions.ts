/**
 * The data versions (`data_versions`, bumped by triggers in the writing transaction: migrations 008, 009, 042), read
 * for the public cache, the count cache and the session cache — one reader per database handle, shared by the three
 * (issue 27: each read its own row, 1–2 statements per request).
 *
 * A version must be read after the asking request arrived, so that whatever any instance committed before is seen:
 * - SQLite (one file, this process's connection): the row is read at once, synchronously, with a prepared statement
 *   of its own (a few µs, no trip through Kysely). Not while a transaction is open on the connection (another
 *   request's write in flight): it would see that transaction's uncommitted bump, and a value computed after a
 *   rollback would be remembered under a version that a later write then reuses. The read then waits for the
 *   connection through Kysely, as every other statement does.
 * - PostgreSQL: one statement reads every scope's version, shared by every caller of the same turn of the event loop
 *   (started in the check phase, after they all arrived).
 * Inside a transaction (`db.isTransaction`) the version is read through it: its own view.
 */
import type SQLite from 'better-sqlite3';
import type { Conn } from './conn';
import { runShaped } from './shapes';

export type VersionScope = 'public' | 'auth' | 'directory' | 'content';

/** The better-sqlite3 handle behind a Kysely instance created by createDb (dialect.ts). */
const sqliteHandles = new WeakMap<object, SQLite.Database>();

export function registerSqliteHandle(db: object, sqlite: SQLite.Database): void {
  sqliteHandles.set(db, sqlite);
}

type Versions = ReadonlyMap<string, number>;

async function readAll(db: Conn): Promise<Versions> {
  const rows = await runShaped(db, 'data_versions:all', {}, () =>
    db.selectFrom('data_versions').select(['name', 'version']),
  );
  return new Map(rows.map((row) => [row.name, Number(row.version)]));
}

interface Reader {
  version(scope: VersionScope): Promise<number>;
}

function batchedReader(db: Conn): () => Promise<Versions> {
  let next: Promise<Versions> | null = null;
  return () => {
    if (!next) {
      next = new Promise<Versions>((resolve, reject) => {
        setImmediate(() => {
          next = null;
          readAll(db).then(resolve, reject);
        });
      });
    }
    return next;
  };
}

function createReader(db: Conn): Reader {
  const batch = batchedReader(db);
  const viaKysely = (scope: VersionScope) => batch().then((versions) => versions.get(scope) ?? 0);
  const sqlite = sqliteHandles.get(db);
  if (!sqlite) return { version: viaKysely };
  let statement: SQLite.Statement<[string], { version: number }> | null = null;
  return {
    version(scope) {
      if (sqlite.inTransaction) return viaKysely(scope);
      statement ??= sqlite.prepare('select version from data_versions where name = ?');
      return Promise.resolve(Number(statement.get(scope)?.version ?? 0));
    },
  };
}

const readers = new WeakMap<Conn, Reader>();

/** The scope's version as committed now (or as the transaction `db` sees it). */
export function dataVersion(db: Conn, scope: VersionScope): Promise<number> {
  if (db.isTransaction) return readAll(db).then((versions) => versions.get(scope) ?? 0);
  let reader = readers.get(db);
  if (!reader) {
    reader = createReader(db);
    readers.set(db, reader);
  }
  return reader.version(scope);
}
