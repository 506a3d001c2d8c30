/**
 * The bench's database on PostgreSQL (issue 27 §1: "on PostgreSQL report the same figures").
 *
 *   node --import tsx bench/postgres.ts <tree dir> <sqlite file> <server URL> <database name>
 *
 * The generator writes SQLite only (one file, cached); this copies that file into a fresh PostgreSQL database so
 * both engines answer the same data. Both sides are first migrated to the latest migration of the tree under test
 * (its own code, imported from <tree dir>), so their tables and columns match: the migrations are portable (Kysely's
 * schema builder), and every column is text, varchar or integer on both. The copy truncates what the migrations
 * seeded, then inserts every table in multi-row statements with foreign keys and triggers off for the session
 * (`session_replication_role = replica`, which needs a superuser, as the test server's `postgres` is), then sets the
 * sequences past their highest value and analyses the tables. SQLite's own word-index tables (FTS5, migration 036)
 * have no PostgreSQL twin (there, GIN expression indexes) and are left out.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

// PostgreSQL takes at most 65,535 parameters in one statement
const MAX_PARAMETERS = 60_000;

async function main() {
  const [treeDir, sqliteFile, serverUrl, name] = process.argv.slice(2);
  if (!treeDir || !sqliteFile || !serverUrl || !name || !/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error('usage: bench/postgres.ts <tree dir> <sqlite file> <server URL> <database name: [a-z0-9_]>');
  const dialect = (await import(pathToFileURL(join(treeDir, 'src/server/db/dialect.ts')).href)) as {
    createDb: (url: string, options?: { poolSize?: number }) => { destroy(): Promise<void> };
    migrateToLatest: (db: unknown) => Promise<void>;
  };
  const started = performance.now();

  // 1. the SQLite copy at the tree's latest migration (the portal would do the same at its start)
  const sqliteDb = dialect.createDb(`sqlite:${sqliteFile}`);
  await dialect.migrateToLatest(sqliteDb);
  await sqliteDb.destroy();

  // 2. a fresh PostgreSQL database at the same migration
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const pgDb = dialect.createDb(target.href, { poolSize: 1 });
  await dialect.migrateToLatest(pgDb);
  await pgDb.destroy();

  // 3. every table's rows, in the columns PostgreSQL has
  const source = new Database(sqliteFile, { readonly: true });
  const client = new pg.Client({ connectionString: target.href });
  await client.connect();
  const tables = (
    await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
        order by table_name`,
    )
  ).rows.map((row) => row.table_name);
  const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(`truncate ${tables.map(quoted).join(', ')}`);
  let total = 0;
  for (const table of tables) {
    const columns = (
      await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => row.column_name);
    const present = new Set(
      (source.prepare(`select name from pragma_table_info(?)`).all(table) as Array<{ name: string }>).map(
        (c) => c.name,
      ),
    );
    const shared = columns.filter((column) => present.has(column));
    if (shared.length === 0) continue;
    const batch = Math.max(1, Math.floor(MAX_PARAMETERS / shared.length));
    const insert = (rows: unknown[][]) => {
      const values = rows.map((_, r) => `(${shared.map((__, c) => `$${r * shared.length + c + 1}`).join(', ')})`);
      return client.query(
        `insert into ${quoted(table)} (${shared.map(quoted).join(', ')}) values ${values.join(', ')}`,
        rows.flat(),
      );
    };
    let rows: unknown[][] = [];
    const select = source.prepare(`select ${shared.map(quoted).join(', ')} from ${quoted(table)}`).raw(true);
    for (const row of select.iterate() as Iterable<unknown[]>) {
      rows.push(row.map((value) => (typeof value === 'bigint' ? Number(value) : value)));
      if (rows.length === batch) {
        await insert(rows);
        total += rows.length;
        rows = [];
      }
    }
    if (rows.length) {
      await insert(rows);
      total += rows.length;
    }
  }
  await client.query('commit');
  // sequences (serial columns) continue after the copied rows
  const sequences = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { table_name: table, column_name: column } of sequences.rows)
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`,
      [table, column],
    );
  await client.query('analyze');
  await client.end();
  source.close();
  console.log(
    `copied ${total} rows of ${tables.length} tables into ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
