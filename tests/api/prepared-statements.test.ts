/**
 * Statements prepared once and reused (issue 27 §2), on each engine by its own means, and a schema change between
 * two runs (another instance's migration, the admin CLI) answered correctly, not an error:
 * - PostgreSQL: named prepared statements per pooled connection (db/pgStatements.ts);
 * - SQLite: one prepared statement per SQL text (db/dialect.ts withStatementCache).
 * Each run defines only its engine's tests (a skipped test counts as a failure in `npm test`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { createDb, sqlitePath, withStatementCache, type Db } from '../../src/server/db/dialect';
import { testDatabase, usingPostgres, type TestDatabase } from '../helpers/db';

/** The test's own tables (columns added by the tests are read through `selectAll`). */
interface TestTables {
  notes: { id: number; body: string };
  pins: { id: number; body: string };
}

const onPostgres = usingPostgres() ? describe : () => undefined;
const onSqlite = usingPostgres() ? () => undefined : describe;

onPostgres('prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  let app: Db;
  let db: Kysely<TestTables>;
  // another instance (or the admin CLI) changing the schema on its own connection
  let other: pg.Client;

  beforeAll(async () => {
    database = await testDatabase();
    app = createDb(database.url, { poolSize: 1 }); // one connection: every query below runs on it
    db = app as unknown as Kysely<TestTables>;
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await other.query('create table notes (id integer primary key, body text)');
    await other.query(`insert into notes values (1, 'one'), (2, 'two')`);
    await other.query('create table pins (id integer primary key, body text)');
    await other.query(`insert into pins values (1, 'one'), (2, 'two')`);
  });
  afterAll(async () => {
    await other?.end();
    await app?.destroy();
    await database?.cleanup();
  });

  /** This connection's prepared statements, as the server lists them (pg_prepared_statements is per session). */
  async function prepared(text: string) {
    const { rows } = await sql<{ name: string; runs: number }>`
      select name, generic_plans + custom_plans as runs from pg_prepared_statements where statement = ${text}`.execute(
      db,
    );
    return rows;
  }

  it('prepares a statement once per connection and reuses it', async () => {
    const query = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id);
    const text = query(1).compile().sql;
    expect(await query(1).execute()).toEqual([{ body: 'one' }]);
    expect(await query(2).execute()).toEqual([{ body: 'two' }]);
    expect(await query(1).execute()).toEqual([{ body: 'one' }]);
    const statements = await prepared(text);
    expect(statements).toHaveLength(1);
    expect(statements[0]!.runs).toBe(3);
  });

  it('answers a `select *` rightly after a column was added by another connection, then prepares it again', async () => {
    const query = (id: number) => db.selectFrom('notes').selectAll().where('id', '=', id);
    const text = query(1).compile().sql;
    expect(await query(1).execute()).toEqual([{ id: 1, body: 'one' }]);
    expect(await query(2).execute()).toEqual([{ id: 2, body: 'two' }]);
    expect(await prepared(text)).toHaveLength(1);

    await other.query(`alter table notes add column lang text not null default 'en'`);
    expect(await query(1).execute()).toEqual([{ id: 1, body: 'one', lang: 'en' }]);
    expect(await query(2).execute()).toEqual([{ id: 2, body: 'two', lang: 'en' }]);
    // the stale statement was dropped and the text prepared again under the new schema
    const again = await prepared(text);
    expect(again).toHaveLength(1);
    expect(again[0]!.runs).toBe(1);
  });

  it('answers inside a transaction after a schema change too (there `select *` is never prepared)', async () => {
    const inTransaction = () =>
      db.transaction().execute(async (trx) => {
        const all = await trx.selectFrom('pins').selectAll().where('id', '=', 1).execute();
        const listed = await trx.selectFrom('pins').select(['id', 'body']).where('id', '=', 2).execute();
        return [...all, ...listed];
      });
    expect(await inTransaction()).toEqual([
      { id: 1, body: 'one' },
      { id: 2, body: 'two' },
    ]);
    await other.query('alter table pins add column stars integer not null default 0');
    expect(await inTransaction()).toEqual([
      { id: 1, body: 'one', stars: 0 },
      { id: 2, body: 'two' },
    ]);
  });

  it('prepares again a statement dropped on the server (DEALLOCATE ALL by someone else)', async () => {
    const query = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id);
    expect(await query(1).execute()).toEqual([{ body: 'one' }]);
    await sql`deallocate all`.execute(db);
    expect(await query(2).execute()).toEqual([{ body: 'two' }]);
    expect(await query(1).execute()).toEqual([{ body: 'one' }]);
    expect(await prepared(query(1).compile().sql)).toHaveLength(1);
  });
});

onSqlite('prepared statements on SQLite', () => {
  let database: TestDatabase;
  let file: SQLite.Database;
  let db: Kysely<TestTables>;
  let other: SQLite.Database;
  const prepares: string[] = [];

  beforeAll(async () => {
    database = await testDatabase();
    file = new SQLite(sqlitePath(database.url));
    // the real database, its prepare counted on the way through the cache
    const prepare = file.prepare.bind(file);
    file.prepare = ((text: string) => {
      prepares.push(text);
      return prepare(text);
    }) as typeof file.prepare;
    const { Kysely: KyselyClass, SqliteDialect } = await import('kysely');
    db = new KyselyClass<TestTables>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
    // another process (an admin CLI's migration) changing the schema on its own connection
    other = new SQLite(sqlitePath(database.url));
    other.exec(
      `create table notes (id integer primary key, body text); insert into notes values (1, 'one'), (2, 'two')`,
    );
  });
  afterAll(async () => {
    other?.close();
    await db?.destroy();
    await database?.cleanup();
  });

  it('prepares a statement once per SQL text and reuses it', async () => {
    const query = (id: number) => db.selectFrom('notes').select('body').where('id', '=', id);
    const text = query(1).compile().sql;
    expect(await query(1).execute()).toEqual([{ body: 'one' }]);
    expect(await query(2).execute()).toEqual([{ body: 'two' }]);
    expect(await query(1).execute()).toEqual([{ body: 'one' }]);
    expect(prepares.filter((p) => p === text)).toHaveLength(1);
  });

  it('answers a `select *` rightly after a column was added by another connection', async () => {
    const query = (id: number) => db.selectFrom('notes').selectAll().where('id', '=', id);
    expect(await query(1).execute()).toEqual([{ id: 1, body: 'one' }]);
    other.exec(`alter table notes add column lang text not null default 'en'`);
    expect(await query(1).execute()).toEqual([{ id: 1, body: 'one', lang: 'en' }]);
    expect(await query(2).execute()).toEqual([{ id: 2, body: 'two', lang: 'en' }]);
  });
});
