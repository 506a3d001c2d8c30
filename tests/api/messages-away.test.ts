/**
 * E-mail when away (issue 29 §3): a message unread for 15 minutes is e-mailed once, in the recipient's language, with
 * a link to the thread and a one-click stop; at most one an hour per conversation; none once read or turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { sendAwayMails } from '../../src/server/modules/messages/awayMail';

let t: TestApp;
let bold: Session;
let gratis: Session;
let gratisHash = '';
const MINUTE = 60_000;

const mailsTo = (email: string) =>
  t.app.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('template', '=', 'message.unread')
    .execute();

beforeAll(async () => {
  t = await startTestApp();
  bold = await t.login('bold@demo.test');
  gratis = await t.login('gratis@demo.test');
  gratisHash = (
    await t.app.db.selectFrom('users').select('hash').where('email', '=', 'gratis@demo.test').executeTakeFirstOrThrow()
  ).hash;
  await t.app.db.updateTable('users').set({ language: 'ca' }).where('hash', '=', gratisHash).execute();
});
afterAll(async () => t?.close());

describe('unread messages by e-mail', () => {
  it('waits 15 minutes, sends one e-mail in the recipient language, then none for an hour', async () => {
    const sent = await t.api('POST', '/usr/messages', { body: { to: gratisHash, text: 'Hola!' }, token: bold.token });
    expect(sent.statusCode).toBe(200);
    const conversation = sent.json().conversation.hash as string;
    const at = new Date(sent.json().messages[0].created_at).getTime();
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(at + 10 * MINUTE))).toBe(0);
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(at + 16 * MINUTE))).toBe(1);
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(at + 17 * MINUTE))).toBe(0);
    const mails = await mailsTo('gratis@demo.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('ca');
    expect(mails[0]!.subject).toContain('Tens un missatge');
    expect(mails[0]!.body_text).toContain(`/ca/usuari/missatges/${conversation}`);
    expect(mails[0]!.body_text).toContain('/mail/unsubscribe/messages/');
    expect(JSON.parse(mails[0]!.headers!)['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // nothing new since the e-mail: no second one, even past the hour
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(at + 120 * MINUTE))).toBe(0);
  });

  it('a message read in time, or a member who turned the e-mails off, gets none', async () => {
    const before = (await mailsTo('gratis@demo.test')).length;
    const sent = await t.api('POST', '/usr/messages', { body: { to: gratisHash, text: 'Again' }, token: bold.token });
    const conversation = sent.json().conversation.hash as string;
    const at = new Date(sent.json().messages.at(-1).created_at).getTime();
    await t.api('POST', `/usr/messages/${conversation}/read`, { body: {}, token: gratis.token });
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(at + 200 * MINUTE))).toBe(0);
    const off = await t.api('PATCH', '/usr/users', { body: { notify_messages: false }, token: gratis.token });
    expect(off.statusCode).toBe(200);
    await t.api('POST', `/usr/messages/${conversation}`, { body: { text: 'Third' }, token: bold.token });
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(at + 400 * MINUTE))).toBe(0);
    expect((await mailsTo('gratis@demo.test')).length).toBe(before);
  });
});
