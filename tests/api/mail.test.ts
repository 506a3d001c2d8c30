/**
 * The e-mail outbox and its worker (issue 8 §1) against a real SMTP peer: `smtp-server` listening on a free
 * port, `mailparser` reading what it received. No mocks. Runs on SQLite, and on PostgreSQL under TEST_DB=postgres
 * (there the two-worker test exercises FOR UPDATE SKIP LOCKED).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDb, dialectOf, migrateToLatest, type Db } from '../../src/server/db/dialect';
import { enqueueMail, MAIL_LANGUAGES, MAIL_TEMPLATES, type MailTemplate } from '../../src/server/modules/mail/outbox';
import { renderMail } from '../../src/server/modules/mail/render';
import { MailWorker, type MailWorkerOptions } from '../../src/server/modules/mail/worker';
import { testDatabase, type TestDatabase } from '../helpers/db';
import { runToEnd } from '../helpers/process';
import { startPeer, type Peer } from '../helpers/smtp';

const FROM = 'Alumni test <alumni@mail.test>';
const MINUTE = 60_000;

/** A port nobody listens on (the SMTP server is down). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let database: TestDatabase;
let db: Db;
let peer: Peer;
const workers: MailWorker[] = [];
const extraDbs: Db[] = [];

function worker(options: Partial<MailWorkerOptions> = {}, on: Db = db): MailWorker {
  const w = new MailWorker({ db: on, dialect: dialectOf(database.url), smtpUrl: peer.url, from: FROM, ...options });
  workers.push(w);
  return w;
}

const outbox = () => db.selectFrom('email_outbox').selectAll().orderBy('created_at').execute();
const row = (to: string) =>
  db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).executeTakeFirstOrThrow();
const textOf = (mail: ParsedMail) => mail.text ?? '';
const htmlOf = (mail: ParsedMail) => (typeof mail.html === 'string' ? mail.html : '');
const toOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;

beforeAll(async () => {
  database = await testDatabase();
  db = createDb(database.url, { poolSize: 4 });
  await migrateToLatest(db);
  await db
    .insertInto('settings')
    .values({
      key: 'site',
      value: JSON.stringify({ address: 'Carrer de la Escola 12, 08001 Barcelona', email: 'info@alumni.test' }),
    })
    .execute();
});

afterAll(async () => {
  await db?.destroy();
  await database?.cleanup();
});

beforeEach(async () => {
  peer = await startPeer();
  await db.deleteFrom('email_outbox').execute();
});

afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
  while (extraDbs.length) await extraDbs.pop()!.destroy();
  await peer.close();
});

describe('enqueueMail', () => {
  it('a message enqueued in a transaction that rolls back is never sent; the one that commits is delivered once', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, {
          to: 'rolled-back@mail.test',
          language: 'es',
          template: 'account.received',
          data: { name: 'Rita' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.transaction().execute(async (trx) => {
      await enqueueMail(trx, {
        to: 'committed@mail.test',
        language: 'es',
        template: 'account.received',
        data: { name: 'Carla' },
      });
    });

    expect((await outbox()).map((r) => r.to_address)).toEqual(['committed@mail.test']);
    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(peer.received.map(toOf)).toEqual(['committed@mail.test']);
    const sent = await row('committed@mail.test');
    expect(sent.status).toBe('SENT');
    expect(sent.sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(sent.attempts).toBe(1);
  });

  it("is delivered in the recipient's language, with an HTML and a text part, the absolute link and the site's look", async () => {
    const expected = {
      es: {
        subject: 'Restablece tu contraseña de Alumni',
        phrase: 'El enlace es válido durante 1 hora',
        greeting: 'Hola, Marta:',
      },
      en: { subject: 'Reset your Alumni password', phrase: 'The link is valid for 1 hour', greeting: 'Hello Marta,' },
      ca: {
        subject: "Restableix la teva contrasenya d'Alumni",
        phrase: "L'enllaç és vàlid durant 1 hora",
        greeting: 'Hola, Marta:',
      },
    } as const;
    for (const language of MAIL_LANGUAGES) {
      const link = `https://alumni.example.org/${language}/user/recovery?token=tok-${language}&x=1`;
      await enqueueMail(db, {
        to: `${language}@mail.test`,
        language,
        template: 'account.recovery',
        data: { name: 'Marta', link },
      });
    }
    expect((await worker().runOnce()).sent).toBe(3);

    expect(peer.received).toHaveLength(3);
    for (const language of MAIL_LANGUAGES) {
      const mail = peer.received.find((m) => toOf(m) === `${language}@mail.test`)!;
      const link = `https://alumni.example.org/${language}/user/recovery?token=tok-${language}&x=1`;
      expect(mail.subject).toBe(expected[language].subject);
      expect(mail.from?.value[0]).toEqual({ address: 'alumni@mail.test', name: 'Alumni test' });
      expect(mail.messageId).toMatch(/@mail\.test>$/);
      // the text part
      expect(textOf(mail)).toContain(expected[language].greeting);
      expect(textOf(mail)).toContain(expected[language].phrase);
      expect(textOf(mail)).toContain(link);
      expect(textOf(mail)).not.toContain('<');
      // the HTML part: a button to the link, the brand's colours, the association's address from the settings
      expect(htmlOf(mail)).toContain(`<html lang="${language}">`);
      expect(htmlOf(mail)).toContain(`href="${link.replace('&', '&amp;')}"`);
      expect(htmlOf(mail)).toContain(expected[language].phrase.replace("'", '&#39;'));
      expect(htmlOf(mail)).toContain('#e8893a');
      expect(htmlOf(mail)).toContain('Carrer de la Escola 12, 08001 Barcelona');
    }
  });

  it('renders every template in es, en and ca with their own wording and their data, escaped in HTML', () => {
    const data: Record<MailTemplate, Record<string, unknown>> = {
      'account.confirmEmail': { name: 'Ann <b>', link: 'https://a.test/confirm?t=1' },
      'account.received': { name: 'Ann <b>' },
      'account.validated': { name: 'Ann <b>', link: 'https://a.test/en/login' },
      'account.rejected': { name: 'Ann <b>', reason: 'Unknown <graduation> year' },
      'account.disabled': { name: 'Ann <b>' },
      'account.recovery': { name: 'Ann <b>', link: 'https://a.test/recovery?t=2' },
      'account.passwordChanged': { name: 'Ann <b>' },
      'account.emailChange': { name: 'Ann <b>', link: 'https://a.test/email?t=3' },
      'account.deleted': { name: 'Ann <b>' },
      'job.published': { name: 'Ann <b>', title: 'Designer <i>', link: 'https://a.test/en/company/jobs' },
      'job.rejected': {
        name: 'Ann <b>',
        title: 'Designer <i>',
        reason: 'Unknown <graduation> year',
        link: 'https://a.test/en/company/jobs/x/edit',
      },
      'job.closed': {
        name: 'Ann <b>',
        title: 'Designer <i>',
        company: 'Studio <s>',
        link: 'https://a.test/en/user/jobs/subscribed',
      },
      'job.outcome.hired': {
        name: 'Ann <b>',
        title: 'Designer <i>',
        company: 'Studio <s>',
        link: 'https://a.test/en/user/jobs/subscribed',
      },
      'job.outcome.notSelected': {
        name: 'Ann <b>',
        title: 'Designer <i>',
        company: 'Studio <s>',
        link: 'https://a.test/en/user/jobs/subscribed',
      },
      'job.expiring': {
        name: 'Ann <b>',
        title: 'Designer <i>',
        date: '30 November 2026',
        link: 'https://a.test/en/company/jobs/x',
      },
      'application.status': {
        name: 'Ann <b>',
        title: 'Designer <i>',
        company: 'Studio <s>',
        status: 'In process',
        link: 'https://a.test/en/user/jobs/subscribed',
      },
      'company.validated': { name: 'Ann <b>', link: 'https://a.test/en/company/login' },
      'job.alert': {
        name: 'Ann <b>',
        link: 'https://a.test/en/jobs',
        unsubscribe: 'https://a.test/mail/unsubscribe/jobs/abc',
        offers: [
          { title: 'Designer <i>', company: 'Studio <s>', place: 'Girona', link: 'https://a.test/en/jobs/designer' },
        ],
      },
      'workgroup.published': { name: 'Ann <b>', title: 'Makers <m>', link: 'https://a.test/en/workgroups/makers' },
      'workgroup.rejected': {
        name: 'Ann <b>',
        title: 'Makers <m>',
        reason: 'Unknown <graduation> year',
        link: 'https://a.test/en/user/workgroups/x/edit',
      },
      'workgroup.requested': {
        name: 'Ann <b>',
        title: 'Makers <m>',
        member: 'Joan <j>',
        message: 'Hello <h>',
        link: 'https://a.test/en/user/workgroups/x',
      },
      'workgroup.accepted': { name: 'Ann <b>', title: 'Makers <m>', link: 'https://a.test/en/workgroups/makers' },
      'workgroup.declined': { name: 'Ann <b>', title: 'Makers <m>', link: 'https://a.test/en/workgroups' },
      'workgroup.postRemoved': {
        name: 'Ann <b>',
        title: 'Makers <m>',
        reason: 'Unknown <graduation> year',
        excerpt: 'My <post>',
        link: 'https://a.test/en/workgroups/makers',
      },
      'workgroup.reply': {
        name: 'Ann <b>',
        title: 'Makers <m>',
        member: 'Joan <j>',
        excerpt: 'Thanks <t>',
        link: 'https://a.test/en/workgroups/makers',
      },
      'workgroup.digest': {
        name: 'Ann <b>',
        title: 'Makers <m>',
        link: 'https://a.test/en/user/workgroups/subscribed',
        posts: [{ group: 'Makers <m>', excerpt: 'New <post>', link: 'https://a.test/en/workgroups/makers' }],
      },
      'workgroup.reported': {
        name: 'Ann <b>',
        title: 'Makers <m>',
        reason: 'Unknown <graduation> year',
        excerpt: 'My <post>',
        link: 'https://a.test/en/user/workgroups/x',
      },
      'newsletter.monthly': {
        name: 'Ann <b>',
        month: 'October <2026>',
        link: 'https://a.test/en/news',
        unsubscribe: 'https://a.test/mail/unsubscribe/news/x.y',
        articles: [
          { title: 'Designer <i> night', summary: 'Talks <t>', link: 'https://a.test/en/news/designer-night' },
        ],
      },
      'admin.invite': { name: 'Ann <b>', member: 'Joan <j>', link: 'https://a.test/en/admin/invite/x' },
      'membership.receipt': {
        name: 'Ann <b>',
        amount: '50,00 € <e>',
        number: 'R-2027-000001',
        until: '1 March 2028',
        link: 'https://a.test/en/user/card',
      },
      'membership.paymentFailed': {
        name: 'Ann <b>',
        amount: '50,00 € <e>',
        date: '3 March 2027',
        reasonKey: 'declined',
        link: 'https://a.test/en/user/card',
      },
      'membership.ended': { name: 'Ann <b>', why: 'failed', link: 'https://a.test/en/user/card' },
      'membership.cancelled': { name: 'Ann <b>', date: '1 March 2028 <d>', link: 'https://a.test/en/user/card' },
      'account.invitation': { name: 'Ann <b>', number: '10042 <n>', link: 'https://a.test/en/user/invitation?token=x' },
      'message.unread': {
        name: 'Ann <b>',
        from: 'Joan <j>',
        link: 'https://a.test/en/user/messages/abc',
        unsubscribe: 'https://a.test/mail/unsubscribe/messages/x.y',
      },
      'message.warning': { name: 'Ann <b>', excerpt: 'Buy <cheap> pills' },
      'message.digest': {
        name: 'Ann <b>',
        conversations: [{ from: 'Joan <j>', count: 2, link: 'https://a.test/en/user/messages/abc' }],
        link: 'https://a.test/en/user/messages',
        unsubscribe: 'https://a.test/mail/unsubscribe/messages/x.y',
      },
    };
    expect(MAIL_TEMPLATES).toHaveLength(37);
    const subjects = new Set<string>();
    for (const template of MAIL_TEMPLATES) {
      const bodies = new Set<string>();
      for (const language of MAIL_LANGUAGES) {
        const mail = renderMail(template, language, data[template], { siteUrl: 'https://a.test' });
        subjects.add(mail.subject);
        bodies.add(mail.text);
        expect(mail.text).toContain('Ann <b>');
        expect(mail.html).toContain('Ann &lt;b&gt;');
        expect(mail.html).not.toContain('<b>');
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(
          /\{\{|undefined|(account|job|application|company|workgroup)\.\w+\.\w+/,
        );
        if (typeof data[template]['link'] === 'string') {
          expect(mail.text).toContain(data[template]['link']);
          expect(mail.html).toContain(`href="${data[template]['link']}"`);
        }
        if (template.startsWith('job.') || template === 'application.status') {
          expect(mail.text).toContain('Designer <i>');
          expect(mail.html).toContain('Designer &lt;i&gt;');
        }
        if (template.startsWith('workgroup.')) {
          expect(mail.text).toContain('Makers <m>');
          expect(mail.html).toContain('Makers &lt;m&gt;');
        }
        if (
          template === 'account.rejected' ||
          template === 'job.rejected' ||
          template === 'workgroup.rejected' ||
          template === 'workgroup.postRemoved' ||
          template === 'workgroup.reported'
        ) {
          expect(mail.text).toContain('Unknown <graduation> year');
          expect(mail.html).toContain('Unknown &lt;graduation&gt; year');
        }
      }
      expect(bodies.size).toBe(3); // three translations, not one text three times
    }
    expect(subjects.size).toBe(MAIL_TEMPLATES.length * 3);
    // the optional reason of a disabled account appears only when given
    expect(
      renderMail('account.disabled', 'en', { name: 'A', reason: 'Spam' }, { siteUrl: 'https://a.test' }).text,
    ).toContain('Reason: Spam');
    expect(renderMail('account.disabled', 'en', { name: 'A' }, { siteUrl: 'https://a.test' }).text).not.toContain(
      'Reason',
    );
    // a missing name (a company contact without one) greets without it rather than failing the caller
    const anonymous = renderMail('account.received', 'en', {}, { siteUrl: 'https://a.test' });
    expect(anonymous.text).toContain('\nHello,\n');
    expect(anonymous.text).not.toMatch(/undefined|null/);
  });

  it('refuses a relative link or missing data at enqueue time, in the caller (nothing is queued)', async () => {
    await expect(
      enqueueMail(db, {
        to: 'x@mail.test',
        language: 'en',
        template: 'account.recovery',
        data: { name: 'X', link: '/en/user/recovery?token=1' },
      }),
    ).rejects.toThrow(/absolute/);
    await expect(
      enqueueMail(db, { to: 'x@mail.test', language: 'en', template: 'account.rejected', data: { name: 'X' } }),
    ).rejects.toThrow(/reason/);
    await expect(
      enqueueMail(db, { to: 'not-an-address', language: 'en', template: 'account.received', data: { name: 'X' } }),
    ).rejects.toThrow();
    expect(await outbox()).toEqual([]);
  });

  it('keeps what was rendered at enqueue time: the queued row holds subject, text and HTML', async () => {
    await enqueueMail(db, {
      to: 'kept@mail.test',
      language: 'ca',
      template: 'account.validated',
      data: { name: 'Pau', link: 'https://alumni.example.org/ca/acces' },
    });
    const queued = await row('kept@mail.test');
    expect(queued).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      language: 'ca',
      template: 'account.validated',
      subject: "El teu compte d'Alumni ja està actiu",
    });
    expect(queued.body_text).toContain('https://alumni.example.org/ca/acces');
    expect(queued.body_html).toContain('https://alumni.example.org/ca/acces');
    // what is delivered is the stored text, byte for byte
    await db.updateTable('email_outbox').set({ body_text: 'STORED TEXT\n' }).where('hash', '=', queued.hash).execute();
    await worker().runOnce();
    expect(textOf(peer.received[0]!).trim()).toBe('STORED TEXT');
  });
});

describe('the worker', () => {
  it('leaves a message the SMTP server refuses PENDING with attempts+1 and a later next attempt, and delivers it on a later run', async () => {
    await enqueueMail(db, {
      to: 'later@mail.test',
      language: 'en',
      template: 'account.deleted',
      data: { name: 'Lee' },
    });
    peer.refuseData = { code: 451, message: 'Try again later' };
    const now = new Date();
    const w = worker();
    expect(await w.runOnce(now)).toEqual({ sent: 0, retried: 1, failed: 0 });
    let r = await row('later@mail.test');
    expect(r.status).toBe('PENDING');
    expect(r.attempts).toBe(1);
    expect(r.error).toContain('451');
    expect(Date.parse(r.next_attempt_at) - now.getTime()).toBe(1 * MINUTE);
    expect(peer.received).toHaveLength(0);

    // not due yet: the next round leaves it alone
    peer.refuseData = null;
    expect(await w.runOnce(new Date(now.getTime() + 30_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await row('later@mail.test')).attempts).toBe(1);

    // a second failure waits longer (5 minutes)
    peer.refuseData = { code: 421, message: 'Busy' };
    await w.runOnce(new Date(now.getTime() + MINUTE));
    r = await row('later@mail.test');
    expect(r.attempts).toBe(2);
    expect(Date.parse(r.next_attempt_at) - now.getTime()).toBe(MINUTE + 5 * MINUTE);

    peer.refuseData = null;
    expect(await w.runOnce(new Date(now.getTime() + 6 * MINUTE))).toEqual({ sent: 1, retried: 0, failed: 0 });
    r = await row('later@mail.test');
    expect(r.status).toBe('SENT');
    expect(r.attempts).toBe(3);
    expect(peer.received.map(toOf)).toEqual(['later@mail.test']);
  });

  it('keeps the message when the SMTP server is down, and delivers it once the server is back', async () => {
    await enqueueMail(db, {
      to: 'down@mail.test',
      language: 'es',
      template: 'account.passwordChanged',
      data: { name: 'Dani' },
    });
    const down = worker({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    const now = new Date();
    expect(await down.runOnce(now)).toEqual({ sent: 0, retried: 1, failed: 0 });
    const r = await row('down@mail.test');
    expect(r).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(r.error).toMatch(/ECONNREFUSED|connect/i);
    expect(Date.parse(r.next_attempt_at)).toBeGreaterThan(now.getTime());
    await down.stop();

    // "restart" with the server up: a new worker delivers it when it is due
    expect(await worker().runOnce(new Date(now.getTime() + 2 * MINUTE))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(peer.received.map((m) => m.subject)).toEqual(['Se ha cambiado tu contraseña de Alumni']);
  });

  it('gives up after the last attempt (FAILED with the error), and at once when the server refuses the recipient', async () => {
    await enqueueMail(db, { to: 'flaky@mail.test', language: 'en', template: 'account.deleted', data: { name: 'F' } });
    await enqueueMail(db, { to: 'nobody@mail.test', language: 'en', template: 'account.deleted', data: { name: 'N' } });
    peer.refuseRcpt.add('nobody@mail.test');
    peer.refuseData = { code: 452, message: 'Mailbox full' };
    const w = worker({ backoffMs: [1000] }); // two attempts in all
    const now = new Date();
    expect(await w.runOnce(now)).toEqual({ sent: 0, retried: 1, failed: 1 });
    expect(await row('nobody@mail.test')).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect((await row('nobody@mail.test')).error).toContain('550');
    expect(await row('flaky@mail.test')).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(await w.runOnce(new Date(now.getTime() + 1000))).toEqual({ sent: 0, retried: 0, failed: 1 });
    const failed = await row('flaky@mail.test');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(failed.error).toContain('Mailbox full');
    // a FAILED row is never picked again
    peer.refuseData = null;
    expect(await w.runOnce(new Date(now.getTime() + 24 * 60 * MINUTE))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);
  });

  it('delivers each message exactly once when two workers on two connections run at the same time', async () => {
    const count = 30;
    for (let i = 0; i < count; i++) {
      await enqueueMail(db, {
        to: `many${i}@mail.test`,
        language: MAIL_LANGUAGES[i % 3]!,
        template: 'account.received',
        data: { name: `N${i}` },
      });
    }
    const other = createDb(database.url, { poolSize: 4 });
    extraDbs.push(other);
    peer.delayMs = 5;
    const a = worker({ batchSize: 7, id: 'worker-a' });
    const b = worker({ batchSize: 7, id: 'worker-b' }, other);
    const results = await Promise.all([a.runOnce(), b.runOnce()]); // each claims batch after batch until none is left
    // a second pass each finds nothing left
    const again = await Promise.all([a.runOnce(), b.runOnce()]);

    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(count);
    expect(again).toEqual([
      { sent: 0, retried: 0, failed: 0 },
      { sent: 0, retried: 0, failed: 0 },
    ]);
    const recipients = peer.received.map(toOf);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    expect(new Set(peer.received.map((m) => m.messageId)).size).toBe(count);
    const rows = await outbox();
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
  });

  it('delivers a row left in SENDING by a crashed worker once its lease is over, and leaves a live lease alone', async () => {
    await enqueueMail(db, {
      to: 'crashed@mail.test',
      language: 'en',
      template: 'account.deleted',
      data: { name: 'C' },
    });
    await enqueueMail(db, { to: 'busy@mail.test', language: 'en', template: 'account.deleted', data: { name: 'B' } });
    const now = new Date();
    const past = new Date(now.getTime() - 1000).toISOString();
    const future = new Date(now.getTime() + MINUTE).toISOString();
    await db
      .updateTable('email_outbox')
      .set({ status: 'SENDING', attempts: 1, claimed_by: 'dead:1', locked_until: past })
      .where('to_address', '=', 'crashed@mail.test')
      .execute();
    await db
      .updateTable('email_outbox')
      .set({ status: 'SENDING', attempts: 1, claimed_by: 'alive:1', locked_until: future })
      .where('to_address', '=', 'busy@mail.test')
      .execute();

    const restarted = worker();
    expect(await restarted.runOnce(now)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(peer.received.map(toOf)).toEqual(['crashed@mail.test']);
    expect(await row('crashed@mail.test')).toMatchObject({ status: 'SENT', attempts: 2, locked_until: null });
    expect(await row('busy@mail.test')).toMatchObject({ status: 'SENDING', claimed_by: 'alive:1' });
    // the dead claim cannot finish the row any more: only the current claim marks it
    expect((await row('crashed@mail.test')).claimed_by).not.toBe('dead:1');
  });
});

describe('a started worker', () => {
  it('sends a message right after it is enqueued, without waiting for the next poll', async () => {
    const w = worker({ pollMs: 60_000 });
    w.start(); // runs a first round at once, then would wait a minute
    await w.runOnce(); // that first round is over
    const queuedAt = Date.now();
    await db
      .transaction()
      .execute((trx) =>
        enqueueMail(trx, { to: 'fast@mail.test', language: 'en', template: 'account.deleted', data: { name: 'F' } }),
      );
    while (peer.received.length === 0 && Date.now() - queuedAt < 5000) await new Promise((r) => setTimeout(r, 20));
    expect(peer.received.map(toOf)).toEqual(['fast@mail.test']);
    expect(Date.now() - queuedAt).toBeLessThan(3000);
    await w.stop();
    // a stopped worker no longer listens
    await enqueueMail(db, {
      to: 'stopped@mail.test',
      language: 'en',
      template: 'account.deleted',
      data: { name: 'S' },
    });
    await new Promise((r) => setTimeout(r, 600));
    expect((await row('stopped@mail.test')).status).toBe('PENDING');
  });
});

describe('in the app', () => {
  const appConfig = (env: Record<string, string>) =>
    loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DIST_DIR: join(process.cwd(), 'dist'),
      MAIL_FROM: FROM,
      ...env,
    });

  it('with SMTP_URL, the app delivers queued mail by itself within 10 s, and closing the app stops the worker', async () => {
    const app = await buildApp(appConfig({ SMTP_URL: peer.url }), { db, migrate: false });
    try {
      await db.transaction().execute((trx) =>
        enqueueMail(trx, {
          to: 'app@mail.test',
          language: 'ca',
          template: 'account.passwordChanged',
          data: { name: 'Jordi' },
        }),
      );
      const deadline = Date.now() + 10_000;
      while (peer.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(peer.received.map((m) => m.subject)).toEqual(["S'ha canviat la teva contrasenya d'Alumni"]);
      expect((await row('app@mail.test')).status).toBe('SENT');
    } finally {
      await app.close();
    }
    // closed: nothing more is delivered
    await enqueueMail(db, {
      to: 'after-close@mail.test',
      language: 'en',
      template: 'account.deleted',
      data: { name: 'Z' },
    });
    await new Promise((r) => setTimeout(r, 3500));
    expect((await row('after-close@mail.test')).status).toBe('PENDING');
    expect(peer.received).toHaveLength(1);
  });

  it('two app instances on one database deliver each message once', async () => {
    const second = createDb(database.url, { poolSize: 4 });
    extraDbs.push(second);
    const apps = [
      await buildApp(appConfig({ SMTP_URL: peer.url }), { db, migrate: false }),
      await buildApp(appConfig({ SMTP_URL: peer.url }), { db: second, migrate: false }),
    ];
    try {
      peer.delayMs = 20;
      for (let i = 0; i < 12; i++)
        await enqueueMail(i % 2 ? second : db, {
          to: `pair${i}@mail.test`,
          language: 'en',
          template: 'account.deleted',
          data: { name: `P${i}` },
        });
      const deadline = Date.now() + 15_000;
      while (peer.received.length < 12 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 3500)); // a further poll of both: nothing more arrives
    } finally {
      for (const app of apps) await app.close();
    }
    const recipients = peer.received.map(toOf);
    expect(recipients).toHaveLength(12);
    expect(new Set(recipients).size).toBe(12);
    expect((await outbox()).every((r) => r.status === 'SENT')).toBe(true);
  });

  it('MAIL_FROM defaults to Alumni <no-reply@localhost> and must be an address', () => {
    expect(loadConfig({}).mailFrom).toBe('Alumni <no-reply@localhost>');
    expect(loadConfig({ MAIL_FROM: 'Alumni office <office@alumni.example.org>' }).mailFrom).toBe(
      'Alumni office <office@alumni.example.org>',
    );
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
  });

  it('without SMTP_URL nothing is sent, the row stays PENDING, and `npm run mail:outbox` reads it', async () => {
    const app = await buildApp(appConfig({}), { db, migrate: false });
    try {
      await enqueueMail(db, {
        to: 'unsent@mail.test',
        language: 'es',
        template: 'account.recovery',
        data: { name: 'Iris', link: 'https://alumni.example.org/es/usuario/recuperar?token=abc' },
      });
      await new Promise((r) => setTimeout(r, 3500)); // longer than a poll
      expect(await row('unsent@mail.test')).toMatchObject({ status: 'PENDING', attempts: 0, sent_at: null });
      expect(peer.received).toHaveLength(0);
    } finally {
      await app.close();
    }
    const env = { DATABASE_URL: database.url, DATA_DIR: database.dataDir };
    const list = await runToEnd('src/server/cli/mail-outbox.ts', env);
    expect(list.code).toBe(0);
    expect(list.output).toContain('unsent@mail.test');
    expect(list.output).toContain('PENDING');
    expect(list.output).toContain('Restablece tu contraseña de Alumni');
    const { hash } = await row('unsent@mail.test');
    const one = await runToEnd('src/server/cli/mail-outbox.ts', env, [hash]);
    expect(one.code).toBe(0);
    expect(one.output).toContain('To: unsent@mail.test');
    expect(one.output).toContain('https://alumni.example.org/es/usuario/recuperar?token=abc');
    expect(one.output).toContain('Hola, Iris:');
    const missing = await runToEnd('src/server/cli/mail-outbox.ts', env, ['zzzzzzzz']);
    expect(missing.code).toBe(1);
  });
});
