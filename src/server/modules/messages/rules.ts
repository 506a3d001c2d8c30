/**
 * Who may start a conversation with whom (issue 29 §1). Every refusal about the recipient — unknown, gone, not
 * accepting messages, or blocking the sender — is ONE answer (404 `messages.unavailable`), so a blocked sender
 * cannot tell a block from an opt-out or from a closed account (docs/decisions.md, Messages).
 */
import { AppError } from '../../errors';
import type { Conn } from '../../db/conn';
import { acceptsMessages } from './accepts';
import type { MessageStart } from '../../../shared/schema-types';
import * as repo from './repository';
import { blocks } from './inboxRepository';
import type { Party } from './repository';

export const unavailable = () => AppError.notFound('messages.unavailable');

/** Where a first message goes: an existing conversation, or a new one to create. */
export interface Target {
  recipient: Party;
  conversation?: string;
  kind: 'MEMBER' | 'APPLICATION' | 'ADMIN';
  application: string | null;
}

async function liveUser(db: Conn, hash: string) {
  return db
    .selectFrom('users')
    .select(['hash', 'role', 'accepts_messages'])
    .where('hash', '=', hash)
    .where('status', '=', 'VALIDATED')
    .executeTakeFirst();
}

async function liveCompany(db: Conn, hash: string) {
  return db
    .selectFrom('companies')
    .select('hash')
    .where('hash', '=', hash)
    .where('status', '=', 'VALIDATED')
    .executeTakeFirst();
}

async function memberTarget(db: Conn, me: Party, to: string): Promise<Target> {
  if (to === me.hash) throw AppError.rule('messages.toSelf');
  const user = await liveUser(db, to);
  if (!user) throw unavailable();
  const recipient: Party = { type: 'user', hash: to };
  if (await blocks(db, me, recipient)) throw AppError.rule('messages.youBlocked');
  const conversation = await repo.conversationBetween(db, me, recipient);
  // an existing conversation is answered like a reply (the service withholds it if they blocked me since)
  if (conversation) return { recipient, conversation, kind: 'MEMBER', application: null };
  if (await blocks(db, recipient, me)) throw unavailable();
  if (!acceptsMessages(user) && !(await repo.asksToJoinMyGroup(db, me.hash, to))) throw unavailable();
  return { recipient, kind: 'MEMBER', application: null };
}

async function companyTargetOfMember(db: Conn, me: Party, to: string): Promise<Target> {
  if (!(await liveCompany(db, to))) throw unavailable();
  const application = await repo.applicationWith(db, me.hash, to);
  if (!application) throw AppError.rule('messages.neverApplied');
  const recipient: Party = { type: 'company', hash: to };
  if (await blocks(db, me, recipient)) throw AppError.rule('messages.youBlocked');
  const conversation = await repo.conversationOfApplication(db, application);
  return { recipient, conversation, kind: 'APPLICATION', application };
}

async function candidateTarget(db: Conn, me: Party, application: string): Promise<Target> {
  const row = await repo.applicationOf(db, application, me.hash);
  if (!row || !(await liveUser(db, row.user_hash))) throw unavailable();
  const recipient: Party = { type: 'user', hash: row.user_hash };
  if (await blocks(db, me, recipient)) throw AppError.rule('messages.youBlocked');
  const conversation = await repo.conversationOfApplication(db, application);
  if (!conversation && (await blocks(db, recipient, me))) throw unavailable();
  return { recipient, conversation, kind: 'APPLICATION', application };
}

async function associationTarget(db: Conn, me: Party, body: MessageStart): Promise<Target> {
  if (!body.to) throw unavailable();
  const type = body.to_type ?? 'user';
  const exists = type === 'company' ? await liveCompany(db, body.to) : await liveUser(db, body.to);
  if (!exists) throw unavailable();
  const recipient: Party = { type, hash: body.to };
  // the association is heard by everyone: members cannot block it, and it needs nobody's consent
  const conversation = await repo.conversationBetween(db, me, recipient);
  return { recipient, conversation, kind: 'ADMIN', application: null };
}

export async function targetOf(db: Conn, me: Party, body: MessageStart): Promise<Target> {
  if (me.type === 'admin') return associationTarget(db, me, body);
  if (me.type === 'company') {
    if (!body.application) throw unavailable();
    return candidateTarget(db, me, body.application);
  }
  if (!body.to) throw unavailable();
  return (body.to_type ?? 'user') === 'company'
    ? companyTargetOfMember(db, me, body.to)
    : memberTarget(db, me, body.to);
}
