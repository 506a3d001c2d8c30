/**
 * E-mail when away (issue 29 §3): a message unread for 15 minutes is e-mailed once, in the recipient's language, with
 * a link to the thread and a one-click stop; at most one an hour per conversation; none once read or turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { sqlitePlan, usingPostgres } from '../helpers/db';
import { awayMailsDue, sendAwayMails } from '../../src/server/modules/messages/awayMail';

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

  it('a message after the e-mail is e-mailed about once the hour has passed, and only then', async () => {
    await t.api('PATCH', '/usr/users', { body: { notify_messages: true }, token: gratis.token });
    const first = await t.api('POST', '/usr/messages', { body: { to: gratisHash, text: 'One' }, token: bold.token });
    const conversation = first.json().conversation.hash as string;
    await t.api('POST', `/usr/messages/${conversation}/read`, { body: {}, token: gratis.token });
    // the conversation of the tests above: its last e-mail is put out of the way (the runs above used future clocks)
    await t.app.db
      .updateTable('conversation_participants')
      .set({ notified_at: null })
      .where('conversation_hash', '=', conversation)
      .execute();
    const before = (await mailsTo('gratis@demo.test')).length;
    const second = await t.api('POST', `/usr/messages/${conversation}`, { body: { text: 'Two' }, token: bold.token });
    expect(second.statusCode).toBe(200);
    const at = new Date(second.json().messages.at(-1).created_at).getTime();
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(at + 16 * MINUTE))).toBe(1);
    const third = await t.api('POST', `/usr/messages/${conversation}`, { body: { text: 'Three' }, token: bold.token });
    expect(third.statusCode).toBe(200);
    // the e-mail is put 20 minutes before the third message: at +51 the message is 31 minutes old, but the last
    // e-mail is not an hour old yet
    const thirdAt = new Date(third.json().messages.at(-1).created_at).getTime();
    const mailAt = thirdAt - 20 * MINUTE;
    await t.app.db
      .updateTable('conversation_participants')
      .set({ notified_at: new Date(mailAt).toISOString() })
      .where('conversation_hash', '=', conversation)
      .where('party_hash', '=', gratisHash)
      .execute();
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(mailAt + 51 * MINUTE))).toBe(0);
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(mailAt + 61 * MINUTE))).toBe(1);
    expect(await sendAwayMails(t.app.db, t.app.config, new Date(mailAt + 200 * MINUTE))).toBe(0);
    expect((await mailsTo('gratis@demo.test')).length).toBe(before + 2);
  });

  it('finds the conversations due by an index, not by reading every unread one (issue 29 §5)', async () => {
    const db = t.app.db;
    const query = awayMailsDue(db, new Date()).compile();
    if (usingPostgres()) {
      // the statement is valid on PostgreSQL too (its plan is the planner's own business)
      expect(Array.isArray((await db.executeQuery(query)).rows)).toBe(true);
      return;
    }
    const details = await sqlitePlan(db, query);
    expect(details.length).toBeGreaterThan(0);
    // no scan of the participants, and no look into the messages for each of them
    expect(details.filter((d) => /\bp\b|conversation_participants/.test(d))).toEqual([
      expect.stringMatching(/^SEARCH p USING INDEX conversation_participants_pending/),
    ]);
    expect(details.filter((d) => /messages/.test(d))).toEqual([]);
  });
});
