/**
 * The unread badge's server-sent events (issue 29 §2): GET /usr|/com|/adm/messages/events streams the caller's unread
 * count, once on opening and again whenever it changes — also when the change was written by another instance (the
 * stream reads the shared database). Opened over real HTTP (the app listening on a free port); the app closes with
 * streams still open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, TEST_DEVICE, startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let base: string;
let bold: Session;
let gratis: Session;
let closed = false;

const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;

/** Opens the stream as `session`; `next(predicate)` reads events until one's data satisfies it. */
async function openStream(session: Session | null, prefix = '/usr') {
  const controller = new AbortController();
  const headers: Record<string, string> = { apiKey: API_KEY, language: 'en', accept: 'text/event-stream' };
  if (session) Object.assign(headers, { token: session.token, deviceId: TEST_DEVICE, type: '2' });
  const res = await fetch(`${base}${prefix}/messages/events`, { headers, signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: Array<{ event: string; data: unknown }> = [];
  async function next(predicate: (data: { unread: number }) => boolean) {
    for (;;) {
      const found = events.find((e) => e.event === 'unread' && predicate(e.data as { unread: number }));
      if (found) return found.data as { unread: number };
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended; events so far: ${JSON.stringify(events)}`);
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data !== undefined) events.push({ event, data: JSON.parse(data) });
      }
    }
  }
  return { res, next, events, close: () => controller.abort() };
}

beforeAll(async () => {
  t = await startTestApp({ MESSAGE_EVENTS_POLL_MS: '200' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  bold = await t.login('bold@demo.test');
  gratis = await t.login('gratis@demo.test');
});
afterAll(async () => {
  if (!closed) await t?.close();
});

describe('the unread count as server-sent events', () => {
  it('refuses a visitor and a role outside its prefix', async () => {
    const visitor = await fetch(`${base}/usr/messages/events`, { headers: { apiKey: API_KEY } });
    expect(visitor.status).toBe(401);
    const company = await t.login('company@demo.test', 'com');
    const wrong = await fetch(`${base}/usr/messages/events`, {
      headers: { apiKey: API_KEY, token: company.token, deviceId: TEST_DEVICE, type: '2' },
    });
    expect(wrong.status).toBe(403);
  });

  it("pushes the count on opening and again when another member's message arrives", async () => {
    const stream = await openStream(gratis);
    expect(stream.res.status).toBe(200);
    expect(String(stream.res.headers.get('content-type'))).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toMatch(/no-store/);
    const first = await stream.next(() => true);
    expect(first.unread).toBeGreaterThanOrEqual(0);

    const sent = await t.api('POST', '/usr/messages', {
      token: bold.token,
      body: { to: await userHash('gratis@demo.test'), text: 'Are you there?' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = await stream.next((data) => data.unread === first.unread + 1);
    expect(after.unread).toBe(first.unread + 1);

    // reading it brings the count down again, on the same stream
    const conversation = sent.json().conversation.hash as string;
    expect(
      (await t.api('POST', `/usr/messages/${conversation}/read`, { token: gratis.token, body: {} })).statusCode,
    ).toBe(200);
    const read = await stream.next((data) => data.unread === first.unread);
    expect(read.unread).toBe(first.unread);
    stream.close();
  });

  it('lets the app close while streams are open', async () => {
    const stream = await openStream(bold);
    await stream.next(() => true);
    closed = true;
    await t.close();
    expect(t.app.server.listening).toBe(false);
  });
});
