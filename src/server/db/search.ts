/**
 * `search_text LIKE '%folded words%'` answered from a trigram index (migration 008): on PostgreSQL the pg_trgm
 * GIN index serves the LIKE on the column itself; on SQLite the same LIKE runs on the table's FTS5 trigram
 * twin (`<table>_fts`), whose LIKE is served by its index. Same pattern, same matches on both.
 */
import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Conn } from '../modules/auth/repository';

export type SearchedTable = 'jobs' | 'users' | 'workgroups';

export function isPostgres(db: Conn): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

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

/** Whether a total is too large for the trigram path (see SELECTIVE_MATCHES). */
export function manyMatches(matches?: number): boolean {
  return matches !== undefined && matches > SELECTIVE_MATCHES;
}
