/** Names of parties, blocks and reports (the inbox's lines: inboxLines.ts). */
import type { Conn } from '../../db/conn';
import { newHash } from '../../lib/ids';
import type { Party, PartyType } from './repository';

/** Display names of parties; a former member (account deleted) gets null. */
export async function namesOf(db: Conn, parties: Party[]): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  const of = (type: PartyType) => [...new Set(parties.filter((p) => p.type === type).map((p) => p.hash))];
  const users = of('user');
  const companies = of('company');
  const admins = of('admin');
  if (users.length)
    for (const u of await db
      .selectFrom('users')
      .select(['hash', 'name', 'surname1', 'status'])
      .where('hash', 'in', users)
      .execute())
      names.set(`user:${u.hash}`, u.status === 'DELETED' ? null : `${u.name} ${u.surname1}`);
  if (companies.length)
    for (const c of await db
      .selectFrom('companies')
      .select(['hash', 'company_name'])
      .where('hash', 'in', companies)
      .execute())
      names.set(`company:${c.hash}`, c.company_name);
  // the association speaks as itself: no administrator's name leaves the back office
  for (const hash of admins) names.set(`admin:${hash}`, 'Alumni');
  return names;
}

// ── blocks ───────────────────────────────────────────────────────────────────

export async function blocks(db: Conn, blocker: Party, blocked: Party): Promise<boolean> {
  const row = await db
    .selectFrom('message_blocks')
    .select('created_at')
    .where('blocker_type', '=', blocker.type)
    .where('blocker_hash', '=', blocker.hash)
    .where('blocked_type', '=', blocked.type)
    .where('blocked_hash', '=', blocked.hash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function addBlock(db: Conn, blocker: Party, blocked: Party, now: string) {
  if (await blocks(db, blocker, blocked)) return;
  await db
    .insertInto('message_blocks')
    .values({
      blocker_type: blocker.type,
      blocker_hash: blocker.hash,
      blocked_type: blocked.type,
      blocked_hash: blocked.hash,
      created_at: now,
    })
    .execute();
}

export function removeBlock(db: Conn, blocker: Party, blocked: Party) {
  return db
    .deleteFrom('message_blocks')
    .where('blocker_type', '=', blocker.type)
    .where('blocker_hash', '=', blocker.hash)
    .where('blocked_type', '=', blocked.type)
    .where('blocked_hash', '=', blocked.hash)
    .executeTakeFirst();
}

export function blockedBy(db: Conn, blocker: Party) {
  return db
    .selectFrom('message_blocks')
    .select(['blocked_type', 'blocked_hash', 'created_at'])
    .where('blocker_type', '=', blocker.type)
    .where('blocker_hash', '=', blocker.hash)
    .orderBy('created_at', 'desc')
    .execute();
}

// ── reports ──────────────────────────────────────────────────────────────────

/** A message of a conversation the reporter takes part in, written by someone else (and visible to them). */
export function reportableMessage(db: Conn, message: string, reporter: Party) {
  return db
    .selectFrom('messages')
    .innerJoin('conversation_participants as p', 'p.conversation_hash', 'messages.conversation_hash')
    .select(['messages.hash', 'messages.sender_type', 'messages.sender_hash'])
    .where('messages.hash', '=', message)
    .where('messages.withheld', '=', 0)
    .where('p.party_type', '=', reporter.type)
    .where('p.party_hash', '=', reporter.hash)
    .where((eb) =>
      eb.not(eb.and([eb('messages.sender_type', '=', reporter.type), eb('messages.sender_hash', '=', reporter.hash)])),
    )
    .executeTakeFirst();
}

export async function addReport(db: Conn, message: string, reporter: Party, reason: string, now: string) {
  const existing = await db
    .selectFrom('message_reports')
    .select('hash')
    .where('message_hash', '=', message)
    .where('reporter_type', '=', reporter.type)
    .where('reporter_hash', '=', reporter.hash)
    .executeTakeFirst();
  if (existing) return existing.hash;
  const hash = newHash();
  await db
    .insertInto('message_reports')
    .values({
      hash,
      message_hash: message,
      reporter_type: reporter.type,
      reporter_hash: reporter.hash,
      reason,
      created_at: now,
      resolved_at: null,
    })
    .execute();
  return hash;
}
