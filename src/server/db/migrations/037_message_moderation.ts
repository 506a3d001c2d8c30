/**
 * Issue 29, second part: the moderation queue keeps what was decided on a report and by whom, and a member may take
 * their message e-mails as one daily digest instead of one per conversation when away.
 * `users.messages_digest`: 0 = an e-mail when a message stays unread (the default), 1 = one e-mail a day;
 * `notify_messages` (035) stays the switch of both, so the one-click stop still stops everything.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('messages_digest', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  // when the last digest was queued: the next one lists only what came after it
  await db.schema.alterTable('users').addColumn('messages_digest_at', 'varchar(32)').execute();
  // DISMISSED | WARNED | DISABLED, with the administrator who decided
  await db.schema.alterTable('message_reports').addColumn('resolution', 'varchar(16)').execute();
  await db.schema.alterTable('message_reports').addColumn('resolved_by', 'varchar(32)').execute();
  await db.schema
    .createIndex('message_reports_open')
    .on('message_reports')
    .columns(['resolved_at', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('message_reports_open').execute();
  await db.schema.alterTable('message_reports').dropColumn('resolved_by').execute();
  await db.schema.alterTable('message_reports').dropColumn('resolution').execute();
  await db.schema.alterTable('users').dropColumn('messages_digest_at').execute();
  await db.schema.alterTable('users').dropColumn('messages_digest').execute();
}
