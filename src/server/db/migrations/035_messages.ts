/**
 * Messages between members, companies, groups' administrators and the association (issue 29). A party is
 * (type, hash): type `user`, `company` or `admin`. A conversation has one row per participant holding what that
 * participant's inbox needs (its own unread count, last read, archived, and a copy of the conversation's last
 * message time), so an inbox is one index range: (party_type, party_hash, archived_at, last_message_at).
 * `application_hash` ties a company's conversation to one application (one conversation per application).
 * `users.accepts_messages`: null = the role's default (on for Bold and GRATIS, off for Regular), 0/1 once chosen.
 */
import { sql, type Kysely } from 'kysely';

/** Private: nothing here changes what an anonymous visitor is answered (09_public_cache). */
export const PRIVATE_TABLES = [
  'conversations',
  'conversation_participants',
  'messages',
  'message_blocks',
  'message_reports',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('accepts_messages', 'integer').execute();
  // an e-mail when a message stays unread (messages/awayMail.ts), on unless the member turns it off
  await db.schema
    .alterTable('users')
    .addColumn('notify_messages', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .execute();
  await db.schema
    .createTable('conversations')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // MEMBER | APPLICATION | ADMIN
    .addColumn('application_hash', 'varchar(32)', (c) => c.references('applicants.hash').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_message_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('conversations_application')
    .on('conversations')
    .column('application_hash')
    .unique() // NULLs never collide (SQLite and PostgreSQL alike)
    .execute();
  await db.schema
    .createTable('conversation_participants')
    .addColumn('conversation_hash', 'varchar(32)', (c) =>
      c.notNull().references('conversations.hash').onDelete('cascade'),
    )
    .addColumn('party_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('party_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('last_read_at', 'varchar(32)')
    .addColumn('archived_at', 'varchar(32)')
    .addColumn('last_message_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('notified_at', 'varchar(32)') // the last "unread message" e-mail about this conversation
    .addPrimaryKeyConstraint('conversation_participants_pk', ['conversation_hash', 'party_type', 'party_hash'])
    .execute();
  // the inbox, newest first; the unread badge sums unread_count over the same prefix
  await db.schema
    .createIndex('conversation_participants_inbox')
    .on('conversation_participants')
    .columns(['party_type', 'party_hash', 'archived_at', 'last_message_at'])
    .execute();
  await db.schema
    .createTable('messages')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('conversation_hash', 'varchar(32)', (c) =>
      c.notNull().references('conversations.hash').onDelete('cascade'),
    )
    .addColumn('sender_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('sender_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('erased_at', 'varchar(32)') // the sender deleted their account: body blanked
    // 1: sent to someone who blocked the sender: kept for the sender only, never shown to the blocker
    .addColumn('withheld', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.createIndex('messages_thread').on('messages').columns(['conversation_hash', 'created_at']).execute();
  await db.schema.createIndex('messages_sender').on('messages').columns(['sender_type', 'sender_hash']).execute();
  await db.schema
    .createTable('message_blocks')
    .addColumn('blocker_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('blocker_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('blocked_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('blocked_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_blocks_pk', ['blocker_type', 'blocker_hash', 'blocked_type', 'blocked_hash'])
    .execute();
  await db.schema
    .createTable('message_reports')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('message_hash', 'varchar(32)', (c) => c.notNull().references('messages.hash').onDelete('cascade'))
    .addColumn('reporter_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('reporter_hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('message_reports_once')
    .on('message_reports')
    .columns(['message_hash', 'reporter_type', 'reporter_hash'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...PRIVATE_TABLES].reverse()) await db.schema.dropTable(table).ifExists().execute();
  await db.schema.alterTable('users').dropColumn('accepts_messages').execute();
  await db.schema.alterTable('users').dropColumn('notify_messages').execute();
}
