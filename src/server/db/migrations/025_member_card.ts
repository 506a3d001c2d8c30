/**
 * The virtual member card (issue 13): one live token per member, made on first use, printed in the card's QR code as
 * the public verify page's address. Revoking it (a new QR code) sets `revoked_at` and makes a new one; a revoked
 * token verifies as "not valid". The token is random (24 bytes, base64url) and is the row's key. Private: the
 * verify answer is computed on every request (never in the anonymous cache).
 */
import { sql, type Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['member_card_tokens'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_card_tokens')
    .addColumn('token', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_hash', 'varchar(32)', (c) => c.notNull().references('users.hash').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  // one live token per member, even when two first visits race (the loser reads the winner's)
  await db.schema
    .createIndex('member_card_tokens_live_ux')
    .on('member_card_tokens')
    .column('user_hash')
    .unique()
    .where(sql<boolean>`revoked_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_card_tokens').ifExists().execute();
}
