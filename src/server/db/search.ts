/**
 * `search_text LIKE '%folded words%'` answered from a trigram index (migration 008): on PostgreSQL the pg_trgm
 * GIN index serves the LIKE on the column itself; on SQLite the same LIKE runs on the table's FTS5 trigram
 * twin (`<table>_fts`), whose LIKE is served by its index. Same pattern, same matches on both.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Conn } from './conn';
import { cachedCount } from '../lib/countCache';
import { isPostgres } from './adapter';

export { isPostgres };

export type SearchedTable = 'jobs' | 'users' | 'workgroups';

/**
 * Below this many matches a page is read through the trigram index; above it, walking the list's own order
 * and testing each row finds a page's few rows sooner than fetching and sorting every match (measured on
 * 50k offers: a common word matched 7,880 and the index path cost 150 ms a page, the walk under 5 ms).
 */
export const SELECTIVE_MATCHES = 2000;

/**
 * `pattern` is a LIKE pattern from likePattern() (wildcards of the input already removed). `matches`, when
 * known (the cached total), picks the SQLite path: none or few → the trigram index, many → the plain LIKE
 * while walking the list's order index. Both give the same rows. PostgreSQL's planner makes that choice itself.
 */
export function searchTextLike(db: Conn, table: SearchedTable, pattern: string, matches?: number): Expression<SqlBool> {
  if (isPostgres(db) || manyMatches(matches)) return sql<SqlBool>`${sql.ref(`${table}.search_text`)} like ${pattern}`;
  return sql<SqlBool>`${sql.ref(`${table}.hash`)} in (select hash from ${sql.table(`${table}_fts`)} where search_text like ${pattern})`;
}

/**
 * How many rows of `table` the text alone matches, from the trigram index, remembered per data version
 * (lib/countCache.ts). This — not a list's filtered total — decides the path: "engineer" with a rare contract
 * has a small total, yet the trigram subquery would still fetch every "engineer" (measured by the bench:
 * 64–121 ms a page, the filtered lists at 27 req/s). Undefined on PostgreSQL, whose planner chooses itself.
 */
export async function textMatches(
  db: Conn,
  table: SearchedTable,
  pattern: string | null | undefined,
  scope: 'content' | 'directory',
): Promise<number | undefined> {
  if (!pattern || isPostgres(db)) return undefined;
  return cachedCount(db, scope, `${table}-text:${pattern}`, async () => {
    const row = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(`${table}_fts`)} where search_text like ${pattern}`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  });
}

/**
 * A text column lower-cased with its accents removed, to compare with a likePattern() (which is folded the same
 * way): SQLite's fold() (registered in dialect.ts), PostgreSQL's lower(unaccent()) (migration 028).
 */
export function folded(db: Conn, column: string): Expression<string> {
  return isPostgres(db) ? sql<string>`lower(unaccent(${sql.ref(column)}))` : sql<string>`fold(${sql.ref(column)})`;
}

/** Whether a total is too large for the trigram path (see SELECTIVE_MATCHES). */
export function manyMatches(matches?: number): boolean {
  return matches !== undefined && matches > SELECTIVE_MATCHES;
}
