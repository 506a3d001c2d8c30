/**
 * Messages (issue 29). Another party's conversation answers 404 like an unknown one. A message to someone who
 * blocked the sender in a conversation they already share is accepted and withheld (kept for the sender only),
 * so the sender never learns of the block; a first message to them answers like an unknown recipient (rules.ts).
 */
import { AppError } from '../../errors';
import { nowIso } from '../../lib/ids';
import { listResult, pageWindow } from '../../lib/lists';
import type { Actor } from '../../types';
import type { ServiceContext } from '../../serviceContext';
import type { MessageBlock, MessageStart, MessagesFilter } from '../../../shared/schema-types';
import * as repo from './repository';
import * as inboxRepo from './inboxRepository';
import { nameKey, presentConversation, presentMessage } from './present';
import { inboxLine, inboxPage, nameOfLine } from './inboxLines';
import { targetOf, type Target } from './rules';
import type { Party, PartyType } from './repository';
import type { Conn } from '../../db/conn';
import { presentAttachment } from './attachmentFiles';

/** A thread's page: the newest 50 messages, and 50 more each time the reader asks for earlier ones. */
const THREAD_SIZE = 50;

/** What is written with a message in its transaction (its attachment's `files` row). */
export type Alongside = (trx: Conn, message: string) => Promise<void>;
const notFound = () => AppError.notFound('messages.notFound');

export function partyOf(actor: Actor): Party {
  const type = ({ user: 'user', company: 'company', admin: 'admin' } as const)[actor.type as PartyType];
  if (!type || !actor.hash) throw AppError.unauthorized();
  return { type, hash: actor.hash };
}

export async function list(ctx: ServiceContext, query: MessagesFilter) {
  const me = partyOf(ctx.actor);
  const { size, offset } = pageWindow(query, 20);
  const q = query.q?.trim();
  const { rows, total } = await inboxPage(ctx.db, me, {
    archived: query.archived ?? false,
    q: q || undefined,
    offset,
    size,
  });
  return listResult(rows.map(presentConversation), total, size);
}

export async function unread(ctx: ServiceContext) {
  return { unread: await repo.unreadTotal(ctx.db, partyOf(ctx.actor)) };
}

async function mine(ctx: ServiceContext, me: Party, conversation: string) {
  const row = await repo.participant(ctx.db, conversation, me);
  if (!row) throw notFound();
  return row;
}

/** A thread, or its earlier page: `before` must be a message of it I may see, or it is 404 like another's thread. */
export async function thread(ctx: ServiceContext, conversation: string, before?: string) {
  const me = partyOf(ctx.actor);
  if (before === undefined) return threadOf(ctx, me, conversation);
  const cursor = await repo.threadCursor(ctx.db, conversation, me, before);
  if (!cursor) throw notFound();
  return threadOf(ctx, me, conversation, cursor);
}

/**
 * A thread: its inbox line (also the check that it is mine) and its newest messages (or those before `cursor`) with
 * their attachments; one more row is read to learn whether there are earlier ones.
 */
async function threadOf(ctx: ServiceContext, me: Party, conversation: string, cursor?: repo.ThreadCursor) {
  const [line, read] = await Promise.all([
    inboxLine(ctx.db, me, conversation),
    repo.threadMessages(ctx.db, conversation, me, THREAD_SIZE + 1, cursor),
  ]);
  if (!line) throw notFound();
  const earlier = read.length > THREAD_SIZE;
  const rows = earlier ? read.slice(0, THREAD_SIZE) : read;
  const other = { type: line.party_type, hash: line.party_hash };
  const names = new Map<string, string | null>([
    [
      nameKey(me),
      nameOfLine({
        ...line,
        party_type: me.type,
        user_name: line.self_name,
        user_surname: line.self_surname,
        user_status: line.self_status,
        company_name: line.self_company_name,
      }),
    ],
    [nameKey(other), nameOfLine(line)],
  ]);
  // a sender who is neither of us (never in a two-party conversation): looked up rather than shown nameless
  const strangers = rows.map(senderOf).filter((p) => !names.has(nameKey(p)));
  if (strangers.length) for (const [key, name] of await inboxRepo.namesOf(ctx.db, strangers)) names.set(key, name);
  const { secretKey } = ctx.config;
  return {
    conversation: presentConversation(line),
    earlier,
    messages: rows.reverse().map((row) => {
      const file = row.file_hash
        ? presentAttachment(secretKey, me, {
            hash: row.file_hash,
            owner_hash: row.hash,
            name: row.file_name!,
            mime: row.file_mime!,
            size: Number(row.file_size),
          })
        : null;
      return presentMessage(row, me, names, file);
    }),
  };
}

const senderOf = (row: { sender_type: string; sender_hash: string }): Party => ({
  type: row.sender_type as PartyType,
  hash: row.sender_hash,
});

/**
 * A message in a conversation of mine; withheld when the other party blocked me. `alongside` writes what goes with
 * the message (its attachment's row) in the same transaction.
 */
export async function send(
  ctx: ServiceContext,
  me: Party,
  conversation: string,
  other: Party,
  text: string,
  alongside?: Alongside,
) {
  if (await inboxRepo.blocks(ctx.db, me, other)) throw AppError.rule('messages.youBlocked');
  const withheld = await inboxRepo.blocks(ctx.db, other, me);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const message = await repo.addMessage(trx, conversation, me, text, now, withheld);
    await alongside?.(trx, message);
  });
  return threadOf(ctx, me, conversation);
}

/** The other party of a conversation of mine I may answer (mine: else 404; a former member: 418). */
export async function answerable(ctx: ServiceContext, me: Party, conversation: string): Promise<Party> {
  await mine(ctx, me, conversation);
  const [other] = await repo.othersOf(ctx.db, conversation, me);
  if (!other) throw notFound();
  if (other.type === 'user' && !(await stillMember(ctx, other.hash))) throw AppError.rule('messages.formerMember');
  return other;
}

export async function reply(ctx: ServiceContext, conversation: string, text: string) {
  const me = partyOf(ctx.actor);
  return send(ctx, me, conversation, await answerable(ctx, me, conversation), text);
}

async function stillMember(ctx: ServiceContext, hash: string) {
  const row = await ctx.db.selectFrom('users').select('status').where('hash', '=', hash).executeTakeFirst();
  return row !== undefined && row.status !== 'DELETED';
}

export async function start(ctx: ServiceContext, body: MessageStart) {
  const me = partyOf(ctx.actor);
  return startTo(ctx, me, await targetOf(ctx.db, me, body), body.text);
}

/**
 * A first message to an allowed target (rules.ts): into the conversation we already share, or a new one with the
 * message in one transaction. `alongside` writes what goes with the message (its attachment's row) in it too.
 */
export async function startTo(ctx: ServiceContext, me: Party, target: Target, text: string, alongside?: Alongside) {
  if (target.conversation) return send(ctx, me, target.conversation, target.recipient, text, alongside);
  const now = nowIso();
  const conversation = await ctx.db.transaction().execute(async (trx) => {
    const hash = await repo.createConversation(trx, target.kind, [me, target.recipient], now, target.application);
    const message = await repo.addMessage(trx, hash, me, text, now, false);
    await alongside?.(trx, message);
    return hash;
  });
  return threadOf(ctx, me, conversation);
}

export async function markRead(ctx: ServiceContext, conversation: string) {
  const me = partyOf(ctx.actor);
  await mine(ctx, me, conversation);
  await repo.markRead(ctx.db, conversation, me, nowIso());
  return unread(ctx);
}

export async function archive(ctx: ServiceContext, conversation: string, archived: boolean) {
  const me = partyOf(ctx.actor);
  await mine(ctx, me, conversation);
  await repo.setArchived(ctx.db, conversation, me, archived ? nowIso() : null);
  return thread(ctx, conversation);
}

// ── safety ───────────────────────────────────────────────────────────────────

async function blockable(ctx: ServiceContext, me: Party, body: MessageBlock): Promise<Party> {
  const other: Party = { type: body.type ?? 'user', hash: body.hash };
  if (repo.sameParty(me, other)) throw AppError.rule('messages.toSelf');
  const table = other.type === 'company' ? 'companies' : 'users';
  const row = await ctx.db.selectFrom(table).select('hash').where('hash', '=', other.hash).executeTakeFirst();
  if (!row) throw AppError.notFound('messages.unavailable');
  return other;
}

export async function listBlocks(ctx: ServiceContext) {
  const me = partyOf(ctx.actor);
  const rows = await inboxRepo.blockedBy(ctx.db, me);
  const parties = rows.map((r) => ({ type: r.blocked_type as PartyType, hash: r.blocked_hash }));
  const names = await inboxRepo.namesOf(ctx.db, parties);
  return {
    items: parties.map((p, i) => ({ ...p, name: names.get(`${p.type}:${p.hash}`) ?? null, at: rows[i]!.created_at })),
  };
}

export async function block(ctx: ServiceContext, body: MessageBlock) {
  const me = partyOf(ctx.actor);
  await inboxRepo.addBlock(ctx.db, me, await blockable(ctx, me, body), nowIso());
  return listBlocks(ctx);
}

export async function unblock(ctx: ServiceContext, body: MessageBlock) {
  const me = partyOf(ctx.actor);
  await inboxRepo.removeBlock(ctx.db, me, { type: body.type ?? 'user', hash: body.hash });
  return listBlocks(ctx);
}

export async function report(ctx: ServiceContext, message: string, reason: string) {
  const me = partyOf(ctx.actor);
  const row = await inboxRepo.reportableMessage(ctx.db, message, me);
  if (!row) throw notFound();
  await inboxRepo.addReport(ctx.db, message, me, reason.trim(), nowIso());
  return { ok: true };
}
