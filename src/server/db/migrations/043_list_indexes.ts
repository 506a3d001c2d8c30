/**
 * Indexes for the list reads (issue 27). The unique index on `conversations.application_hash` becomes partial
 * (`where application_hash is not null`): most conversations are between members and hold NULL there, and SQLite's
 * ANALYZE counts those NULLs as one repeated value ("90337 90337" on the big dataset), so the planner judged the
 * index useless and scanned every conversation for each row of a member's applications (seconds under load). A
 * partial index holds only the applications' conversations; `= x` implies `is not null`, so every lookup by
 * application still uses it. Uniqueness is unchanged: NULLs never collided.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('conversations_application').execute();
  await db.schema
    .createIndex('conversations_application')
    .on('conversations')
    .column('application_hash')
    .unique()
    .where(sql.ref('application_hash'), 'is not', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('conversations_application').execute();
  await db.schema
    .createIndex('conversations_application')
    .on('conversations')
    .column('application_hash')
    .unique()
    .execute();
}
