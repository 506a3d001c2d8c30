import type { Insertable } from 'kysely';
import type { Conn } from '../conn';
import type { Database } from '../types';

/** Inserts rows in chunks that stay under SQLite's and PostgreSQL's bound-parameter limits. */
export async function insertMany<T extends keyof Database & string>(
  db: Conn,
  table: T,
  rows: Insertable<Database[T]>[],
  chunk = 200,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // Kysely cannot narrow a generic table name; the row type is checked by the signature above.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

/** Inserts the rows no unique key already holds (ON CONFLICT DO NOTHING); returns how many were written. */
export async function insertMissing<T extends keyof Database & string>(
  db: Conn,
  table: T,
  rows: Insertable<Database[T]>[],
  chunk = 200,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += chunk) {
    const result = await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}
