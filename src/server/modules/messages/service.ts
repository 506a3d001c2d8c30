/**
 * Messages (issue 29). Another party's conversation answers 404 like an unknown one. A message to someone who
 * blocked the sender in a conversation they already share is accepted and withheld (kept for the sender only),
 * so the sender never learns of the block; a first message to them answers like an unknown recipient (rules.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { nowIso } from '../../lib/ids';
import { listResult, pageWindow } from '../../lib/lists';
import type { Actor } from '../../types';
import type { MessageBlock, MessageStart, MessagesFilter } from '../../../shared/schema-types';
import * as repo from './repository';
import * as inboxRepo from './inboxRepository';
import { presentConversation, presentMessage, type InboxRow } from './present';
import { targetOf } from './rules';
import type { Party, PartyType } from './repository';
import type { Conn } from '../../db/conn';
import { attachmentsFor } from './attachmentFiles';

const THREAD_SIZE = 200;
const notFound = () => AppError.notFound('messages.notFound');

export function partyOf(actor: Actor): Party {
  const type = ({ user: 'user', company: 'company', admin: 'admin' } as const)[actor.type as PartyType];
  if (!type || !actor.hash) throw AppError.unauthorized();
  return { type, hash: actor.hash };
}

async function presentRows(app: FastifyInstance, me: Party, rows: InboxRow[]) {
  const others = rows.map((r) => ({ type: r.party_type as PartyType, hash: r.party_hash }));
  const [names, titles, myBlocks] = await Promise.all([
    inboxRepo.namesOf(app.db, others),
    inboxRepo.jobTitlesOf(
      app.db,
      rows.flatMap((r) => (r.application_hash ? [r.application_hash] : [])),
    ),
    inboxRepo.blockedBy(app.db, me),
  ]);
  const blocked = new Set(myBlocks.map((b) => `${b.blocked_type}:${b.blocked_hash}`));
  return rows.map((r) => presentConversation(r, names, titles, blocked.has(`${r.party_type}:${r.party_hash}`)));
}

export async function list(app: FastifyInstance, actor: Actor, query: MessagesFilter) {
  const me = partyOf(actor);
  const { size, offset } = pageWindow(query, 20);
  const q = query.q?.trim();
  const { rows, total } = await inboxRepo.inbox(app.db, me, {
    archived: query.archived ?? false,
    q: q || undefined,
    offset,
    size,
  });
  return listResult(await presentRows(app, me, rows), total, size);
}

export async function unread(app: FastifyInstance, actor: Actor) {
  return { unread: await repo.unreadTotal(app.db, partyOf(actor)) };
}

async function mine(app: FastifyInstance, me: Party, conversation: string) {
  const row = await repo.participant(app.db, conversation, me);
  if (!row) throw notFound();
  return row;
}

export function thread(app: FastifyInstance, actor: Actor, conversation: string) {
  return threadOf(app, partyOf(actor), conversation);
}

async function threadOf(app: FastifyInstance, me: Party, conversation: string) {
  await mine(app, me, conversation);
  const [others, rows] = await Promise.all([
    repo.othersOf(app.db, conversation, me),
    repo.visibleMessages(app.db, conversation, me, THREAD_SIZE),
  ]);
  const line = await conversationLine(app, me, conversation, others[0]!);
  const [names, attachments] = await Promise.all([
    inboxRepo.namesOf(app.db, [me, ...others, ...rows.map((r) => senderOf(r))]),
    attachmentsFor(
      app.db,
      app.config.secretKey,
      me,
      rows.map((r) => r.hash),
    ),
  ]);
  return {
    conversation: line,
    messages: rows.reverse().map((row) => presentMessage(row, me, names, attachments.get(row.hash) ?? null)),
  };
}

const senderOf = (row: { sender_type: string; sender_hash: string }): Party => ({
  type: row.sender_type as PartyType,
  hash: row.sender_hash,
});

async function conversationLine(app: FastifyInstance, me: Party, conversation: string, other: Party) {
  const row = await repo.participant(app.db, conversation, me);
  if (!row) throw notFound();
  const [last] = await repo.visibleMessages(app.db, conversation, me, 1);
  const [line] = await presentRows(app, me, [
    {
      hash: conversation,
      kind: row.kind,
      application_hash: row.application_hash,
      last_message_at: row.last_message_at,
      unread_count: row.unread_count,
      archived_at: row.archived_at,
      party_type: other.type,
      party_hash: other.hash,
      preview: last?.body ?? '',
    },
  ]);
  return line!;
}

/**
 * A message in a conversation of mine; withheld when the other party blocked me. `alongside` writes what goes with
 * the message (its attachment's row) in the same transaction.
 */
export async function send(
  app: FastifyInstance,
  me: Party,
  conversation: string,
  other: Party,
  text: string,
  alongside?: (trx: Conn, message: string) => Promise<void>,
) {
  if (await inboxRepo.blocks(app.db, me, other)) throw AppError.rule('messages.youBlocked');
  const withheld = await inboxRepo.blocks(app.db, other, me);
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    const message = await repo.addMessage(trx, conversation, me, text, now, withheld);
    await alongside?.(trx, message);
  });
  return threadOf(app, me, conversation);
}

/** The other party of a conversation of mine I may answer (mine: else 404; a former member: 418). */
export async function answerable(app: FastifyInstance, me: Party, conversation: string): Promise<Party> {
  await mine(app, me, conversation);
  const [other] = await repo.othersOf(app.db, conversation, me);
  if (!other) throw notFound();
  if (other.type === 'user' && !(await stillMember(app, other.hash))) throw AppError.rule('messages.formerMember');
  return other;
}

export async function reply(app: FastifyInstance, actor: Actor, conversation: string, text: string) {
  const me = partyOf(actor);
  return send(app, me, conversation, await answerable(app, me, conversation), text);
}

async function stillMember(app: FastifyInstance, hash: string) {
  const row = await app.db.selectFrom('users').select('status').where('hash', '=', hash).executeTakeFirst();
  return row !== undefined && row.status !== 'DELETED';
}

export async function start(app: FastifyInstance, actor: Actor, body: MessageStart) {
  const me = partyOf(actor);
  const target = await targetOf(app.db, me, body);
  if (target.conversation) return send(app, me, target.conversation, target.recipient, body.text);
  const now = nowIso();
  const conversation = await app.db.transaction().execute(async (trx) => {
    const hash = await repo.createConversation(trx, target.kind, [me, target.recipient], now, target.application);
    await repo.addMessage(trx, hash, me, body.text, now, false);
    return hash;
  });
  return thread(app, actor, conversation);
}

export async function markRead(app: FastifyInstance, actor: Actor, conversation: string) {
  const me = partyOf(actor);
  await mine(app, me, conversation);
  await repo.markRead(app.db, conversation, me, nowIso());
  return unread(app, actor);
}

export async function archive(app: FastifyInstance, actor: Actor, conversation: string, archived: boolean) {
  const me = partyOf(actor);
  await mine(app, me, conversation);
  await repo.setArchived(app.db, conversation, me, archived ? nowIso() : null);
  return thread(app, actor, conversation);
}

// ── safety ───────────────────────────────────────────────────────────────────

async function blockable(app: FastifyInstance, me: Party, body: MessageBlock): Promise<Party> {
  const other: Party = { type: body.type ?? 'user', hash: body.hash };
  if (repo.sameParty(me, other)) throw AppError.rule('messages.toSelf');
  const table = other.type === 'company' ? 'companies' : 'users';
  const row = await app.db.selectFrom(table).select('hash').where('hash', '=', other.hash).executeTakeFirst();
  if (!row) throw AppError.notFound('messages.unavailable');
  return other;
}

export async function listBlocks(app: FastifyInstance, actor: Actor) {
  const me = partyOf(actor);
  const rows = await inboxRepo.blockedBy(app.db, me);
  const parties = rows.map((r) => ({ type: r.blocked_type as PartyType, hash: r.blocked_hash }));
  const names = await inboxRepo.namesOf(app.db, parties);
  return {
    items: parties.map((p, i) => ({ ...p, name: names.get(`${p.type}:${p.hash}`) ?? null, at: rows[i]!.created_at })),
  };
}

export async function block(app: FastifyInstance, actor: Actor, body: MessageBlock) {
  const me = partyOf(actor);
  await inboxRepo.addBlock(app.db, me, await blockable(app, me, body), nowIso());
  return listBlocks(app, actor);
}

export async function unblock(app: FastifyInstance, actor: Actor, body: MessageBlock) {
  const me = partyOf(actor);
  await inboxRepo.removeBlock(app.db, me, { type: body.type ?? 'user', hash: body.hash });
  return listBlocks(app, actor);
}

export async function report(app: FastifyInstance, actor: Actor, message: string, reason: string) {
  const me = partyOf(actor);
  const row = await inboxRepo.reportableMessage(app.db, message, me);
  if (!row) throw notFound();
  await inboxRepo.addReport(app.db, message, me, reason.trim(), nowIso());
  return { ok: true };
}
