/**
 * The monthly newsletter (issue 14 §5): which member received which month's digest, written in the transaction that
 * queues the e-mail, so each member gets each month once whatever the number of instances or runs. Private.
 */
import type { Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['newsletter_deliveries'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('user_hash', 'varchar(32)', (c) => c.notNull().references('users.hash').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['user_hash', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_deliveries').ifExists().execute();
}
