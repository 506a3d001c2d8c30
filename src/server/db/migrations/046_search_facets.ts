/**
 * Totals of a search counted in the word index alone (issue 27, big dataset). A new search's first total counted
 * every matching row in the table (100k members: 0.3–1 s for "designer", "product", "madrid"), because who is
 * listed (a member's status and privacy flags, an offer's status and contract) lived only in the table.
 *  - SQLite: `users_words` and `jobs_words` (migration 036) gain an indexed column `facets` holding those as words
 *    (db/search.ts FACET_*): "members" / "companies" for a member listed to each audience, "published" and
 *    "c<contract>" for an offer. A total is then `count(*) … match 'search_text : (…) AND facets : (…)'`, an
 *    intersection of two lists inside the index (2–18 ms on the big dataset). The triggers keep `facets` in the
 *    writing transaction, also when only the status or a flag changes (their `when` skips writes that change none).
 *  - SQLite: the directory's order indexes (status, flag, surname1, name, hash) also hold `search_text`, so a wide
 *    search's page, which walks that order testing each member's words (db/search.ts startsWords), reads the index
 *    alone, never the table (a page 3 of "garcia" 560 → 35 ms on the big dataset under load).
 *  - Both: the directory filtered by graduation year (the filter people use most) gets indexes that answer its
 *    count and its pages in the list's order without reading the table, one per audience flag.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const TOKENIZE = `tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'`;

/** The facets of a row (`r` is `new`, `old` or the table itself): words the tokenizer keeps as they are. */
export const FACETS_SQL = {
  users: (r: string) =>
    `(case when ${r}.status = 'VALIDATED' and ${r}.is_appear_by_user = 1 then 'members ' else '' end || case when ${r}.status = 'VALIDATED' and ${r}.is_appear_by_company = 1 then 'companies' else '' end)`,
  jobs: (r: string) =>
    `(case when ${r}.status = 'PUBLISHED' then 'published ' else '' end || coalesce('c' || lower(replace(${r}.contract, '-', '')), ''))`,
};
const FACET_COLUMNS = { users: ['status', 'is_appear_by_user', 'is_appear_by_company'], jobs: ['status', 'contract'] };
const TABLES = ['users', 'jobs'] as const;

const ORDER_FLAGS = ['is_appear_by_user', 'is_appear_by_company'];

const GRADUATION_INDEXES = ['is_appear_by_user', 'is_appear_by_company'].map(
  (flag) =>
    [
      `users_graduation_year_status_${flag}_order_ix`,
      ['graduation_year', 'status', flag, 'surname1', 'name', 'hash'],
    ] as const,
);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of GRADUATION_INDEXES)
    await db.schema
      .createIndex(name)
      .on('users')
      .columns([...columns])
      .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const flag of ORDER_FLAGS) {
    await db.schema.dropIndex(`users_status_${flag}_surname1_name_hash_ix`).execute();
    await db.schema
      .createIndex(`users_status_${flag}_order_words_ix`)
      .on('users')
      .columns(['status', flag, 'surname1', 'name', 'hash', 'search_text'])
      .execute();
  }
  for (const table of TABLES) {
    const facets = FACETS_SQL[table];
    for (const event of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists ${table}_words_${event}`).execute(db);
    await sql.raw(`drop table if exists ${table}_words`).execute(db);
    await sql
      .raw(`create virtual table ${table}_words using fts5(hash unindexed, search_text, facets, ${TOKENIZE})`)
      .execute(db);
    await sql
      .raw(
        `insert into ${table}_words (hash, search_text, facets) select hash, search_text, ${facets(table)} from ${table}`,
      )
      .execute(db);
    await sql.raw(`insert into ${table}_words (${table}_words) values ('optimize')`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_words_insert after insert on ${table} begin insert into ${table}_words (hash, search_text, facets) values (new.hash, new.search_text, ${facets('new')}); end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_words_delete after delete on ${table} begin delete from ${table}_words where hash = old.hash; end`,
      )
      .execute(db);
    // the index row is found by scanning (hash is unindexed): only when something it holds changed
    const columns = ['hash', 'search_text', ...FACET_COLUMNS[table]];
    await sql
      .raw(
        `create trigger ${table}_words_update after update of ${columns.join(', ')} on ${table} when old.hash is not new.hash or old.search_text is not new.search_text or ${facets('old')} is not ${facets('new')} begin update ${table}_words set hash = new.hash, search_text = new.search_text, facets = ${facets('new')} where hash = old.hash; end`,
      )
      .execute(db);
  }
  // where the planner has statistics (ANALYZE was run), the new indexes get theirs
  const stats = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(
    db,
  );
  if (Number(stats.rows[0]?.n ?? 0) > 0) await sql`analyze users`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of GRADUATION_INDEXES) await db.schema.dropIndex(name).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const flag of ORDER_FLAGS) {
    await db.schema.dropIndex(`users_status_${flag}_order_words_ix`).execute();
    await db.schema
      .createIndex(`users_status_${flag}_surname1_name_hash_ix`)
      .on('users')
      .columns(['status', flag, 'surname1', 'name', 'hash'])
      .execute();
  }
  for (const table of TABLES) {
    for (const event of ['insert', 'delete', 'update'])
      await sql.raw(`drop trigger if exists ${table}_words_${event}`).execute(db);
    await sql.raw(`drop table if exists ${table}_words`).execute(db);
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
}
