/**
 * Cards added on the payment provider's page (issue 13 §2; DESIGN §4b "Cards"): each visit to the hosted page is a
 * session the provider's signed notification closes once (PENDING → DONE | FAILED | CANCELLED, a guarded move, so a
 * replayed or duplicated notification changes nothing). We keep the provider's token, brand, last four digits and
 * expiry of a card — never its number or code. Private.
 */
import type { Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['payment_sessions'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_sessions')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_hash', 'varchar(32)', (c) => c.notNull().references('users.hash').onDelete('cascade'))
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('result', 'varchar(64)')
    .addColumn('card_hash', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('payment_sessions_user_ix')
    .on('payment_sessions')
    .columns(['user_hash', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_sessions').ifExists().execute();
}
