/**
 * Search through a word index (issue 27 §2, db/search.ts): every word typed starts a word of the text, any order,
 * accents and case ignored. Replaces the trigram search of migration 008 for the public lists (offers, directory,
 * groups) and adds news and events (their title and summary per language), which were scanned.
 *  - SQLite: FTS5 tables `<table>_words` with the `unicode61 remove_diacritics 2` tokenizer and prefix indexes of 2
 *    and 3 characters (a word typed is a prefix), kept by triggers; keyed by `hash` (an unindexed column) rather than
 *    the implicit rowid, which VACUUM may renumber on these tables. The trigram tables of 008 go (nothing reads them).
 *  - PostgreSQL: GIN indexes on `to_tsvector('simple', …)` of the folded text (searchVector()); articles' text is
 *    folded by `search_fold()`, an immutable wrapper of `unaccent` (itself only stable, so not indexable) and lower().
 *    The pg_trgm indexes of 008 stay: the back office's substring searches (LIKE) use them.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { ARTICLE_DOCUMENT, searchVector } from '../search';

const SEARCHED = ['jobs', 'users', 'workgroups'];
const TOKENIZE = `tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // unaccent (migration 028) named with its schema: an index expression must not depend on the search_path
    const schema = await sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'unaccent'`.execute(db);
    const at = `"${String(schema.rows[0]?.schema ?? 'public').replace(/"/g, '""')}"`;
    await sql
      .raw(
        `create function search_fold(text) returns text language sql immutable parallel safe strict as $$ select lower(${at}.unaccent('${at}.unaccent'::regdictionary, $1)) $$`,
      )
      .execute(db);
    for (const table of SEARCHED)
      await sql
        .raw(`create index ${table}_search_words on ${table} using gin (${searchVector('search_text')})`)
        .execute(db);
    await sql
      .raw(`create index article_i18n_search_words on article_i18n using gin (${searchVector(ARTICLE_DOCUMENT)})`)
      .execute(db);
    return;
  }

  for (const table of SEARCHED) {
    for (const event of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists ${table}_fts_${event}`).execute(db);
    await sql.raw(`drop table if exists ${table}_fts`).execute(db);
    await sql
      .raw(`create virtual table ${table}_words using fts5(hash unindexed, search_text, ${TOKENIZE})`)
      .execute(db);
    await sql.raw(`insert into ${table}_words (hash, search_text) select hash, search_text from ${table}`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_words_insert after insert on ${table} begin insert into ${table}_words (hash, search_text) values (new.hash, new.search_text); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_words_delete after delete on ${table} begin delete from ${table}_words where hash = old.hash; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_words_update after update of hash, search_text on ${table} begin update ${table}_words set hash = new.hash, search_text = new.search_text where hash = old.hash; end`,
      )
      .execute(db);
  }

  await sql
    .raw(
      `create virtual table article_i18n_words using fts5(article_hash unindexed, language unindexed, title, summary, ${TOKENIZE})`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into article_i18n_words (article_hash, language, title, summary) select article_hash, language, title, summary from article_i18n`,
    )
    .execute(db);
  const key = (row: string) => `article_hash = ${row}.article_hash and language = ${row}.language`;
  await sql
    .raw(
      `create trigger article_i18n_words_insert after insert on article_i18n begin insert into article_i18n_words (article_hash, language, title, summary) values (new.article_hash, new.language, new.title, new.summary); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger article_i18n_words_delete after delete on article_i18n begin delete from article_i18n_words where ${key('old')}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger article_i18n_words_update after update of article_hash, language, title, summary on article_i18n begin update article_i18n_words set article_hash = new.article_hash, language = new.language, title = new.title, summary = new.summary where ${key('old')}; end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of [...SEARCHED, 'article_i18n'])
      await sql.raw(`drop index if exists ${table}_search_words`).execute(db);
    await sql`drop function if exists search_fold(text)`.execute(db);
    return;
  }
  for (const table of [...SEARCHED, 'article_i18n']) {
    for (const event of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists ${table}_words_${event}`).execute(db);
    await sql.raw(`drop table if exists ${table}_words`).execute(db);
  }
  // the trigram tables of 008 as they were
  for (const table of SEARCHED) {
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
}
