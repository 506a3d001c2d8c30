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

/** `pattern` is a LIKE pattern from likePattern() (wildcards of the input already removed). */
export function searchTextLike(db: Conn, table: SearchedTable, pattern: string): Expression<SqlBool> {
  if (isPostgres(db)) return sql<SqlBool>`${sql.ref(`${table}.search_text`)} like ${pattern}`;
  return sql<SqlBool>`${sql.ref(`${table}.hash`)} in (select hash from ${sql.table(`${table}_fts`)} where search_text like ${pattern})`;
}
