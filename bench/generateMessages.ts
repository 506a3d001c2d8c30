/**
 * The benchmark's messages (issue 29 §5): N messages in conversations between alumni, shaped like an inbox's real
 * traffic — most conversations short (1–5 messages), some longer (6–20), a few long (21–80), the two people taking
 * turns hours apart; the last message unread by its recipient in a quarter of them; a few archived. One heavy user,
 * the bench's member (bold@demo.test), is in 400 conversations of 5–150 messages, so the inbox the mix reads has
 * pages and its threads are long. Times and senders follow from each conversation's plan (start, gap, who began), so
 * only the plan (~100k small entries) is held in memory; the messages are streamed into multi-row INSERTs.
 */
import type { Db } from '../src/server/db/dialect';
import type { Random } from '../src/server/db/seed/random';
import type { Row } from '../src/server/db/seed/rows';

const BENCH_MEMBER = 'bold@demo.test';
const HEAVY_CONVERSATIONS = 400;

const OPENINGS = [
  'Hi! We met at the alumni dinner last spring.',
  'Hello, I saw your profile in the directory.',
  'Hola, ¿qué tal? Vi que trabajas en Barcelona.',
  'Good morning, a quick question about your studio.',
  'Hi, are you still looking for someone for the project?',
  'Bon dia! Em pots explicar com va anar la fira?',
];
const LINES = [
  'Thanks for getting back to me.',
  'Sure, next week works for me.',
  'I will send you the portfolio tomorrow.',
  'Could we talk on Thursday afternoon?',
  'The brief is attached to the offer, have a look.',
  'Great, see you at the workshop then.',
  'Perfecto, te escribo cuando lo tenga.',
  'Gràcies! Ho mirem la setmana que ve.',
  'We are hiring two junior designers this autumn.',
  'Do you know anyone who works with textiles?',
  'I loved the talk you gave at the school.',
  'Let me check with my team and come back to you.',
  'Here is the link to the exhibition: https://example.org/expo',
  'Sounds good.',
  'Yes!',
];

interface Plan {
  hash: string;
  a: string;
  b: string;
  start: number;
  gapMs: number;
  length: number;
  /** the recipient of the last message has not read the last `unread` messages */
  unread: number;
  archivedBy: 'a' | 'b' | null;
}

const at = (plan: Plan, i: number) => new Date(plan.start + i * plan.gapMs).toISOString();
/** who wrote message i: they take turns, whoever began */
const senderOf = (plan: Plan, i: number) => (i % 2 === 0 ? plan.a : plan.b);

function lengthOf(rand: Random, heavy: boolean): number {
  if (heavy) return rand.int(5, 150);
  const roll = rand.next();
  if (roll < 0.6) return rand.int(1, 5);
  if (roll < 0.9) return rand.int(6, 20);
  return rand.int(21, 80);
}

function plans(rand: Random, users: string[], heavyUser: string | null, total: number, now: number): Plan[] {
  const out: Plan[] = [];
  const span = 2 * 365 * 86400000;
  let written = 0;
  while (written < total) {
    const heavy = heavyUser !== null && out.length < HEAVY_CONVERSATIONS;
    const length = Math.min(lengthOf(rand, heavy), total - written);
    let a = users[rand.int(0, users.length - 1)]!;
    let b = users[rand.int(0, users.length - 1)]!;
    while (b === a) b = users[rand.int(0, users.length - 1)]!;
    if (heavy) [a, b] = rand.chance(0.5) ? [heavyUser, b] : [a, heavyUser];
    if (a === b) continue;
    const gapMs = rand.int(2, 36 * 60) * 60000; // two minutes to a day and a half between answers
    const start = now - rand.int(0, span) - length * gapMs;
    out.push({
      hash: `bmc${out.length.toString(36).padStart(8, '0')}`,
      a,
      b,
      start,
      gapMs,
      length,
      unread: rand.chance(0.25) ? rand.int(1, Math.min(3, length)) : 0,
      archivedBy: rand.chance(0.05) ? (rand.chance(0.5) ? 'a' : 'b') : null,
    });
    written += length;
  }
  return out;
}

export async function generateMessages(
  db: Db,
  rand: Random,
  total: number,
  users: string[],
  now: number,
  insert: <T extends 'conversations' | 'conversation_participants' | 'messages'>(
    table: T,
    rows: Iterable<Row<T>>,
    target: number,
  ) => Promise<number>,
): Promise<void> {
  if (total <= 0 || users.length < 2) return;
  const heavy = await db.selectFrom('users').select('hash').where('email', '=', BENCH_MEMBER).executeTakeFirst();
  const planned = plans(rand, users, heavy?.hash ?? null, total, now);
  await insert(
    'conversations',
    planned.map((plan) => ({
      hash: plan.hash,
      kind: 'MEMBER',
      application_hash: null,
      created_at: at(plan, 0),
      last_message_at: at(plan, plan.length - 1),
    })),
    planned.length,
  );
  await insert(
    'conversation_participants',
    (function* () {
      for (const plan of planned) {
        const last = plan.length - 1;
        const lastSender = senderOf(plan, last);
        for (const side of ['a', 'b'] as const) {
          const party = plan[side];
          const unread = party === lastSender ? 0 : plan.unread;
          yield {
            conversation_hash: plan.hash,
            party_type: 'user',
            party_hash: party,
            unread_count: unread,
            last_read_at: unread ? at(plan, Math.max(0, last - unread)) : at(plan, last),
            archived_at: plan.archivedBy === side ? at(plan, last) : null,
            last_message_at: at(plan, last),
            notified_at: null,
          };
        }
      }
    })(),
    planned.length * 2,
  );
  let n = 0;
  await insert(
    'messages',
    (function* () {
      for (const plan of planned)
        for (let i = 0; i < plan.length; i++) {
          const sentences = i === 0 ? [rand.pick(OPENINGS)] : [];
          for (let k = rand.int(1, 3); k > 0; k--) sentences.push(rand.pick(LINES));
          yield {
            hash: `bmm${(n++).toString(36).padStart(8, '0')}`,
            conversation_hash: plan.hash,
            sender_type: 'user',
            sender_hash: senderOf(plan, i),
            body: sentences.join(' '),
            created_at: at(plan, i),
            erased_at: null,
            withheld: 0,
          };
        }
    })(),
    total,
  );
}
