/**
 * Members brought over from the association's old list (issue 28 §3). An imported member is a VALIDATED account with
 * no usable password and hidden from every directory until they accept their invitation: the consent flags of the
 * file wait here (`appear_by_user`, `appear_by_company`) and are applied on acceptance. The invitation link itself is
 * an `account_tokens` row (purpose `invitation`, stored hashed, valid a week). `member_imports` records each
 * confirmed file (who, when, what it added and changed) for the back office's list; the audit log has one entry too.
 */
import type { Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['member_invitations', 'member_imports'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_imports')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('admin_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('added', 'integer', (c) => c.notNull())
    .addColumn('changed', 'integer', (c) => c.notNull())
    .addColumn('unchanged', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('member_invitations')
    .addColumn('user_hash', 'varchar(32)', (c) => c.primaryKey().references('users.hash').onDelete('cascade'))
    .addColumn('import_hash', 'varchar(32)', (c) => c.notNull().references('member_imports.hash'))
    .addColumn('appear_by_user', 'integer', (c) => c.notNull())
    .addColumn('appear_by_company', 'integer', (c) => c.notNull())
    .addColumn('sends', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('member_invitations_pending_ix')
    .on('member_invitations')
    .columns(['accepted_at', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_invitations').ifExists().execute();
  await db.schema.dropTable('member_imports').ifExists().execute();
}
