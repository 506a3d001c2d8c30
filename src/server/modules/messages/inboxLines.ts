/**
 * Inbox lines in one statement each (issue 29 §5): my participant row, the conversation, the other party with their
 * display name, the job title of the application, whether I blocked them, the last message I may see and (without a
 * search) the total from the stored counters (045) — no per-row lookups, no count query. A page is an index range
 * of `conversation_participants_inbox` (party, archived, last message, conversation) in the index's own order.
 * The same line, for one conversation, heads a thread (and answers 404 for someone else's conversation).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Conn } from '../../db/conn';
import { runShaped } from '../../db/shapes';
import type { Database } from '../../db/types';
import type { Party } from './repository';

export interface InboxQuery {
  archived: boolean;
  q?: string;
  offset: number;
  size: number;
}

type From = ExpressionBuilder<Database & { mine: Database['conversation_participants'] }, 'mine'>;

/**
 * Me, once per place the statement names me: runShaped learns each value's place from its own marker, so a value
 * used twice would not be compiled once.
 */
type Me = Record<`t${0 | 1 | 2 | 3}` | `h${0 | 1 | 2 | 3}`, string> & { t4?: string; h4?: string };
const meArgs = (party: Party, withTotal = false): Me => {
  const { type, hash } = party;
  const me: Me = { t0: type, h0: hash, t1: type, h1: hash, t2: type, h2: hash, t3: type, h3: hash };
  return withTotal ? { ...me, t4: type, h4: hash } : me;
};

/** The lines' statement before its filter: `me` holds the marked stand-ins of runShaped. */
function lines(db: Conn, me: Me) {
  return db
    .selectFrom('conversation_participants as mine')
    .innerJoin('conversations', 'conversations.hash', 'mine.conversation_hash')
    .innerJoin('conversation_participants as theirs', (join) =>
      join
        .onRef('theirs.conversation_hash', '=', 'mine.conversation_hash')
        .on((eb) => eb.not(eb.and([eb('theirs.party_type', '=', me.t1), eb('theirs.party_hash', '=', me.h1)]))),
    )
    .leftJoin('users', (join) =>
      join.onRef('users.hash', '=', 'theirs.party_hash').on('theirs.party_type', '=', sql.lit('user')),
    )
    .leftJoin('companies', (join) =>
      join.onRef('companies.hash', '=', 'theirs.party_hash').on('theirs.party_type', '=', sql.lit('company')),
    )
    .leftJoin('applicants', 'applicants.hash', 'conversations.application_hash')
    .leftJoin('jobs', 'jobs.hash', 'applicants.job_hash')
    .leftJoin('message_blocks', (join) =>
      join
        .on('message_blocks.blocker_type', '=', me.t2)
        .on('message_blocks.blocker_hash', '=', me.h2)
        .onRef('message_blocks.blocked_type', '=', 'theirs.party_type')
        .onRef('message_blocks.blocked_hash', '=', 'theirs.party_hash'),
    )
    .select([
      'mine.conversation_hash as hash',
      'conversations.kind',
      'conversations.application_hash',
      'mine.last_message_at',
      'mine.unread_count',
      'mine.archived_at',
      'theirs.party_type',
      'theirs.party_hash',
      'users.name as user_name',
      'users.surname1 as user_surname',
      'users.status as user_status',
      'companies.company_name',
      'jobs.title as job_title',
      'message_blocks.created_at as blocked_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('messages')
        .select('messages.body')
        .whereRef('messages.conversation_hash', '=', 'mine.conversation_hash')
        .where((w) =>
          w.or([
            w('messages.withheld', '=', 0),
            w.and([w('messages.sender_type', '=', me.t3), w('messages.sender_hash', '=', me.h3)]),
          ]),
        )
        .orderBy('messages.created_at', 'desc')
        .limit(1)
        .as('preview'),
    )
    .where('mine.party_type', '=', me.t0)
    .where('mine.party_hash', '=', me.h0);
}

/** Words of the messages (not withheld) — the search's filter. */
const matching = (pattern: string) => (eb: From) =>
  eb.exists(
    eb
      .selectFrom('messages')
      .select('messages.hash')
      .whereRef('messages.conversation_hash', '=', 'mine.conversation_hash')
      .where('messages.withheld', '=', 0)
      .where(sql`lower(messages.body)`, 'like', pattern),
  );

export type InboxLine = Awaited<ReturnType<typeof inboxPage>>['rows'][number];

/** A page of my inbox (or archive), newest first, with its total. */
export async function inboxPage(db: Conn, party: Party, query: InboxQuery) {
  const pattern = query.q ? `%${query.q.toLowerCase().replace(/[%_\\]/g, '')}%` : undefined;
  const args = {
    ...meArgs(party, !pattern),
    archived: query.archived,
    pattern,
    size: query.size,
    offset: query.offset,
  };
  const rows = await runShaped(db, 'messages.inbox', args, (a) => {
    let page = lines(db, a).where('mine.archived_at', a.archived ? 'is not' : 'is', null);
    if (a.pattern) page = page.where(matching(a.pattern));
    else
      page = page.select((eb) =>
        eb
          .selectFrom('message_inboxes')
          .select(a.archived ? 'archived_count' : 'open_count')
          .where('message_inboxes.party_type', '=', a.t4!)
          .where('message_inboxes.party_hash', '=', a.h4!)
          .as('total'),
      );
    return page
      .orderBy('mine.last_message_at', 'desc')
      .orderBy('mine.conversation_hash', 'desc')
      .limit(a.size)
      .offset(a.offset);
  });
  const first = rows[0] as { total?: number | null } | undefined;
  // the page holds everything, or the counter came with it: no count
  if (rows.length > 0 && rows.length < query.size) return { rows, total: query.offset + rows.length };
  if (first && !pattern) return { rows, total: Number(first.total ?? 0) };
  if (!pattern && query.offset === 0) return { rows, total: 0 };
  const countArgs = { type: party.type, hash: party.hash, archived: query.archived, pattern };
  const [count] = await runShaped(db, 'messages.inboxCount', countArgs, (a) => {
    let all = db
      .selectFrom('conversation_participants as mine')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mine.party_type', '=', a.type)
      .where('mine.party_hash', '=', a.hash)
      .where('mine.archived_at', a.archived ? 'is not' : 'is', null);
    if (a.pattern) all = all.where(matching(a.pattern));
    return all;
  });
  return { rows, total: Number(count?.n ?? 0) };
}

/** One conversation's line of mine, with my own name too (a thread's header); undefined when it is not mine. */
export async function inboxLine(db: Conn, party: Party, conversation: string) {
  const [row] = await runShaped(db, 'messages.line', { ...meArgs(party), conversation }, (a) =>
    lines(db, a)
      .leftJoin('users as self_user', (join) =>
        join.onRef('self_user.hash', '=', 'mine.party_hash').on('mine.party_type', '=', sql.lit('user')),
      )
      .leftJoin('companies as self_company', (join) =>
        join.onRef('self_company.hash', '=', 'mine.party_hash').on('mine.party_type', '=', sql.lit('company')),
      )
      .select(['self_user.name as self_name', 'self_user.surname1 as self_surname', 'self_user.status as self_status'])
      .select('self_company.company_name as self_company_name')
      .where('mine.conversation_hash', '=', a.conversation),
  );
  return row;
}

/** The other party's display name: a former member (account deleted) has none; the association speaks as itself. */
export function nameOfLine(line: {
  party_type: string;
  user_name: string | null;
  user_surname: string | null;
  user_status: string | null;
  company_name: string | null;
}): string | null {
  if (line.party_type === 'admin') return 'Alumni';
  if (line.party_type === 'company') return line.company_name;
  if (line.user_status === null || line.user_status === 'DELETED') return null;
  return `${line.user_name} ${line.user_surname}`;
}
