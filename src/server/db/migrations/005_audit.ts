/**
 * The back office's audit log (issue 8 §4): who did what to whom, and when. One row per decision,
 * written in the same transaction as the decision. `data` holds the details (from, to, reason, the
 * target's label at the time) as JSON text. The indexes serve GET /adm/audit: newest first, by action,
 * by target.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('admin_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_at_hash_ix').on('audit_log').columns(['created_at', 'hash']).execute();
  await db.schema
    .createIndex('audit_log_action_created_at_ix')
    .on('audit_log')
    .columns(['action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_target_hash_created_at_ix')
    .on('audit_log')
    .columns(['target_hash', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_admin_hash_created_at_ix')
    .on('audit_log')
    .columns(['admin_hash', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
