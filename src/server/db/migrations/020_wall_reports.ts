/**
 * The wall's second round (issue 12 §4): a post remembers when its author last edited it (they may, for a while after
 * posting), and members report posts to the group's administrator. Reports are private: they change no anonymous answer.
 */
import type { Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['comment_reports'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('edited_at', 'varchar(32)').execute();
  await db.schema
    .createTable('comment_reports')
    .addColumn('comment_hash', 'varchar(32)', (c) => c.notNull().references('comments.hash').onDelete('cascade'))
    .addColumn('user_hash', 'varchar(32)', (c) => c.notNull().references('users.hash').onDelete('cascade'))
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_reports_pk', ['comment_hash', 'user_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_reports').ifExists().execute();
  await db.schema.alterTable('comments').dropColumn('edited_at').execute();
}
