/** Conversations, their participants and messages (035_messages). A party is (type, hash). */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Conn } from '../../db/conn';
import { runShaped } from '../../db/shapes';
import type { Database } from '../../db/types';
import { newHash } from '../../lib/ids';

export type PartyType = 'user' | 'company' | 'admin';
export interface Party {
  type: PartyType;
  hash: string;
}

const isParty = (type: string, hash: string) => (p: Party) => p.type === type && p.hash === hash;
export const sameParty = (a: Party, b: Party) => isParty(a.type, a.hash)(b);

export function participant(db: Conn, conversation: string, party: Party) {
  return db
    .selectFrom('conversation_participants')
    .innerJoin('conversations', 'conversations.hash', 'conversation_participants.conversation_hash')
    .selectAll('conversation_participants')
    .select(['conversations.kind', 'conversations.application_hash'])
    .where('conversation_hash', '=', conversation)
    .where('party_type', '=', party.type)
    .where('party_hash', '=', party.hash)
    .executeTakeFirst();
}

export async function othersOf(db: Conn, conversation: string, party: Party): Promise<Party[]> {
  const rows = await db
    .selectFrom('conversation_participants')
    .select(['party_type', 'party_hash'])
    .where('conversation_hash', '=', conversation)
    .execute();
  return rows
    .map((row) => ({ type: row.party_type as PartyType, hash: row.party_hash }))
    .filter((p) => !sameParty(p, party));
}

/** The two-party conversation (member or association) between a and b, if any. */
export async function conversationBetween(db: Conn, a: Party, b: Party): Promise<string | undefined> {
  const row = await db
    .selectFrom('conversation_participants as mine')
    .innerJoin('conversation_participants as theirs', 'theirs.conversation_hash', 'mine.conversation_hash')
    .innerJoin('conversations', 'conversations.hash', 'mine.conversation_hash')
    .select('mine.conversation_hash')
    .where('conversations.kind', 'in', ['MEMBER', 'ADMIN'])
    .where('mine.party_type', '=', a.type)
    .where('mine.party_hash', '=', a.hash)
    .where('theirs.party_type', '=', b.type)
    .where('theirs.party_hash', '=', b.hash)
    .executeTakeFirst();
  return row?.conversation_hash;
}

export async function conversationOfApplication(db: Conn, application: string) {
  const row = await db
    .selectFrom('conversations')
    .select('hash')
    .where('application_hash', '=', application)
    .executeTakeFirst();
  return row?.hash;
}

export async function createConversation(
  db: Conn,
  kind: 'MEMBER' | 'APPLICATION' | 'ADMIN',
  parties: Party[],
  now: string,
  application: string | null = null,
): Promise<string> {
  const hash = newHash();
  await db
    .insertInto('conversations')
    .values({ hash, kind, application_hash: application, created_at: now, last_message_at: now })
    .execute();
  await db
    .insertInto('conversation_participants')
    .values(
      parties.map((p) => ({
        conversation_hash: hash,
        party_type: p.type,
        party_hash: p.hash,
        last_message_at: now,
        last_read_at: null,
        archived_at: null,
      })),
    )
    .execute();
  return hash;
}

/**
 * One message; everyone's inbox line moves up and comes out of the archive, the others' unread counts grow.
 * A withheld message (the recipient blocked the sender) touches only the sender's line.
 */
export async function addMessage(
  db: Conn,
  conversation: string,
  sender: Party,
  body: string,
  now: string,
  withheld: boolean,
): Promise<string> {
  const hash = newHash();
  await db
    .insertInto('messages')
    .values({
      hash,
      conversation_hash: conversation,
      sender_type: sender.type,
      sender_hash: sender.hash,
      body,
      created_at: now,
      withheld: withheld ? 1 : 0,
    })
    .execute();
  // one statement for every participant row: rows are locked in one order whoever writes, so two messages at once in
  // one conversation never deadlock; the counters (045's triggers) follow each row's change
  const isSender = (eb: ExpressionBuilder<Database, 'conversation_participants'>) =>
    eb.and([eb('party_type', '=', sender.type), eb('party_hash', '=', sender.hash)]);
  let participants = db
    .updateTable('conversation_participants')
    .set((eb) => ({
      last_message_at: now,
      archived_at: null,
      unread_count: eb
        .case()
        .when(isSender(eb))
        .then(0)
        .else(eb('unread_count', '+', 1))
        .end(),
      last_read_at: eb.case().when(isSender(eb)).then(now).else(eb.ref('last_read_at')).end(),
      // the oldest message not read nor e-mailed about (048): the sender has read everything
      pending_since: eb
        .case()
        .when(isSender(eb))
        .then(sql<string | null>`null`)
        .else(eb.fn.coalesce('pending_since', sql.val(now)))
        .end(),
    }))
    .where('conversation_hash', '=', conversation);
  if (withheld) participants = participants.where(isSender);
  await participants.execute();
  if (!withheld)
    await db.updateTable('conversations').set({ last_message_at: now }).where('hash', '=', conversation).execute();
  return hash;
}

/** Messages a party may see in a conversation: all but the ones withheld from them. */
export function visibleMessages(db: Conn, conversation: string, viewer: Party, limit: number) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_hash', '=', conversation)
    .where((eb) =>
      eb.or([
        eb('withheld', '=', 0),
        eb.and([eb('sender_type', '=', viewer.type), eb('sender_hash', '=', viewer.hash)]),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('hash', 'desc')
    .limit(limit)
    .execute();
}

/** Where a page of a thread ends: a message's place in the thread (its time, then its hash). */
export type ThreadCursor = { created_at: string; hash: string };

/** A message of this conversation that `viewer` may see, as the cursor of the page before it (undefined: none). */
export async function threadCursor(db: Conn, conversation: string, viewer: Party, hash: string) {
  const [row] = await runShaped<ThreadCursor>(
    db,
    'messages.threadCursor',
    { conversation, type: viewer.type, viewer: viewer.hash, hash },
    (a) =>
      db
        .selectFrom('messages')
        .select(['created_at', 'hash'])
        .where('hash', '=', a.hash)
        .where('conversation_hash', '=', a.conversation)
        .where((eb) =>
          eb.or([eb('withheld', '=', 0), eb.and([eb('sender_type', '=', a.type), eb('sender_hash', '=', a.viewer)])]),
        ),
  );
  return row;
}

/**
 * A thread's newest messages I may see (or those before `before`), newest first, each with its attachment's file row
 * (if any): one index range of `messages_thread` (conversation, created_at, hash), compiled once per shape. The
 * cursor is a row value, so SQLite and PostgreSQL both read it as the range's end rather than a filter.
 */
export function threadMessages(db: Conn, conversation: string, viewer: Party, limit: number, before?: ThreadCursor) {
  const args = { conversation, type: viewer.type, hash: viewer.hash, limit };
  const shaped = before ? { ...args, at: before.created_at, last: before.hash } : args;
  return runShaped(db, before ? 'messages.threadBefore' : 'messages.thread', shaped, (a) => {
    let query = db
      .selectFrom('messages')
      .leftJoin('files', (join) =>
        join.onRef('files.owner_hash', '=', 'messages.hash').on('files.owner_type', '=', sql.lit('message')),
      )
      .selectAll('messages')
      .select(['files.hash as file_hash', 'files.name as file_name', 'files.mime as file_mime'])
      .select('files.size as file_size')
      .where('messages.conversation_hash', '=', a.conversation)
      .where((eb) =>
        eb.or([
          eb('messages.withheld', '=', 0),
          eb.and([eb('messages.sender_type', '=', a.type), eb('messages.sender_hash', '=', a.hash)]),
        ]),
      );
    if (before)
      query = query.where((eb) => eb(eb.refTuple('messages.created_at', 'messages.hash'), '<', eb.tuple(a.at, a.last)));
    return query.orderBy('messages.created_at', 'desc').orderBy('messages.hash', 'desc').limit(a.limit);
  });
}

export function markRead(db: Conn, conversation: string, party: Party, now: string) {
  return db
    .updateTable('conversation_participants')
    .set({ unread_count: 0, last_read_at: now, pending_since: null })
    .where('conversation_hash', '=', conversation)
    .where('party_type', '=', party.type)
    .where('party_hash', '=', party.hash)
    .execute();
}

export function setArchived(db: Conn, conversation: string, party: Party, at: string | null) {
  return db
    .updateTable('conversation_participants')
    .set({ archived_at: at })
    .where('conversation_hash', '=', conversation)
    .where('party_type', '=', party.type)
    .where('party_hash', '=', party.hash)
    .execute();
}

/** The badge: the party's stored counter (045), a primary-key read. */
export async function unreadTotal(db: Conn, party: Party): Promise<number> {
  const [row] = await runShaped(db, 'messages.unread', { type: party.type, hash: party.hash }, (a) =>
    db.selectFrom('message_inboxes').select('unread').where('party_type', '=', a.type).where('party_hash', '=', a.hash),
  );
  return Number(row?.unread ?? 0);
}

/** The application a member may write about to a company: their newest one to its offers. */
export async function applicationWith(db: Conn, user: string, company: string) {
  const row = await db
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
    .select('applicants.hash')
    .where('applicants.user_hash', '=', user)
    .where('jobs.company_hash', '=', company)
    .orderBy('applicants.created_at', 'desc')
    .executeTakeFirst();
  return row?.hash;
}

/** An application to one of the company's offers: who applied. */
export function applicationOf(db: Conn, application: string, company: string) {
  return db
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
    .select(['applicants.hash', 'applicants.user_hash'])
    .where('applicants.hash', '=', application)
    .where('jobs.company_hash', '=', company)
    .executeTakeFirst();
}

/** Whether the member runs a group the other asked to join (still pending). */
export async function asksToJoinMyGroup(db: Conn, groupAdmin: string, member: string): Promise<boolean> {
  const row = await db
    .selectFrom('workgroup_members')
    .innerJoin('workgroups', 'workgroups.hash', 'workgroup_members.workgroup_hash')
    .select('workgroup_members.hash')
    .where('workgroups.admin_hash', '=', groupAdmin)
    .where('workgroup_members.user_hash', '=', member)
    .where('workgroup_members.status', '=', 'PENDING')
    .executeTakeFirst();
  return row !== undefined;
}
