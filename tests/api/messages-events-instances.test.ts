/**
 * The unread badge's server-sent events with several instances (issue 29 §2): a stream opened on one instance hears a
 * message written through another one on the same database (each instance reads the shared unread counts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { API_KEY, TEST_DEVICE, startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let base: string;
let bold: Session;
let gratis: Session;

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
afterAll(async () => t?.close());

describe('server-sent events across instances', () => {
  it('hears a message written through another instance on the same database', async () => {
    const db = createDb(t.app.config.databaseUrl, { poolSize: 2 });
    const other = await buildApp(t.app.config, { db, migrate: false });
    try {
      const stream = await openStream(gratis);
      const first = await stream.next(() => true);
      const sent = await other.inject({
        method: 'POST',
        url: '/usr/messages',
        headers: { apiKey: API_KEY, language: 'en', token: bold.token, deviceId: TEST_DEVICE, type: '2' },
        payload: { to: await userHash('gratis@demo.test'), text: 'From the other instance' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const after = await stream.next((data) => data.unread === first.unread + 1);
      expect(after.unread).toBe(first.unread + 1);
      stream.close();
    } finally {
      await other.close();
      await db.destroy();
    }
  });
});
