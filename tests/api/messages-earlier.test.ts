/**
 * A long thread (issue 29 §5): the thread answers its newest 50 messages and says whether there are earlier ones;
 * `?before=<a message of mine to see>` answers the 50 before it. Pages meet without a gap or an overlap; a cursor that
 * is not a message I may see in this conversation (another conversation's, a withheld one, garbage) answers 404 like
 * an unknown conversation, and another person's conversation stays 404 with any cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { newHash } from '../../src/server/lib/ids';

let t: TestApp;
let bold: Session;
let gratis: Session;
let regular: Session;
let conversation = '';
let otherConversation = '';
const written: string[] = []; // the long thread's hashes, oldest first

const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;

beforeAll(async () => {
  t = await startTestApp();
  bold = await t.login('bold@demo.test');
  gratis = await t.login('gratis@demo.test');
  regular = await t.login('regular@demo.test');
  const [boldHash, gratisHash] = [await userHash('bold@demo.test'), await userHash('gratis@demo.test')];
  const first = await t.api('POST', '/usr/messages', { token: bold.token, body: { to: gratisHash, text: 'm0' } });
  expect(first.statusCode).toBe(200);
  conversation = first.json().conversation.hash;
  written.push(first.json().messages[0].hash);
  // 119 more, one second apart, the two taking turns (written straight to the table: the sending limits would
  // otherwise stop the setup); two share a second, so the cursor must order by the hash as well
  const base = Date.parse(first.json().messages[0].created_at);
  const rows = Array.from({ length: 119 }, (_, i) => {
    const n = i + 1;
    const second = n === 61 ? 60 : n; // m60 and m61 written in the same second
    return {
      hash: newHash(),
      conversation_hash: conversation,
      sender_type: 'user',
      sender_hash: n % 2 ? gratisHash : boldHash,
      body: `m${n}`,
      created_at: new Date(base + second * 1000).toISOString(),
      withheld: 0,
    };
  });
  // within one second the thread orders by hash: keep `written` in the thread's own order
  rows.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.hash.localeCompare(b.hash));
  await t.app.db.insertInto('messages').values(rows).execute();
  written.push(...rows.map((r) => r.hash));
  // another conversation of bold's: the association writes to them
  const admin = await t.login('admin@demo.test', 'adm');
  const other = await t.api('POST', '/adm/messages', { token: admin.token, body: { to: boldHash, text: 'elsewhere' } });
  expect(other.statusCode).toBe(200);
  otherConversation = other.json().conversation.hash;
});
afterAll(async () => t?.close());

type Page = { messages: Array<{ hash: string; text: string }>; earlier: boolean };
const read = async (session: Session, before?: string) => {
  const url = `/usr/messages/${conversation}${before === undefined ? '' : `?before=${encodeURIComponent(before)}`}`;
  return t.api('GET', url, { token: session.token });
};

describe('a long thread', () => {
  it('answers its newest 50, oldest first, and says there are earlier ones', async () => {
    const res = await read(gratis);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.messages.map((m) => m.hash)).toEqual(written.slice(70));
    expect(page.earlier).toBe(true);
  });

  it('pages back without a gap or an overlap, and the first page says there is nothing earlier', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const res = await read(bold, before);
      expect(res.statusCode).toBe(200);
      const page = res.json() as Page;
      seen.unshift(...page.messages.map((m) => m.hash));
      pages++;
      if (!page.earlier) break;
      before = page.messages[0]!.hash;
      expect(pages).toBeLessThan(5);
    }
    expect(pages).toBe(3); // 50 + 50 + 20
    expect(seen).toEqual(written);
  });

  it('treats a cursor it cannot use like an unknown conversation (404), never as "from the start"', async () => {
    for (const before of ['', 'nope', written[0]!.toUpperCase(), `${written[5]}'--`, 'x'.repeat(300)]) {
      const res = await read(bold, before);
      expect([400, 404], JSON.stringify(before)).toContain(res.statusCode);
      expect(res.json().messages).toBeUndefined();
    }
    const [elsewhere] = await t.app.db
      .selectFrom('messages')
      .select('hash')
      .where('conversation_hash', '=', otherConversation)
      .execute();
    expect((await read(bold, elsewhere!.hash)).statusCode).toBe(404); // bold's own message, but another thread
  });

  it('does not let a withheld message serve as the cursor of the person it was withheld from', async () => {
    const withheld = written[30]!;
    await t.app.db.updateTable('messages').set({ withheld: 1 }).where('hash', '=', withheld).execute();
    try {
      const sender = written.indexOf(withheld) % 2 ? gratis : bold; // odd: gratis wrote it
      const recipient = sender === gratis ? bold : gratis;
      expect((await read(recipient, withheld)).statusCode).toBe(404);
      const own = await read(sender, withheld);
      expect(own.statusCode).toBe(200);
      expect((own.json() as Page).messages.map((m) => m.hash)).toEqual(written.slice(0, 30));
    } finally {
      await t.app.db.updateTable('messages').set({ withheld: 0 }).where('hash', '=', withheld).execute();
    }
  });

  it("keeps another person's conversation 404 with any cursor", async () => {
    for (const before of [undefined, written[60]!]) {
      const res = await read(regular, before);
      expect(res.statusCode).toBe(404);
      expect(JSON.stringify(res.json())).not.toContain('m6');
    }
  });

  it('refuses an unknown query parameter instead of ignoring it', async () => {
    const res = await t.api('GET', `/usr/messages/${conversation}?after=${written[3]}`, { token: bold.token });
    expect(res.statusCode).toBe(400);
  });
});
