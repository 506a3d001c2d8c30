/**
 * Searches that compare a text column itself (not a folded `search_text`) fold accents in SQL (issue 25 §20,
 * issue 27): PostgreSQL through the `unaccent` extension (trusted: a database owner may create it); SQLite
 * through the `fold()` function every connection registers (dialect.ts), the same folding as foldText().
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`create extension if not exists unaccent`.execute(db);
}

export async function down(): Promise<void> {
  // the extension may serve others: left in place
}
