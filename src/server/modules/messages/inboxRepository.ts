/** The inbox (one index range per party, newest first), names of parties, blocks and reports. */
import { sql } from 'kysely';
import type { Conn } from '../../db/conn';
import { newHash } from '../../lib/ids';
import type { Party, PartyType } from './repository';

export interface InboxQuery {
  archived: boolean;
  q?: string;
  offset: number;
  size: number;
}

export async function inbox(db: Conn, party: Party, query: InboxQuery) {
  let base = db
    .selectFrom('conversation_participants as mine')
    .innerJoin('conversations', 'conversations.hash', 'mine.conversation_hash')
    .innerJoin('conversation_participants as theirs', (join) =>
      join
        .onRef('theirs.conversation_hash', '=', 'mine.conversation_hash')
        .on((eb) =>
          eb.not(eb.and([eb('theirs.party_type', '=', party.type), eb('theirs.party_hash', '=', party.hash)])),
        ),
    )
    .where('mine.party_type', '=', party.type)
    .where('mine.party_hash', '=', party.hash)
    .where('mine.archived_at', query.archived ? 'is not' : 'is', null);
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[%_\\]/g, '')}%`;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('messages')
          .select('messages.hash')
          .whereRef('messages.conversation_hash', '=', 'mine.conversation_hash')
          .where('messages.withheld', '=', 0)
          .where(sql`lower(messages.body)`, 'like', pattern),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    base
      .select([
        'conversations.hash',
        'conversations.kind',
        'conversations.application_hash',
        'mine.last_message_at',
        'mine.unread_count',
        'mine.archived_at',
        'theirs.party_type',
        'theirs.party_hash',
      ])
      .select((eb) =>
        eb
          .selectFrom('messages')
          .select('messages.body')
          .whereRef('messages.conversation_hash', '=', 'mine.conversation_hash')
          .where((w) =>
            w.or([
              w('messages.withheld', '=', 0),
              w.and([w('messages.sender_type', '=', party.type), w('messages.sender_hash', '=', party.hash)]),
            ]),
          )
          .orderBy('messages.created_at', 'desc')
          .limit(1)
          .as('preview'),
      )
      .orderBy('mine.last_message_at', 'desc')
      .orderBy('conversations.hash', 'desc')
      .limit(query.size)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

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

export async function jobTitlesOf(db: Conn, applications: string[]): Promise<Map<string, string>> {
  if (!applications.length) return new Map();
  const rows = await db
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
    .select(['applicants.hash', 'jobs.title'])
    .where('applicants.hash', 'in', applications)
    .execute();
  return new Map(rows.map((r) => [r.hash, r.title]));
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
