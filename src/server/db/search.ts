/**
 * Text search through a word index (issue 27 §2, migration 036). Every word typed must start a word of the text, in
 * any order ("disen graf" finds "Diseñador gráfico"), accents and case ignored. The input is only ever split into
 * words (letters and digits), so nothing the user types is search syntax: quotes, `*`, `-`, OR, NEAR(, `&`, `:*`…
 * are separators or plain words.
 *  - SQLite: FTS5 tables `<table>_words` (tokenizer `unicode61 remove_diacritics 2`, prefix indexes), queried as
 *    `"word1"* "word2"*` (quoted strings: never operators).
 *  - PostgreSQL: GIN indexes on the expression searchVector() below, queried with `to_tsquery('simple', 'w1':* & …)`.
 * Offers, members and groups index their folded `search_text`; news and events their title and summary per language.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Locale } from '../../shared/constants';
import { foldText } from '../../shared/text';
import type { Conn } from './conn';
import { cachedCount } from '../lib/countCache';
import { isPostgres } from './adapter';

export { isPostgres };

export type SearchedTable = 'jobs' | 'users' | 'workgroups';

/** More words than this are dropped (the schemas already cap a search at 400 characters). */
const MAX_WORDS = 32;

/** ASCII punctuation turned into spaces before PostgreSQL's parser sees a text, so it never reads an e-mail, a host
 * or a file name as one word ("node.js", "señor@ejemplo.com"): its words are then the query's (letters, digits). */
const ASCII_PUNCTUATION = `!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`;

/**
 * PostgreSQL: the indexed document of a text expression (SQL). The index (migration 036) and the queries must use
 * exactly this expression, or the planner will not use the index.
 */
export function searchVector(textSql: string): string {
  const from = ASCII_PUNCTUATION.replace(/'/g, "''");
  return `to_tsvector('simple'::regconfig, translate(${textSql}, '${from}', '${' '.repeat(ASCII_PUNCTUATION.length)}'))`;
}

/** PostgreSQL: the folded title and summary of an article's text (search_fold: lower(unaccent()), migration 036). */
export const ARTICLE_DOCUMENT = `search_fold(coalesce(title, '') || ' ' || coalesce(summary, ''))`;

/** The words of a search: folded like `search_text` (foldText), split on everything but letters and digits. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/**
 * The search as the database's match expression takes it, each word a prefix: FTS5 `"w1"* "w2"*`, tsquery
 * `'w1':* & 'w2':*` (words hold only letters and digits: nothing to escape). Null when the text has no word: a
 * search of signs alone is no search.
 */
export function matchText(db: Conn, text: string | null | undefined): string | null {
  const words = text ? searchWords(text) : [];
  if (words.length === 0) return null;
  return isPostgres(db) ? words.map((w) => `'${w}':*`).join(' & ') : words.map((w) => `"${w}"*`).join(' ');
}

/**
 * Below this many matches a page is read from the word index; above it, walking the list's own order index and
 * testing each row with startsWords() finds a page's few rows sooner than fetching every match's key from the index
 * (measured on 100k members: "designer" 150–200 ms a page from the index). Same rows either way.
 */
export const SELECTIVE_MATCHES = 2000;

/**
 * Rows of `table` whose text matches `match` (from matchText()). `matches` (the cached count of textMatches())
 * picks the SQLite path: few → the index drives; many → the list's order is walked and each row's `search_text`
 * tested by startsWords() (registered as `starts_words` on every connection, dialect.ts). PostgreSQL's planner
 * chooses itself.
 */
export function wordsMatch(db: Conn, table: SearchedTable, match: string, matches?: number): Expression<SqlBool> {
  if (isPostgres(db))
    return sql<SqlBool>`${sql.raw(searchVector(`"${table}"."search_text"`))} @@ to_tsquery('simple'::regconfig, ${match})`;
  if (manyMatches(matches)) return sql<SqlBool>`starts_words(${sql.ref(`${table}.search_text`)}, ${match}) = 1`;
  // the column restriction is put around the words in SQL, so that the words stay one parameter of their own and the
  // statement is compiled once per shape (db/shapes.ts)
  return sql<SqlBool>`${sql.ref(`${table}.hash`)} in (select hash from ${sql.table(`${table}_words`)} where ${sql.table(`${table}_words`)} match ('search_text : (' || ${match} || ')'))`;
}

/** Articles whose text in `lng` (title and summary) matches; `alias` is the query's article_i18n row of `lng`. */
export function articleWordsMatch(db: Conn, alias: string, match: string, lng: Locale): Expression<SqlBool> {
  if (isPostgres(db))
    return sql<SqlBool>`${sql.raw(searchVector(ARTICLE_DOCUMENT.replace(/(title|summary)/g, `"${alias}"."$1"`)))} @@ to_tsquery('simple'::regconfig, search_fold(${match}))`;
  return sql<SqlBool>`${sql.ref(`${alias}.article_hash`)} in (select article_hash from article_i18n_words where article_i18n_words match ${match} and language = ${lng})`;
}

/**
 * How many rows of `table` the words alone match, from the index, remembered per data version
 * (lib/countCache.ts). This — not a list's filtered total — decides the SQLite path: "engineer" with a rare
 * contract has a small total, yet driving by the index would still fetch every "engineer". Undefined on
 * PostgreSQL, whose planner chooses itself.
 */
export async function textMatches(
  db: Conn,
  table: SearchedTable,
  match: string | null,
  scope: 'content' | 'directory',
): Promise<number | undefined> {
  if (!match || isPostgres(db)) return undefined;
  return cachedCount(db, scope, `${table}-words:${match}`, async () => {
    const row = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(`${table}_words`)} where ${sql.table(`${table}_words`)} match ${textColumn(match)}`.execute(
      db,
    );
    return Number(row.rows[0]?.n ?? 0);
  });
}

/**
 * SQLite: the words searched in the text column only. `users_words` and `jobs_words` also index `facets`
 * (migration 046): a search for "members" or "published" must not find every row listed.
 */
function textColumn(match: string): string {
  return `search_text : (${match})`;
}

/**
 * SQLite: how many rows of `table` the words match among those holding every facet (migration 046 FACETS_SQL:
 * "members"/"companies" for a listed member, "published" and "c<contract>" for an offer), counted inside the word
 * index: no row of the table is read (a wide search's first total fell from 0.3–1 s to a few ms on 100k members).
 */
export async function countByFacets(
  db: Conn,
  table: 'users' | 'jobs',
  match: string,
  facets: string[],
): Promise<number> {
  const query = `${textColumn(match)} AND facets : (${facets.join(' ')})`;
  const row = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.table(`${table}_words`)} where ${sql.table(`${table}_words`)} match ${query}`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}

/** The facet of an offer's contract (migration 046: 'c' and the code in lower case without its hyphens). */
export function contractFacet(contract: string): string {
  return `c${contract.toLowerCase().replace(/-/g, '')}`;
}

let lastMatch = '';
let lastWords: string[] = [];

/**
 * SQLite's `starts_words(search_text, match)`: 1 when every word of an FTS5 match string from matchText() starts a
 * word of the folded text — what the `<table>_words` index answers for that row (same folding, same word
 * characters), for the walk over many matches.
 */
export function startsWords(text: unknown, match: unknown): number {
  if (typeof text !== 'string' || typeof match !== 'string') return 0;
  if (match !== lastMatch) {
    lastWords = [...match.matchAll(/"([^"]*)"\*/g)].map((m) => m[1]!);
    lastMatch = match;
  }
  if (lastWords.length === 0) return 0;
  return lastWords.every((word) => startsAWord(text, word)) ? 1 : 0;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether `word` occurs in `text` at the start of a word (no split of the text: called once per row of a walk). */
function startsAWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1))
    if (at === 0 || !WORD_CHARACTER.test(text[at - 1]!)) return true;
  return false;
}

/** Whether a count of matches is too large for the index to drive (see SELECTIVE_MATCHES). */
export function manyMatches(matches?: number): boolean {
  return matches !== undefined && matches > SELECTIVE_MATCHES;
}
