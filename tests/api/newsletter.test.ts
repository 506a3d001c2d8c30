/**
 * The monthly newsletter (issue 14 §5): composed from the previous month's published articles only (drafts, other
 * months and scheduled ones left out), in each member's language (a missing translation shows Spanish), sent to the
 * validated members with the newsletter on, once per member and month whatever the runners; nothing for a month
 * without articles or after the first days of the month; the one-click unsubscribe as the real SMTP peer receives it,
 * a page that changes nothing on GET, forged tokens and the job alerts' tokens refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { startPeer, type Peer } from '../helpers/smtp';
import { MailWorker } from '../../src/server/modules/mail/worker';
import { TaskRunner } from '../../src/server/modules/tasks/runner';
import { newsletterTask, sendNewsletter } from '../../src/server/modules/newsletter/service';
import { unsubscribeToken } from '../../src/server/modules/mail/unsubscribe';
import { dialectOf } from '../../src/server/db/dialect';
import { systemContext } from '../../src/server/serviceContext';

let t: TestApp;
let peer: Peer;
let admin: Session;
const stamp = Date.now().toString(36);
// runs on the 2nd of March 2031 report on February 2031, a month the demo has no articles in
const RUN = new Date('2031-03-02T08:00:00Z');
const user = (email: string) =>
  t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const newsletters = () =>
  t.app.db
    .selectFrom('email_outbox')
    .select(['to_address', 'language', 'subject', 'body_text', 'headers'])
    .where('template', '=', 'newsletter.monthly')
    .orderBy('to_address')
    .execute();
const text = (title: string) => ({ title, summary: `${title}: summary`, body: `${title}: body` });

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://alumni.example' });
  peer = await startPeer();
  admin = await t.login('admin@demo.test', 'adm');
  // three subscribers in three languages; everybody else off, so the outbox speaks of these
  await t.app.db.updateTable('users').set({ is_newsletter: 0 }).execute();
  await t.app.db
    .updateTable('users')
    .set({ is_newsletter: 1 })
    .where('email', 'in', ['bold@demo.test', 'gratis@demo.test', 'regular@demo.test', 'pending@demo.test'])
    .execute();
  await t.app.db.updateTable('users').set({ language: 'en' }).where('email', '=', 'bold@demo.test').execute();
  await t.app.db.updateTable('users').set({ language: 'ca' }).where('email', '=', 'gratis@demo.test').execute();
  await t.app.db.updateTable('users').set({ language: 'es' }).where('email', '=', 'regular@demo.test').execute();
  const post = (body: Record<string, unknown>) =>
    t.api('POST', '/adm/articles', { token: admin.token, deviceId: admin.deviceId, body });
  // February 2031: one event in three languages, one news item in Spanish only, a draft
  expect(
    (
      await post({
        type: 'EVENT',
        status: 'PUBLISHED',
        date: '20/02/2031',
        texts: { es: text(`Evento ${stamp}`), en: text(`Event ${stamp}`), ca: text(`Esdeveniment ${stamp}`) },
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (await post({ type: 'NEWS', status: 'PUBLISHED', date: '03/02/2031', texts: { es: text(`Noticia ${stamp}`) } }))
      .statusCode,
  ).toBe(201);
  expect(
    (await post({ type: 'NEWS', status: 'DRAFT', date: '10/02/2031', texts: { es: text(`Borrador ${stamp}`) } }))
      .statusCode,
  ).toBe(201);
  // January and March 2031: not February's
  expect(
    (await post({ type: 'NEWS', status: 'PUBLISHED', date: '31/01/2031', texts: { es: text(`Enero ${stamp}`) } }))
      .statusCode,
  ).toBe(201);
  expect(
    (await post({ type: 'NEWS', status: 'PUBLISHED', date: '01/03/2031', texts: { es: text(`Marzo ${stamp}`) } }))
      .statusCode,
  ).toBe(201);
});
afterAll(async () => {
  await peer?.close();
  await t?.close();
});

describe('the monthly newsletter', () => {
  it('sends nothing for a month without articles, or after the first days of the month', async () => {
    expect(await sendNewsletter(systemContext(t.app), new Date('2031-03-12T08:00:00Z'))).toBe(0); // February's, but too late in March
    expect(await sendNewsletter(systemContext(t.app), new Date('2030-01-03T08:00:00Z'))).toBe(0); // December 2029: no articles
    expect(await newsletters()).toEqual([]);
  });

  it('reaches each validated subscriber once in their language, with February’s published articles only, whatever the runners', async () => {
    const runners = [
      new TaskRunner(t.app.db).register(newsletterTask(systemContext(t.app))),
      new TaskRunner(t.app.db).register(newsletterTask(systemContext(t.app))),
    ];
    await t.app.db.deleteFrom('tasks').where('name', '=', 'newsletter.monthly').execute();
    await Promise.all(runners.map((runner) => runner.runDue(RUN)));
    expect(await sendNewsletter(systemContext(t.app), RUN)).toBe(0); // a later run: already sent
    const mails = await newsletters();
    expect(mails.map((mail) => mail.to_address)).toEqual(['bold@demo.test', 'gratis@demo.test', 'regular@demo.test']); // not the unvalidated one
    const [en, ca, es] = mails;
    expect(en!.subject).toContain('February 2031');
    expect(en!.body_text).toContain(`Event ${stamp}`);
    expect(en!.body_text).toContain(`Noticia ${stamp}`); // not translated: Spanish, as on the site
    expect(ca!.body_text).toContain(`Esdeveniment ${stamp}`);
    expect(ca!.subject).toContain('febrer');
    expect(es!.body_text).toContain(`Evento ${stamp}`);
    for (const mail of mails) {
      expect(mail.body_text).not.toContain(`Borrador ${stamp}`);
      expect(mail.body_text).not.toContain(`Enero ${stamp}`);
      expect(mail.body_text).not.toContain(`Marzo ${stamp}`);
    }
    expect(en!.body_text).toContain('https://alumni.example/en/news/');
  });

  it('carries a one-click unsubscribe, as the SMTP peer receives it', async () => {
    const worker = new MailWorker({
      db: t.app.db,
      dialect: dialectOf(t.app.config.databaseUrl),
      smtpUrl: peer.url,
      from: 'Alumni <alumni@mail.test>',
    });
    await worker.runOnce();
    await worker.stop();
    const received = peer.received.find(
      (mail) =>
        (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address === 'bold@demo.test' &&
        (mail.text ?? '').includes(`Event ${stamp}`),
    );
    expect(received).toBeDefined();
    const header = (name: string) => received!.headerLines.find((line) => line.key === name)?.line ?? '';
    const token = unsubscribeToken(t.app.config.secretKey, 'news', (await user('bold@demo.test')).hash);
    expect(header('list-unsubscribe')).toContain(`<https://alumni.example/mail/unsubscribe/news/${token}>`);
    expect(header('list-unsubscribe-post')).toContain('List-Unsubscribe=One-Click');
  });

  it('is turned off by the one-click POST (GET changes nothing; forged tokens and another list’s token refused)', async () => {
    const bold = await user('bold@demo.test');
    const token = unsubscribeToken(t.app.config.secretKey, 'news', bold.hash);
    const page = await t.app.inject({ method: 'GET', url: `/mail/unsubscribe/news/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('newsletter');
    expect((await user('bold@demo.test')).is_newsletter).toBe(1);
    const jobsToken = unsubscribeToken(t.app.config.secretKey, 'jobs', bold.hash);
    for (const bad of [jobsToken, `${bold.hash}.${'A'.repeat(43)}`, 'not-a-token-at-all']) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/mail/unsubscribe/news/${encodeURIComponent(bad)}` })).statusCode,
        bad,
      ).toBe(404);
    }
    expect([400, 404]).toContain(
      (await t.app.inject({ method: 'POST', url: `/mail/unsubscribe/letters/${token}` })).statusCode,
    );
    expect((await user('bold@demo.test')).is_newsletter).toBe(1);
    const done = await t.app.inject({
      method: 'POST',
      url: `/mail/unsubscribe/news/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect((await user('bold@demo.test')).is_newsletter).toBe(0);
    expect((await user('bold@demo.test')).is_receive_jobs).toBe(bold.is_receive_jobs); // the other list untouched
  });
});
