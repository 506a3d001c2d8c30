/**
 * A member's messages in "My data" (issue 29 §4): the export holds every conversation they take part in with the
 * messages they can see (theirs and the ones written to them); deleting the account blanks the text of what they
 * wrote (and removes its attachments), so the others' threads keep their shape and show a former member.
 */
import type { Conn } from '../../db/conn';
import { namesOf } from './inboxRepository';
import { eraseAttachmentsOf } from './attachmentFiles';
import { visibleMessages, type Party } from './repository';

const EXPORT_THREAD_SIZE = 10_000;

export async function conversationsForExport(db: Conn, userHash: string) {
  const me: Party = { type: 'user', hash: userHash };
  const rows = await db
    .selectFrom('conversation_participants as mine')
    .innerJoin('conversations', 'conversations.hash', 'mine.conversation_hash')
    .innerJoin('conversation_participants as theirs', (join) =>
      join
        .onRef('theirs.conversation_hash', '=', 'mine.conversation_hash')
        .on((eb) => eb.not(eb.and([eb('theirs.party_type', '=', 'user'), eb('theirs.party_hash', '=', userHash)]))),
    )
    .select(['conversations.hash', 'conversations.kind', 'conversations.created_at', 'theirs.party_type'])
    .select(['theirs.party_hash', 'mine.archived_at'])
    .where('mine.party_type', '=', 'user')
    .where('mine.party_hash', '=', userHash)
    .orderBy('conversations.last_message_at', 'desc')
    .execute();
  const names = await namesOf(
    db,
    rows.map((r) => ({ type: r.party_type as Party['type'], hash: r.party_hash })),
  );
  return Promise.all(
    rows.map(async (row) => ({
      hash: row.hash,
      kind: row.kind,
      created_at: row.created_at,
      archived: row.archived_at !== null,
      with: { type: row.party_type, name: names.get(`${row.party_type}:${row.party_hash}`) ?? null },
      messages: (await visibleMessages(db, row.hash, me, EXPORT_THREAD_SIZE)).reverse().map((m) => ({
        mine: m.sender_type === 'user' && m.sender_hash === userHash,
        text: m.erased_at ? '' : m.body,
        created_at: m.created_at,
      })),
    })),
  );
}

/** In the deletion's transaction: their words go, the threads stay; their blocks go with them. */
export async function eraseMessagesOf(db: Conn, userHash: string, now: string) {
  const attachments = await eraseAttachmentsOf(db, userHash);
  await db
    .updateTable('messages')
    .set({ body: '', erased_at: now })
    .where('sender_type', '=', 'user')
    .where('sender_hash', '=', userHash)
    .execute();
  await db
    .deleteFrom('message_blocks')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_type', '=', 'user'), eb('blocker_hash', '=', userHash)]),
        eb.and([eb('blocked_type', '=', 'user'), eb('blocked_hash', '=', userHash)]),
      ]),
    )
    .execute();
  return attachments; // their stored files, removed once the deletion is committed
}
