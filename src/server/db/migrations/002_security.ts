/**
 * Throttling that holds across instances (issue 7 §3): one fixed-window counter per key, bumped by a
 * single upsert (modules/auth/counters.ts), for sign-in failures and for @fastify/rate-limit's store.
 * Times are epoch milliseconds (bigint) so the window is compared as a number on both databases.
 * The old append-only `login_failures` table is left in place (unused) so 001's table list stays true.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  // pruning deletes by these
  await db.schema.createIndex('rate_counters_reset_at_ix').on('rate_counters').column('reset_at').execute();
  await db.schema.createIndex('sessions_refresh_expires_at_ix').on('sessions').column('refresh_expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_refresh_expires_at_ix').ifExists().execute();
  await db.schema.dropTable('rate_counters').ifExists().execute();
}
