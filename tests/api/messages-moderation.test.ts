/**
 * The moderation queue of reported messages (issue 29 §4): GET/PATCH /adm/message-reports. Every route × role and
 * odd spellings (nothing written), another id → 404, the context around the reported message, and each action —
 * dismiss, warn (an e-mail in the sender's language), disable (the back office's disable path) — resolving every
 * open report of the message once, audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallOptions, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
const s: Record<'regular' | 'bold' | 'gratis' | 'company' | 'admin', Session> = {} as never;
const hashes: Record<string, string> = {};
const as = (session?: Session | null, extra: CallOptions = {}): CallOptions => ({ token: session?.token, ...extra });

const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
const reportsState = async () =>
  JSON.stringify(await t.app.db.selectFrom('message_reports').selectAll().orderBy('hash').execute());
const auditOf = (action: string) => t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
const mailsTo = (email: string, template: string) =>
  t.app.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('template', '=', template)
    .execute();

/** bold writes `texts` to `to`; the reporter reports the one at `reportIndex`. */
async function reportedConversation(reporter: Session, to: string, texts: string[], reportIndex: number) {
  let thread = (await t.api('POST', '/usr/messages', { body: { to, text: texts[0] }, ...as(s.bold) })).json();
  for (const text of texts.slice(1))
    thread = (
      await t.api('POST', `/usr/messages/${thread.conversation.hash}`, { body: { text }, ...as(s.bold) })
    ).json();
  const target = thread.messages[reportIndex].hash as string;
  const res = await t.api('POST', `/usr/messages/reports/${target}`, {
    body: { reason: 'Unsolicited advertising' },
    ...as(reporter),
  });
  expect(res.statusCode).toBe(200);
  const row = await t.app.db
    .selectFrom('message_reports')
    .select('hash')
    .where('message_hash', '=', target)
    .executeTakeFirstOrThrow();
  return { report: row.hash, message: target, conversation: thread.conversation.hash as string };
}

beforeAll(async () => {
  t = await startTestApp();
  s.regular = await t.login('regular@demo.test');
  s.bold = await t.login('bold@demo.test');
  s.gratis = await t.login('gratis@demo.test');
  s.company = await t.login('company@demo.test', 'com');
  s.admin = await t.login('admin@demo.test', 'adm');
  for (const who of ['regular', 'bold', 'gratis']) hashes[who] = await userHash(`${who}@demo.test`);
});
afterAll(async () => t?.close());

describe('who may moderate', () => {
  it('answers 401 to a visitor and 403 to every member and a company on every route; odd spellings write nothing', async () => {
    const { report } = await reportedConversation(s.gratis, hashes['gratis']!, ['one', 'two'], 1);
    const before = await reportsState();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/adm/message-reports'],
      ['GET', `/adm/message-reports/${report}`],
      ['PATCH', `/adm/message-reports/${report}`, { action: 'disable' }],
    ];
    let checked = 0;
    for (const [session, status] of [
      [null, 401],
      [s.regular, 403],
      [s.bold, 403],
      [s.gratis, 403],
      [s.company, 403],
    ] as const)
      for (const [method, url, body] of calls) {
        expect((await t.api(method as 'GET', url, { ...as(session), body })).statusCode, `${method} ${url}`).toBe(
          status,
        );
        checked++;
      }
    expect(checked).toBe(15);
    for (const url of [
      `/adm/message-reports/${report}/`,
      `/adm/%6Dessage-reports/${report}`,
      `/ADM/message-reports/${report}`,
      `/adm//message-reports/${report}`,
      `/adm/message-reports/${report.toUpperCase()}`,
    ])
      for (const session of [s.bold, s.company])
        expect([401, 403, 404], url).toContain(
          (await t.api('PATCH', url, { ...as(session), body: { action: 'disable' } })).statusCode,
        );
    expect(await reportsState()).toBe(before);
    const bold = await t.app.db
      .selectFrom('users')
      .select('status')
      .where('hash', '=', hashes['bold']!)
      .executeTakeFirstOrThrow();
    expect(bold.status).toBe('VALIDATED');
  });

  it('answers 404 in the caller language to an unknown report, and 400 to an unknown action, nothing written', async () => {
    const before = await reportsState();
    const unknown = await t.api('PATCH', '/adm/message-reports/nosuchreport0001', {
      ...as(s.admin, { language: 'ca' }),
      body: { action: 'dismiss' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'messages.reportNotFound', message: 'No trobem aquesta denúncia.' });
    expect((await t.api('GET', '/adm/message-reports/nosuchreport0001', as(s.admin))).statusCode).toBe(404);
    const [first] = (await t.api('GET', '/adm/message-reports', as(s.admin))).json().items;
    for (const body of [{ action: 'delete' }, {}, { action: 'dismiss', extra: 1 }, { action: ['dismiss'] }]) {
      const res = await t.api('PATCH', `/adm/message-reports/${first.hash}`, { ...as(s.admin), body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await reportsState()).toBe(before);
  });
});

describe('the queue', () => {
  it('lists open reports with the reported message and the messages around it', async () => {
    await t.app.db.deleteFrom('conversations').execute();
    const texts = ['m1', 'm2', 'm3', 'm4 buy now', 'm5', 'm6', 'm7', 'm8'];
    const { report, message } = await reportedConversation(s.gratis, hashes['gratis']!, texts, 3);
    const res = await t.api('GET', '/adm/message-reports', as(s.admin));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(1);
    expect(body.items).toHaveLength(1);
    const item = body.items[0];
    expect(item).toMatchObject({
      hash: report,
      reason: 'Unsolicited advertising',
      reporter: { type: 'user', hash: hashes['gratis'] },
      sender: { type: 'user', hash: hashes['bold'], email: 'bold@demo.test', status: 'VALIDATED' },
      message: { hash: message, text: 'm4 buy now' },
      reports: 1,
      resolution: null,
      resolved_at: null,
    });
    // three before, the reported one, three after
    expect(item.context.map((m: { text: string }) => m.text)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4 buy now',
      'm5',
      'm6',
      'm7',
    ]);
    expect(item.context.filter((m: { reported: boolean }) => m.reported)).toHaveLength(1);
    expect((await t.api('GET', `/adm/message-reports/${report}`, as(s.admin))).json().context).toHaveLength(7);
    expect((await t.api('GET', '/adm/message-reports?status=resolved', as(s.admin))).json().total).toBe(0);
  });
});

describe('what an administrator does', () => {
  it('dismisses: the report leaves the queue, audited, nothing e-mailed, the sender untouched; a second decision is 409', async () => {
    await t.app.db.deleteFrom('conversations').execute();
    const { report } = await reportedConversation(s.gratis, hashes['gratis']!, ['hello there'], 0);
    const res = await t.api('PATCH', `/adm/message-reports/${report}`, { ...as(s.admin), body: { action: 'dismiss' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolution: 'DISMISSED' });
    expect((await t.api('GET', '/adm/message-reports', as(s.admin))).json().total).toBe(0);
    expect((await t.api('GET', '/adm/message-reports?status=resolved', as(s.admin))).json().items[0].hash).toBe(report);
    const rows = await auditOf('message.reportDismissed');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.target_hash).toBe(hashes['bold']);
    expect(await mailsTo('bold@demo.test', 'message.warning')).toHaveLength(0);
    const again = await t.api('PATCH', `/adm/message-reports/${report}`, {
      ...as(s.admin, { language: 'es' }),
      body: { action: 'disable' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'messages.reportResolved',
      message: 'Alguien ya ha resuelto esta denuncia.',
    });
    const bold = await t.app.db
      .selectFrom('users')
      .select('status')
      .where('hash', '=', hashes['bold']!)
      .executeTakeFirstOrThrow();
    expect(bold.status).toBe('VALIDATED');
  });

  it("warns: one e-mail in the sender's language quoting the message, audited, every report of that message resolved", async () => {
    await t.app.db.deleteFrom('conversations').execute();
    await t.app.db.updateTable('users').set({ language: 'ca' }).where('hash', '=', hashes['bold']!).execute();
    const { report, message, conversation } = await reportedConversation(
      s.gratis,
      hashes['gratis']!,
      ['Compra pastilles'],
      0,
    );
    // a second open report of the same message (written directly: only the recipient can report it through the API)
    await t.app.db
      .insertInto('message_reports')
      .values({
        hash: 'secondreport00001',
        message_hash: message,
        reporter_type: 'user',
        reporter_hash: hashes['regular']!,
        reason: 'spam',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(conversation.length).toBeGreaterThan(0);
    const res = await t.api('PATCH', `/adm/message-reports/${report}`, { ...as(s.admin), body: { action: 'warn' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolution: 'WARNED', reports: 2 });
    const open = await t.app.db.selectFrom('message_reports').select('hash').where('resolved_at', 'is', null).execute();
    expect(open).toHaveLength(0);
    const mails = await mailsTo('bold@demo.test', 'message.warning');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('ca');
    expect(mails[0]!.subject).toBe('Un avís sobre un missatge que vas enviar');
    expect(mails[0]!.body_text).toContain('Compra pastilles');
    expect(await auditOf('message.senderWarned')).toHaveLength(1);
    const bold = await t.app.db
      .selectFrom('users')
      .select('status')
      .where('hash', '=', hashes['bold']!)
      .executeTakeFirstOrThrow();
    expect(bold.status).toBe('VALIDATED');
  });

  it("disables the sender through the back office's path: status, sessions ended, e-mail, both audit rows", async () => {
    await t.app.db.deleteFrom('conversations').execute();
    const { report } = await reportedConversation(s.gratis, hashes['gratis']!, ['nasty words'], 0);
    const res = await t.api('PATCH', `/adm/message-reports/${report}`, { ...as(s.admin), body: { action: 'disable' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolution: 'DISABLED', sender: { status: 'DISABLED' } });
    const bold = await t.app.db
      .selectFrom('users')
      .select('status')
      .where('hash', '=', hashes['bold']!)
      .executeTakeFirstOrThrow();
    expect(bold.status).toBe('DISABLED');
    expect((await t.api('GET', '/usr/messages', as(s.bold))).statusCode).toBe(401);
    expect(await mailsTo('bold@demo.test', 'account.disabled')).toHaveLength(1);
    expect(await auditOf('message.senderDisabled')).toHaveLength(1);
    expect((await auditOf('user.disabled')).filter((r) => r.target_hash === hashes['bold'])).toHaveLength(1);
  });

  it("the association's own message can be dismissed but not warned about or disabled (409)", async () => {
    const sent = await t.api('POST', '/adm/messages', {
      body: { to: hashes['gratis'], text: 'From the office' },
      ...as(s.admin),
    });
    expect(sent.statusCode).toBe(200);
    const message = sent.json().messages.at(-1).hash as string;
    expect(
      (await t.api('POST', `/usr/messages/reports/${message}`, { body: { reason: 'not wanted' }, ...as(s.gratis) }))
        .statusCode,
    ).toBe(200);
    const [item] = (await t.api('GET', '/adm/message-reports', as(s.admin))).json().items;
    expect(item.sender.type).toBe('admin');
    for (const action of ['warn', 'disable']) {
      const res = await t.api('PATCH', `/adm/message-reports/${item.hash}`, { ...as(s.admin), body: { action } });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().code).toBe('messages.associationSender');
    }
    expect(
      (await t.api('PATCH', `/adm/message-reports/${item.hash}`, { ...as(s.admin), body: { action: 'dismiss' } }))
        .statusCode,
    ).toBe(200);
  });
});
