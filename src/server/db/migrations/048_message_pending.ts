/**
 * Issue 29 §5: the e-mail when away found its due conversations by reading every participant row with unread
 * messages and, for each, looking into its messages (the big dataset: 22,000 rows and ~3 s of a blocked event loop
 * every minute). `pending_since` keeps on the participant row the time of the oldest message to it that is neither
 * read nor e-mailed about yet: set by a new message when empty, emptied by reading and by the e-mail. The task then
 * reads the due rows from a partial index. Back-filled here from the messages (one pass over the unread rows).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversation_participants').addColumn('pending_since', 'varchar(32)').execute();
  await sql`update conversation_participants set pending_since = (
      select min(m.created_at) from messages m
      where m.conversation_hash = conversation_participants.conversation_hash and m.withheld = 0
        and not (m.sender_type = conversation_participants.party_type and m.sender_hash = conversation_participants.party_hash)
        and m.created_at > coalesce(conversation_participants.last_read_at, '')
        and m.created_at > coalesce(conversation_participants.notified_at, ''))
    where unread_count > 0`.execute(db);
  await sql`create index conversation_participants_pending on conversation_participants (pending_since)
    where pending_since is not null and party_type = 'user'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('conversation_participants_pending').execute();
  await db.schema.alterTable('conversation_participants').dropColumn('pending_since').execute();
}
