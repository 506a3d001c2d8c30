/**
 * The unread badge as a stored per-party counter (issue 29 §5, migration 045): `message_inboxes.unread` must equal
 * the sum of the party's unread counts over its conversations out of the archive after every path that changes it —
 * a message, a reply, reading, archiving and bringing back, a message into an archived conversation, a block and a
 * withheld message, an attachment-only message, an account deleted (a former member), and two instances writing at
 * once to the same conversation (no lost update). The inbox's totals (open and archived) are kept beside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { API_KEY, TEST_DEVICE, startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
const s: Record<'bold' | 'gratis' | 'regular', Session> = {} as never;
const hashes: Record<string, string> = {};
const as = (session: Session) => ({ token: session.token });

/** The badge as the API answers it, as stored, and as the conversations' own counts add up: all three must agree. */
async function badge(who: 'bold' | 'gratis' | 'regular') {
  const answered = (await t.api('GET', '/usr/messages/unread', as(s[who]))).json().unread as number;
  const stored = await t.app.db
    .selectFrom('message_inboxes')
    .select(['unread', 'open_count', 'archived_count'])
    .where('party_type', '=', 'user')
    .where('party_hash', '=', hashes[who]!)
    .executeTakeFirst();
  const rows = await t.app.db
    .selectFrom('conversation_participants')
    .select(['unread_count', 'archived_at'])
    .where('party_type', '=', 'user')
    .where('party_hash', '=', hashes[who]!)
    .execute();
  const live = rows.filter((r) => r.archived_at === null).reduce((sum, r) => sum + Number(r.unread_count), 0);
  expect(Number(stored?.unread ?? 0), `${who}: stored counter`).toBe(live);
  expect(Number(stored?.open_count ?? 0), `${who}: open conversations`).toBe(
    rows.filter((r) => r.archived_at === null).length,
  );
  expect(Number(stored?.archived_count ?? 0), `${who}: archived conversations`).toBe(
    rows.filter((r) => r.archived_at !== null).length,
  );
  expect(answered, `${who}: answered`).toBe(live);
  return answered;
}

const write = (from: Session, to: string, text: string) =>
  t.api('POST', '/usr/messages', { body: { to, text }, ...as(from) });
const reply = (from: Session, conversation: string, text: string) =>
  t.api('POST', `/usr/messages/${conversation}`, { body: { text }, ...as(from) });

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ['bold', 'gratis', 'regular'] as const) {
    s[who] = await t.login(`${who}@demo.test`);
    hashes[who] = (
      await t.app.db
        .selectFrom('users')
        .select('hash')
        .where('email', '=', `${who}@demo.test`)
        .executeTakeFirstOrThrow()
    ).hash;
  }
  // Regular members do not accept messages by default
  await t.api('PATCH', '/usr/users', { body: { accepts_messages: true }, ...as(s.regular) });
});
afterAll(async () => t?.close());

describe('the stored unread counter follows every path', () => {
  let conversation = '';

  it('a first message, a second, then a reply', async () => {
    expect(await badge('gratis')).toBe(0);
    const first = await write(s.bold, hashes['gratis']!, 'Hello');
    expect(first.statusCode, first.body).toBe(200);
    conversation = first.json().conversation.hash;
    expect(await badge('gratis')).toBe(1);
    expect(await badge('bold')).toBe(0);
    expect((await reply(s.bold, conversation, 'Are you there?')).statusCode).toBe(200);
    expect(await badge('gratis')).toBe(2);
    // answering reads the conversation for the one who answers
    expect((await reply(s.gratis, conversation, 'Yes')).statusCode).toBe(200);
    expect(await badge('gratis')).toBe(0);
    expect(await badge('bold')).toBe(1);
  });

  it('reading, and reading again (nothing more to take away)', async () => {
    const read = await t.api('POST', `/usr/messages/${conversation}/read`, { body: {}, ...as(s.bold) });
    expect(read.json()).toEqual({ unread: 0 });
    expect(await badge('bold')).toBe(0);
    await t.api('POST', `/usr/messages/${conversation}/read`, { body: {}, ...as(s.bold) });
    expect(await badge('bold')).toBe(0);
  });

  it('archiving takes a conversation’s unread out of the badge, bringing it back puts them back', async () => {
    await reply(s.gratis, conversation, 'one');
    await reply(s.gratis, conversation, 'two');
    expect(await badge('bold')).toBe(2);
    const archived = await t.api('PATCH', `/usr/messages/${conversation}`, { body: { archived: true }, ...as(s.bold) });
    expect(archived.statusCode).toBe(200);
    expect(await badge('bold')).toBe(0);
    // archiving twice counts once
    await t.api('PATCH', `/usr/messages/${conversation}`, { body: { archived: true }, ...as(s.bold) });
    expect(await badge('bold')).toBe(0);
    expect((await t.api('GET', '/usr/messages?archived=true', as(s.bold))).json().total).toBe(1);
    await t.api('PATCH', `/usr/messages/${conversation}`, { body: { archived: false }, ...as(s.bold) });
    expect(await badge('bold')).toBe(2);
    expect((await t.api('GET', '/usr/messages', as(s.bold))).json().total).toBe(1);
  });

  it('a message into an archived conversation brings it back with all its unread', async () => {
    await t.api('PATCH', `/usr/messages/${conversation}`, { body: { archived: true }, ...as(s.bold) });
    expect(await badge('bold')).toBe(0);
    expect((await reply(s.gratis, conversation, 'three')).statusCode).toBe(200);
    expect(await badge('bold')).toBe(3);
    // the sender's own archived line comes back too, read
    await t.api('PATCH', `/usr/messages/${conversation}`, { body: { archived: true }, ...as(s.gratis) });
    expect((await reply(s.gratis, conversation, 'four')).statusCode).toBe(200);
    expect(await badge('gratis')).toBe(0);
    expect(await badge('bold')).toBe(4);
  });

  it('an attachment-only message counts as one', async () => {
    const res = await uploadAs(t, `/usr/messages/${conversation}/attachment`, s.gratis, [
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await badge('bold')).toBe(5);
  });

  it('a block changes nothing, and a withheld message is not counted', async () => {
    await t.api('POST', `/usr/messages/${conversation}/read`, { body: {}, ...as(s.bold) });
    expect(
      (await t.api('POST', '/usr/messages/blocks', { body: { hash: hashes['gratis'] }, ...as(s.bold) })).statusCode,
    ).toBe(200);
    expect(await badge('bold')).toBe(0);
    expect((await reply(s.gratis, conversation, 'withheld')).statusCode).toBe(200);
    expect(await badge('bold')).toBe(0);
    expect(await badge('gratis')).toBe(0);
    await t.api('POST', '/usr/messages/blocks/remove', { body: { hash: hashes['gratis'] }, ...as(s.bold) });
    expect((await reply(s.gratis, conversation, 'after the block')).statusCode).toBe(200);
    expect(await badge('bold')).toBe(1);
  });

  it('a member who deletes their account leaves the others’ badges right (a former member)', async () => {
    const first = await write(s.regular, hashes['bold']!, 'From Regular');
    expect(first.statusCode, first.body).toBe(200);
    await reply(s.regular, first.json().conversation.hash, 'again');
    expect(await badge('bold')).toBe(3);
    const deleted = await t.api('DELETE', '/usr/users/me', { body: { password: 'demo-password' }, ...as(s.regular) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await badge('bold')).toBe(3);
    const read = await t.api('POST', `/usr/messages/${first.json().conversation.hash}/read`, {
      body: {},
      ...as(s.bold),
    });
    expect(read.json()).toEqual({ unread: 1 });
    expect(await badge('bold')).toBe(1);
  });
});

describe('two instances writing at once to the same conversation', () => {
  let other: FastifyInstance;
  let db: ReturnType<typeof createDb>;
  beforeAll(async () => {
    db = createDb(t.app.config.databaseUrl, { poolSize: 4 });
    other = await buildApp(t.app.config, { db, migrate: false });
  });
  afterAll(async () => {
    await other?.close();
    await db?.destroy();
  });
  const headers = (session: Session) => ({
    apiKey: API_KEY,
    language: 'en',
    token: session.token,
    deviceId: TEST_DEVICE,
    type: '2',
  });
  const on = (app: FastifyInstance, from: Session, conversation: string, text: string) =>
    app.inject({ method: 'POST', url: `/usr/messages/${conversation}`, headers: headers(from), payload: { text } });

  it('loses no message from the recipient’s counter, even out of the archive', async () => {
    const conversation = (await t.api('GET', '/usr/messages', as(s.gratis))).json().items[0].hash as string;
    await t.api('POST', `/usr/messages/${conversation}/read`, { body: {}, ...as(s.gratis) });
    await reply(s.bold, conversation, 'before');
    await t.api('PATCH', `/usr/messages/${conversation}`, { body: { archived: true }, ...as(s.gratis) });
    expect(await badge('gratis')).toBe(0);
    const sends = Array.from({ length: 12 }, (_, i) => on(i % 2 ? other : t.app, s.bold, conversation, `n${i}`));
    const statuses = (await Promise.all(sends)).map((r) => r.statusCode);
    expect(statuses).toEqual(Array(12).fill(200));
    expect(await badge('gratis')).toBe(13);
  });

  it('both parties at once through both instances: the counters still add up', async () => {
    const conversation = (await t.api('GET', '/usr/messages', as(s.gratis))).json().items[0].hash as string;
    const sends = Array.from({ length: 16 }, (_, i) =>
      on(i % 4 < 2 ? other : t.app, i % 2 ? s.bold : s.gratis, conversation, `m${i}`),
    );
    const statuses = (await Promise.all(sends)).map((r) => r.statusCode);
    expect(statuses).toEqual(Array(16).fill(200));
    await badge('gratis');
    await badge('bold');
  });
});
