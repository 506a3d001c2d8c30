/**
 * Message e-mails as a daily digest (issue 29 §3): the member's setting `message_mails` — `away` (an e-mail when a
 * message stays unread, the default), `digest` (one e-mail a day listing the unread conversations) or `none`. The
 * digest is written in the member's language, comes at most once a day and only with something new, is delivered to a
 * real SMTP peer with its one-click stop, and that stop ends the digests too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { startPeer, type Peer } from '../helpers/smtp';
import { dialectOf } from '../../src/server/db/dialect';
import { MailWorker } from '../../src/server/modules/mail/worker';
import { unsubscribeToken } from '../../src/server/modules/mail/unsubscribe';
import { sendAwayMails } from '../../src/server/modules/messages/awayMail';
import { sendMessageDigests } from '../../src/server/modules/messages/digestMail';

let t: TestApp;
let peer: Peer;
const s: Record<'bold' | 'gratis' | 'regular' | 'admin', Session> = {} as never;
const hashes: Record<string, string> = {};
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const digestsTo = (email: string) =>
  t.app.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('template', '=', 'message.digest')
    .execute();
const awayTo = (email: string) =>
  t.app.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('template', '=', 'message.unread')
    .execute();
const setting = async (session: Session) =>
  (await t.api('GET', '/usr/users/me', { token: session.token })).json().message_mails as string;

beforeAll(async () => {
  t = await startTestApp();
  peer = await startPeer();
  s.bold = await t.login('bold@demo.test');
  s.gratis = await t.login('gratis@demo.test');
  s.regular = await t.login('regular@demo.test');
  s.admin = await t.login('admin@demo.test', 'adm');
  for (const who of ['bold', 'gratis', 'regular'])
    hashes[who] = (
      await t.app.db
        .selectFrom('users')
        .select('hash')
        .where('email', '=', `${who}@demo.test`)
        .executeTakeFirstOrThrow()
    ).hash;
  await t.app.db.updateTable('users').set({ language: 'ca' }).where('hash', '=', hashes['gratis']!).execute();
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('the setting', () => {
  it('is "away" by default, takes "digest" and "none", and refuses anything else with nothing written', async () => {
    expect(await setting(s.gratis)).toBe('away');
    for (const bad of ['daily', '', 1, true, null, ['digest']]) {
      const res = await t.api('PATCH', '/usr/users', { body: { message_mails: bad }, token: s.gratis.token });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await setting(s.gratis)).toBe('away');
    for (const value of ['none', 'digest']) {
      const res = await t.api('PATCH', '/usr/users', { body: { message_mails: value }, token: s.gratis.token });
      expect(res.statusCode, value).toBe(200);
      expect(await setting(s.gratis)).toBe(value);
    }
  });
});

describe('the daily digest', () => {
  it('lists the unread conversations once a day in the member language, instead of the e-mails when away', async () => {
    const first = await t.api('POST', '/usr/messages', {
      body: { to: hashes['gratis'], text: 'Hola!' },
      token: s.bold.token,
    });
    expect(first.statusCode).toBe(200);
    const second = await t.api('POST', '/adm/messages', {
      body: { to: hashes['gratis'], text: 'From the office' },
      token: s.admin.token,
    });
    expect(second.statusCode).toBe(200);
    const at = new Date(second.json().messages.at(-1).created_at).getTime();
    // a digest member gets no e-mail when away
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(at + 2 * HOUR))).toBe(0);
    expect(await awayTo('gratis@demo.test')).toHaveLength(0);

    expect(await sendMessageDigests(t.app.db, t.app.config, new Date(at + 2 * HOUR))).toBe(1);
    const mails = await digestsTo('gratis@demo.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('ca');
    expect(mails[0]!.subject).toBe('Tens missatges sense llegir');
    const bold = (await t.api('GET', '/usr/users/me', { token: s.bold.token })).json();
    expect(mails[0]!.body_text).toContain(`${bold.name} ${bold.surname1}`);
    expect(mails[0]!.body_text).toContain('Alumni');
    expect(mails[0]!.body_text).toContain(`/ca/usuari/missatges/${first.json().conversation.hash}`);
    expect(mails[0]!.body_text).toContain(`/ca/usuari/missatges/${second.json().conversation.hash}`);
    expect(mails[0]!.body_text).toContain('/mail/unsubscribe/messages/');
    expect(JSON.parse(mails[0]!.headers!)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // the same day: none; the next day with nothing new: none
    expect(await sendMessageDigests(t.app.db, t.app.config, new Date(at + 10 * HOUR))).toBe(0);
    expect(await sendMessageDigests(t.app.db, t.app.config, new Date(at + 2 * HOUR + DAY))).toBe(0);
    // something written the next day: one more digest, a day after the first
    const again = await t.api('POST', `/usr/messages/${first.json().conversation.hash}`, {
      body: { text: 'Are you there?' },
      token: s.bold.token,
    });
    const later = new Date(at + DAY).toISOString();
    await t.app.db
      .updateTable('messages')
      .set({ created_at: later })
      .where('hash', '=', again.json().messages.at(-1).hash)
      .execute();
    expect(await sendMessageDigests(t.app.db, t.app.config, new Date(at + DAY + 3 * HOUR))).toBe(1);
    expect(await sendMessageDigests(t.app.db, t.app.config, new Date(at + DAY + 4 * HOUR))).toBe(0);
    expect(await digestsTo('gratis@demo.test')).toHaveLength(2);
  });

  it('sends none to a member who chose "away" or "none", nor once everything is read', async () => {
    for (const [who, value] of [
      ['bold', 'away'],
      ['regular', 'none'],
    ] as const) {
      const res = await t.api('PATCH', '/usr/users', { body: { message_mails: value }, token: s[who].token });
      expect(res.statusCode).toBe(200);
      const sent = await t.api('POST', '/adm/messages', {
        body: { to: hashes[who], text: 'Hello' },
        token: s.admin.token,
      });
      expect(sent.statusCode).toBe(200);
    }
    const read = (await t.api('GET', '/usr/messages', { token: s.gratis.token })).json().items as Array<{
      hash: string;
    }>;
    expect(read.length).toBeGreaterThan(0);
    for (const c of read) await t.api('POST', `/usr/messages/${c.hash}/read`, { body: {}, token: s.gratis.token });
    await t.app.db.updateTable('users').set({ messages_digest_at: null }).execute();
    expect(await sendMessageDigests(t.app.db, t.app.config, new Date(Date.now() + 5 * DAY))).toBe(0);
    expect(await digestsTo('bold@demo.test')).toHaveLength(0);
    expect(await digestsTo('regular@demo.test')).toHaveLength(0);
  });
});

describe('delivery and the one-click stop', () => {
  it('reaches a real SMTP peer with List-Unsubscribe; the stop turns every message e-mail off, digests included', async () => {
    await t.app.db.updateTable('users').set({ messages_digest_at: null }).execute();
    await t.api('POST', '/usr/messages', { body: { to: hashes['gratis'], text: 'Once more' }, token: s.bold.token });
    expect(await sendMessageDigests(t.app.db, t.app.config, new Date(Date.now() + 40 * DAY))).toBe(1);
    const worker = new MailWorker({
      db: t.app.db,
      dialect: dialectOf(t.app.config.databaseUrl),
      smtpUrl: peer.url,
      from: 'Alumni <alumni@mail.test>',
    });
    await worker.runOnce();
    await worker.stop();
    const received = peer.received.filter(
      (mail) =>
        (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address === 'gratis@demo.test' &&
        mail.subject === 'Tens missatges sense llegir',
    );
    expect(received.length).toBeGreaterThan(0);
    const last = received.at(-1)!;
    const token = unsubscribeToken(t.app.config.secretKey, 'messages', hashes['gratis']!);
    const header = (name: string) => last.headerLines.find((line) => line.key === name)?.line ?? '';
    expect(header('list-unsubscribe')).toContain(`/mail/unsubscribe/messages/${token}>`);
    expect(last.text).toContain(`/mail/unsubscribe/messages/${token}`);

    const done = await t.app.inject({
      method: 'POST',
      url: `/mail/unsubscribe/messages/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(await setting(s.gratis)).toBe('none');
    const digests = (await digestsTo('gratis@demo.test')).length;
    await t.api('POST', '/usr/messages', { body: { to: hashes['gratis'], text: 'Still there?' }, token: s.bold.token });
    await sendMessageDigests(t.app.db, t.app.config, new Date(Date.now() + 80 * DAY));
    await sendAwayMails(t.app.db, t.app.config, new Date(Date.now() + 80 * DAY));
    expect(await digestsTo('gratis@demo.test')).toHaveLength(digests);
    expect(await awayTo('gratis@demo.test')).toHaveLength(0);
  });
});

describe('the background runner', () => {
  it('runs the digest as its task messages.digest', async () => {
    const names = await t.app.tasks.runDue(new Date());
    expect(names).toContain('messages.digest');
  });
});
