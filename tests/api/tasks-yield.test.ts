/**
 * A background task lets requests through between its items (issue 29 §5): on SQLite a statement never waits for
 * I/O, so a task's loop held the instance until its whole batch ended — 500 e-mails when away took seconds of a
 * blocked event loop on the big dataset. Counted as turns of the event loop during a run, not as time.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { sendAwayMails } from '../../src/server/modules/messages/awayMail';

let t: TestApp;
const ITEMS = 30;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** Turns of the event loop (setImmediate callbacks) while `work` runs. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

it('the e-mails when away give the event loop a turn between two e-mails', async () => {
  const db = t.app.db;
  const hashOf = async (email: string) =>
    (await db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
  const [reader, writer] = [await hashOf('gratis@demo.test'), await hashOf('bold@demo.test')];
  const old = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
  const conversations = Array.from({ length: ITEMS }, (_, i) => `yieldconv${String(i).padStart(6, '0')}`);
  await db
    .insertInto('conversations')
    .values(conversations.map((hash) => ({ hash, kind: 'MEMBER', created_at: old, last_message_at: old })))
    .execute();
  await db
    .insertInto('conversation_participants')
    .values(
      conversations.flatMap((hash) => [
        { conversation_hash: hash, party_type: 'user', party_hash: reader, unread_count: 1, last_message_at: old },
        { conversation_hash: hash, party_type: 'user', party_hash: writer, unread_count: 0, last_message_at: old },
      ]),
    )
    .execute();
  await db
    .updateTable('conversation_participants')
    .set({ pending_since: old })
    .where('conversation_hash', 'in', conversations)
    .where('party_hash', '=', reader)
    .execute();
  let sent = 0;
  const turns = await turnsDuring(async () => {
    sent = await sendAwayMails(db, t.app.config, new Date());
  });
  expect(sent).toBe(ITEMS);
  expect(turns).toBeGreaterThanOrEqual(ITEMS);
});
