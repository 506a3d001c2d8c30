/**
 * Speed (issue 9 §3): substring search through an index, indexes for the public filters that had none, and
 * data versions that let caches of counts, the country list and the sitemap be exact across instances.
 *
 * - Search keeps today's behaviour (`search_text LIKE '%folded words%'`: accents folded, any part of a word)
 *   but is answered from a trigram index: on SQLite an FTS5 table with the trigram tokenizer (its LIKE is
 *   served by the index), on PostgreSQL a pg_trgm GIN index on the column itself. A word-based tsvector would
 *   have changed what matches (no partial words), so trigram indexes it is (decisions.md). This is the one
 *   place a migration branches on the dialect.
 * - `data_versions` holds a counter per scope, bumped by triggers in the writing transaction itself, so every
 *   writer (profile, privacy settings, back office, deletion, seeds) is covered without remembering to, and a
 *   cache keyed by the version is invalidated on every instance by the next request that reads it.
 *   `directory`: what decides who appears in the directory and country counts; `content`: what public lists
 *   of offers, articles, groups and info pages (and the sitemap) contain.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The users columns a directory count or the country list depends on. */
const DIRECTORY_COLUMNS = [
  'status',
  'is_appear_by_user',
  'is_appear_by_company',
  'country_code',
  'search_text',
  'city',
  'category_hash',
  'graduation_year',
  'is_ambassador',
  'is_entrepreneur',
];
const CONTENT_TABLES = [
  'jobs',
  'job_tags',
  'articles',
  'article_i18n',
  'article_tags',
  'workgroups',
  'content_pages',
  'companies',
];
const SEARCHED = ['jobs', 'users', 'workgroups'];

const INDEXES: Array<[string, string[]]> = [
  // the country list: one index-only pass already in country order (country first, so the directory's own
  // (status, flag, surname1, name, hash) index stays the planner's choice for its pages: no sort per page)
  ['users', ['country_code', 'status', 'is_appear_by_user', 'is_appear_by_company']],
  ['workgroups', ['status', 'created_at', 'hash']],
];

function isPostgres(db: Kysely<unknown>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  for (const [table, columns] of INDEXES)
    await db.schema
      .createIndex(`${table}_${columns.join('_')}_ix`)
      .on(table)
      .columns(columns)
      .execute();

  await db.schema
    .createTable('data_versions')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into data_versions (name, version) values ('directory', 0), ('content', 0)`.execute(db);

  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const table of SEARCHED)
      await sql
        .raw(`create index ${table}_search_text_trgm on ${table} using gin (search_text gin_trgm_ops)`)
        .execute(db);
    await sql`
      create function bump_data_version() returns trigger language plpgsql as $$
      begin
        update data_versions set version = version + 1 where name = TG_ARGV[0];
        return null;
      end $$`.execute(db);
    // statement-level: one bump per statement, whatever the number of rows
    await sql
      .raw(
        `create trigger users_directory_version after insert or delete or update of ${DIRECTORY_COLUMNS.join(', ')} on users for each statement execute function bump_data_version('directory')`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger user_tags_directory_version after insert or delete or update on user_tags for each statement execute function bump_data_version('directory')`,
      )
      .execute(db);
    for (const table of CONTENT_TABLES) {
      await sql
        .raw(
          `create trigger ${table}_content_version after insert or delete or update on ${table} for each statement execute function bump_data_version('content')`,
        )
        .execute(db);
    }
    return;
  }

  for (const table of SEARCHED) {
    // `hash` rather than the implicit rowid, which VACUUM may renumber on tables without an integer key
    await sql
      .raw(`create virtual table ${table}_fts using fts5(hash unindexed, search_text, tokenize = 'trigram')`)
      .execute(db);
    await sql.raw(`insert into ${table}_fts (hash, search_text) select hash, search_text from ${table}`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_insert after insert on ${table} begin insert into ${table}_fts (hash, search_text) values (new.hash, new.search_text); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_delete after delete on ${table} begin delete from ${table}_fts where hash = old.hash; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_update after update of hash, search_text on ${table} begin update ${table}_fts set hash = new.hash, search_text = new.search_text where hash = old.hash; end`,
      )
      .execute(db);
  }
  const bump = (scope: string) => `update data_versions set version = version + 1 where name = '${scope}';`;
  for (const event of ['insert', 'delete', `update of ${DIRECTORY_COLUMNS.join(', ')}`]) {
    await sql
      .raw(
        `create trigger users_directory_${event.split(' ')[0]} after ${event} on users begin ${bump('directory')} end`,
      )
      .execute(db);
  }
  for (const event of ['insert', 'delete', 'update']) {
    await sql
      .raw(`create trigger user_tags_directory_${event} after ${event} on user_tags begin ${bump('directory')} end`)
      .execute(db);
    for (const table of CONTENT_TABLES)
      await sql
        .raw(`create trigger ${table}_content_${event} after ${event} on ${table} begin ${bump('content')} end`)
        .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  if (postgres) {
    for (const table of ['users', 'user_tags'])
      await sql.raw(`drop trigger if exists ${table}_directory_version on ${table}`).execute(db);
    for (const table of CONTENT_TABLES)
      await sql.raw(`drop trigger if exists ${table}_content_version on ${table}`).execute(db);
    await sql`drop function if exists bump_data_version()`.execute(db);
    for (const table of SEARCHED) await sql.raw(`drop index if exists ${table}_search_text_trgm`).execute(db);
  } else {
    for (const table of SEARCHED) {
      for (const event of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger if exists ${table}_fts_${event}`).execute(db);
      await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    }
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger if exists users_directory_${event}`).execute(db);
      await sql.raw(`drop trigger if exists user_tags_directory_${event}`).execute(db);
      for (const table of CONTENT_TABLES) await sql.raw(`drop trigger if exists ${table}_content_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('data_versions').execute();
  for (const [table, columns] of INDEXES) await db.schema.dropIndex(`${table}_${columns.join('_')}_ix`).execute();
}
