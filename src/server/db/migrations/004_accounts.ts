/**
 * Accounts (issue 8 §5–6): one-time tokens for confirming a member's e-mail and for password recovery,
 * and when a member confirmed their address (the back office's queue shows it).
 * A token is stored as its SHA-256 only; `used_at` makes it single-use, `expires_at` bounds it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull()) // confirm_email | recovery
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(16)', (c) => c.notNull()) // user | company
    .addColumn('actor_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_tokens_token_hash_uq')
    .on('account_tokens')
    .column('token_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('account_tokens_actor_ix')
    .on('account_tokens')
    .columns(['actor_type', 'actor_hash', 'purpose'])
    .execute();
  await db.schema.createIndex('account_tokens_expires_at_ix').on('account_tokens').column('expires_at').execute();
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
  await db.schema.dropTable('account_tokens').ifExists().execute();
}
