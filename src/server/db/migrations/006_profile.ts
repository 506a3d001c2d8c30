/**
 * Profile (issue 8 §7): a change of e-mail is a one-time token of 004's account_tokens (purpose
 * `email_change`) that also carries the new address; the account's e-mail changes only when the link
 * sent to that address is followed.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_tokens').addColumn('new_email', 'varchar(254)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_tokens').dropColumn('new_email').execute();
}
