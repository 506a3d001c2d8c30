/**
 * Membership payments in the back office (issue 13 §6) on the sandbox provider: who may reach each route, hostile
 * bodies naming their field, refunds (partial, full, more than is left, two at once, a failed payment, a refusal by
 * the provider that writes nothing), the SEPA direct-debit file of the pending debits (its content, parsed as XML,
 * nothing left for a second one, the same file downloaded again), the bank's answers (collected: receipt e-mailed;
 * returned: the year taken back), the audit rows of each and the CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { makeMember, outboxFor, statusOf } from '../helpers/admin';
import { findAll, parseXml } from '../helpers/xml';

let t: TestApp;
const s: Record<string, Session> = {};
const as = (session: Session | null) => (session ? { token: session.token, deviceId: session.deviceId } : {});
const admin = () => as(s['admin']!);
const DAY = 86_400_000;
const good = { cc_name: 'Marc Bold', cc_number: '4242 4242 4242 4242', cc_exp: '12/34', cc_csc: '123', action: 'pay' };
const failingLater = { ...good, cc_number: '4000 0000 0000 0341' };
const dmy = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${date.getUTCFullYear()}`;
const inDays = (days: number) => dmy(new Date(Date.now() + days * DAY));

async function member(role = 'REGULAR') {
  const made = await makeMember(t, { status: 'VALIDATED', role, emailConfirmed: true });
  return { ...made, session: await t.login(made.email) };
}

async function giveCard(session: Session, form: Record<string, string>) {
  const started = await t.api('POST', '/usr/card', { ...as(session), body: {} });
  const url = new URL(started.json().url, 'https://alumni.example');
  const answer = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  expect(answer.statusCode).toBe(303);
  const cards = (await t.api('GET', '/usr/card', as(session))).json().items as Array<{ hash: string; last4: string }>;
  return cards.find((card) => card.last4 === form.cc_number!.slice(-4))!.hash;
}

/** A member who paid the year by card: their PAID payment. */
async function paidByCard() {
  const m = await member();
  const card = await giveCard(m.session, good);
  const res = await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, payment: (await paymentsOf(m.hash))[0]! };
}

/** A member who pays by direct debit (account, mandate accepted): their PENDING debit. */
async function payingByDebit(iban = 'ES91 2100 0418 4502 0005 1332') {
  const m = await member();
  const patched = await t.api('PATCH', '/usr/users', {
    ...as(m.session),
    body: { payment: { bank: 'Caixa', name: 'Núria Gómez-Pérez', iban } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const mandate = (await t.api('POST', '/usr/users/mandate', { ...as(m.session), body: {} })).json();
  expect(mandate.accepted).toBe(true);
  const res = await t.api('POST', '/usr/subscription/iban/create', { ...as(m.session), body: {} });
  expect(res.statusCode, res.body).toBe(200);
  return { ...m, mandate: mandate.reference as string, payment: (await paymentsOf(m.hash))[0]! };
}

const paymentsOf = (hash: string) =>
  t.app.db
    .selectFrom('payments')
    .selectAll()
    .where('user_hash', '=', hash)
    .orderBy('created_at')
    .orderBy('attempt')
    .execute();
const paymentRow = (hash: string) =>
  t.app.db.selectFrom('payments').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
const subscriptionOf = (hash: string) =>
  t.app.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_hash', '=', hash)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
const auditOf = (action: string) =>
  t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('created_at').execute();
const refund = (hash: string, body: unknown) => t.api('POST', `/adm/payments/${hash}/refund`, { ...admin(), body });

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://alumni.example' });
  for (const [who, kind] of [
    ['company', 'com'],
    ['admin', 'adm'],
    ['regular', 'usr'],
    ['bold', 'usr'],
  ] as const)
    s[who] = await t.login(`${who}@demo.test`, kind);
});
afterAll(async () => t?.close());

describe('who may reach the payments back office', () => {
  it('answers 401 to a visitor and 403 to members and companies, writing nothing', async () => {
    const routes = [
      ['GET', '/adm/subscriptions'],
      ['GET', '/adm/payments'],
      ['GET', '/adm/payments/export'],
      ['POST', '/adm/payments/abc/refund', { reason: 'x' }],
      ['POST', '/adm/payments/sepa', { collection_date: inDays(5) }],
      ['GET', '/adm/payments/sepa/abc'],
      ['PATCH', '/adm/payments/abc', { status: 'PAID' }],
    ] as const;
    const before = await auditOf('sepa.exported');
    for (const [who, status] of [
      [null, 401],
      ['regular', 403],
      ['bold', 403],
      ['company', 403],
    ] as const) {
      for (const [method, url, body] of routes) {
        const res = await t.api(method, url, { ...as(who ? s[who]! : null), body });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
    expect(await auditOf('sepa.exported')).toHaveLength(before.length);
    // the administrator reaches them (unknown ids are 404, not a handler error)
    expect((await t.api('GET', '/adm/subscriptions', admin())).statusCode).toBe(200);
    expect((await t.api('GET', '/adm/payments', admin())).statusCode).toBe(200);
    expect((await refund('nosuchpayment', { reason: 'x' })).statusCode).toBe(404);
    expect((await t.api('GET', '/adm/payments/sepa/nosuchbatch', admin())).statusCode).toBe(404);
    expect(
      (await t.api('PATCH', '/adm/payments/nosuchpayment', { ...admin(), body: { status: 'PAID' } })).statusCode,
    ).toBe(404);
  });

  it('refuses hostile bodies and filters with 400 naming the field', async () => {
    const { payment } = await paidByCard();
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/adm/payments/${payment.hash}/refund`, { amount_cents: '100', reason: 'x' }, 'amount_cents'],
      ['POST', `/adm/payments/${payment.hash}/refund`, { amount_cents: 0, reason: 'x' }, 'amount_cents'],
      ['POST', `/adm/payments/${payment.hash}/refund`, { amount_cents: 10.5, reason: 'x' }, 'amount_cents'],
      ['POST', `/adm/payments/${payment.hash}/refund`, { amount_cents: 100 }, 'reason'],
      ['POST', `/adm/payments/${payment.hash}/refund`, { reason: '   ' }, 'reason'],
      ['POST', `/adm/payments/${payment.hash}/refund`, { reason: 'x'.repeat(501) }, 'reason'],
      ['POST', `/adm/payments/${payment.hash}/refund`, { reason: 'x', status: 'REFUNDED' }, 'status'],
      ['POST', '/adm/payments/sepa', {}, 'collection_date'],
      ['POST', '/adm/payments/sepa', { collection_date: '2030-01-01' }, 'collection_date'],
      ['POST', '/adm/payments/sepa', { collection_date: '31/02/2030' }, 'collection_date'],
      ['POST', '/adm/payments/sepa', { collection_date: '01/01/2020' }, 'collection_date'],
      ['POST', '/adm/payments/sepa', { collection_date: ['01/01/2030'] }, 'collection_date'],
      ['PATCH', `/adm/payments/${payment.hash}`, { status: 'REFUNDED' }, 'status'],
      ['PATCH', `/adm/payments/${payment.hash}`, { status: 'RETURNED' }, 'reason'],
      ['PATCH', `/adm/payments/${payment.hash}`, { status: 'PAID', reason: 42 }, 'reason'],
      ['GET', '/adm/payments?status=LOST', undefined, 'status'],
      ['GET', '/adm/payments?from=yesterday', undefined, 'from'],
      ['GET', '/adm/subscriptions?method=CASH', undefined, 'method'],
      ['GET', '/adm/subscriptions?size=1000', undefined, 'size'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await t.api(method as 'POST', url, { ...admin(), body });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json().errors ?? res.json()), `${url} ${field}`).toContain(field);
    }
    expect(await paymentRow(payment.hash)).toMatchObject({ status: 'PAID', refunded_cents: 0 });
  });
});

describe('refunds', () => {
  it('gives back part, then the rest (REFUNDED), never more; the membership goes on; audited with amount and reason', async () => {
    const m = await paidByCard();
    const partial = await refund(m.payment.hash, { amount_cents: 1500, reason: 'Duplicate charge' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      status: 'PAID',
      refunded_cents: 1500,
      amount_cents: 5000,
      member: { hash: m.hash, email: m.email },
    });
    expect((await refund(m.payment.hash, { amount_cents: 3501, reason: 'Too much' })).json().code).toBe(
      'admin.payments.overRefund',
    );
    const rest = await refund(m.payment.hash, { reason: 'Member left' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ status: 'REFUNDED', refunded_cents: 5000 });
    const again = await refund(m.payment.hash, { amount_cents: 1, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('admin.payments.notRefundable');
    // a refund does not end the membership
    expect((await subscriptionOf(m.hash)).status).toBe('ACTIVE');
    expect((await statusOf(t, m.hash)).role).toBe('BOLD');
    const audit = (await auditOf('payment.refunded'))
      .filter((row) => row.target_hash === m.hash)
      .map((row) => JSON.parse(row.data));
    expect(audit).toEqual([
      expect.objectContaining({ payment: m.payment.hash, amount_cents: 1500, reason: 'Duplicate charge' }),
      expect.objectContaining({ amount_cents: 3500, reason: 'Member left', to: 'REFUNDED' }),
    ]);
  });

  it('refuses more than was paid, a failed payment, and a refusal by the provider writes nothing', async () => {
    const m = await paidByCard();
    const over = await refund(m.payment.hash, { amount_cents: 5001, reason: 'x' });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('admin.payments.overRefund');
    expect(over.json().message).toContain('50.00');

    const f = await member();
    const card = await giveCard(f.session, failingLater);
    expect((await t.api('POST', `/usr/subscription/${card}/create`, { ...as(f.session), body: {} })).statusCode).toBe(
      402,
    );
    const [failed] = await paymentsOf(f.hash);
    expect(failed!.status).toBe('FAILED');
    const refused = await refund(failed!.hash, { reason: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('admin.payments.notRefundable');

    // the sandbox refuses a charge it does not know
    await t.app.db
      .updateTable('payments')
      .set({ provider_ref: 'unknown_ref' })
      .where('hash', '=', m.payment.hash)
      .execute();
    const auditBefore = (await auditOf('payment.refunded')).length;
    const declined = await refund(m.payment.hash, { amount_cents: 100, reason: 'x' });
    expect(declined.statusCode).toBe(502);
    expect(declined.json().code).toBe('admin.payments.refundRefused');
    expect(await paymentRow(m.payment.hash)).toMatchObject({ status: 'PAID', refunded_cents: 0 });
    expect(await auditOf('payment.refunded')).toHaveLength(auditBefore);
  });

  it('two refunds at once never give back more than was paid', async () => {
    const m = await paidByCard();
    const answers = await Promise.all([
      refund(m.payment.hash, { amount_cents: 3000, reason: 'a' }),
      refund(m.payment.hash, { amount_cents: 3000, reason: 'b' }),
      refund(m.payment.hash, { reason: 'c' }),
    ]);
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    const row = await paymentRow(m.payment.hash);
    expect(row.refunded_cents).toBeLessThanOrEqual(5000);
    const audited = (await auditOf('payment.refunded'))
      .filter((a) => a.target_hash === m.hash)
      .reduce((sum, a) => sum + Number(JSON.parse(a.data).amount_cents), 0);
    expect(audited).toBe(row.refunded_cents);
  });
});

describe('the SEPA direct-debit file', () => {
  it('holds every pending debit, marks the batch, then has nothing left; the batch downloads again the same', async () => {
    const a = await payingByDebit();
    const b = await payingByDebit('ES79 2100 0813 6101 2345 6789');
    expect(a.payment).toMatchObject({ status: 'PENDING', method: 'DEBIT', sepa_batch: null });
    // a debit not yet sent cannot be marked collected or returned
    expect(
      (await t.api('PATCH', `/adm/payments/${a.payment.hash}`, { ...admin(), body: { status: 'PAID' } })).json().code,
    ).toBe('admin.payments.illegalMove');

    const res = await t.api('POST', '/adm/payments/sepa', { ...admin(), body: { collection_date: inDays(5) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sepa[a-z0-9]+\.xml"$/);
    const batch = String(res.headers['x-sepa-batch']);
    expect(Number(res.headers['x-sepa-count'])).toBeGreaterThanOrEqual(2);
    const xml = res.body;
    expect(xml).toContain('pain.008.001.02');
    for (const m of [a, b]) {
      expect(xml).toContain(m.mandate);
      expect(xml).toContain(`<EndToEndId>${m.payment.hash}</EndToEndId>`);
    }
    expect(xml).toContain('<IBAN>ES9121000418450200051332</IBAN>');
    expect(xml).toContain('<IBAN>ES7921000813610123456789</IBAN>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">50.00</InstdAmt>');
    expect(xml).toContain('<Nm>Nuria Gomez-Perez</Nm>');
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(xml).toMatch(/<Ustrd>Bold \d{4} \d+<\/Ustrd>/);
    const doc = parseXml(xml);
    expect(doc.name).toBe('Document');
    expect(doc.attrs['xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.008.001.02');
    expect(findAll(doc, 'MsgId')[0]!.text).toBe(batch);
    expect(findAll(doc, 'ReqdColltnDt')[0]!.text).toBe(new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10));
    expect(findAll(doc, 'DrctDbtTxInf')).toHaveLength(Number(res.headers['x-sepa-count']));
    expect(findAll(doc, 'NbOfTxs')[0]!.text).toBe(String(res.headers['x-sepa-count']));
    const mandates = findAll(doc, 'MndtId').map((node) => node.text);
    expect(mandates).toEqual(expect.arrayContaining([a.mandate, b.mandate]));
    expect(() => parseXml(xml.replace('</MsgId>', ''))).toThrow();

    expect((await paymentRow(a.payment.hash)).sepa_batch).toBe(batch);
    const [exported] = (await auditOf('sepa.exported')).filter((row) => row.target_hash === batch);
    expect(JSON.parse(exported!.data)).toMatchObject({
      count: Number(res.headers['x-sepa-count']),
      total_cents: 5000 * Number(res.headers['x-sepa-count']),
    });

    const second = await t.api('POST', '/adm/payments/sepa', { ...admin(), body: { collection_date: inDays(5) } });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('admin.payments.nothingToCollect');

    const again = await t.api('GET', `/adm/payments/sepa/${batch}`, admin());
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(xml);

    // the bank collected a: PAID with a receipt e-mailed; b came back: RETURNED, the year taken back
    const collected = await t.api('PATCH', `/adm/payments/${a.payment.hash}`, { ...admin(), body: { status: 'PAID' } });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json()).toMatchObject({ status: 'PAID', sepa_batch: batch });
    expect(collected.json().receipt_number).toMatch(/^R-\d{4}-\d{6}$/);
    expect((await outboxFor(t, a.email)).map((row) => row.template)).toContain('membership.receipt');
    expect(
      (await t.api('PATCH', `/adm/payments/${a.payment.hash}`, { ...admin(), body: { status: 'PAID' } })).statusCode,
    ).toBe(409);

    const endBefore = (await statusOf(t, b.hash)).subscription_end;
    expect(Date.parse(endBefore!)).toBeGreaterThan(Date.now() + 300 * DAY);
    const returned = await t.api('PATCH', `/adm/payments/${b.payment.hash}`, {
      ...admin(),
      body: { status: 'RETURNED', reason: 'MS02 refused by the debtor' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'RETURNED', result: 'returned' });
    expect((await subscriptionOf(b.hash)).status).toBe('PAST_DUE');
    expect((await statusOf(t, b.hash)).subscription_end).toBe(b.payment.period_start);
    expect((await outboxFor(t, b.email)).map((row) => row.template)).toContain('membership.paymentFailed');
    // a collected debit can still come back (a refund claimed at the bank)
    expect(
      (
        await t.api('PATCH', `/adm/payments/${b.payment.hash}`, {
          ...admin(),
          body: { status: 'RETURNED', reason: 'again' },
        })
      ).statusCode,
    ).toBe(409);

    const collectedAudit = (await auditOf('payment.collected')).find((row) => row.target_hash === a.hash);
    expect(JSON.parse(collectedAudit!.data)).toMatchObject({
      payment: a.payment.hash,
      from: 'PENDING',
      to: 'PAID',
      batch,
    });
    const returnedAudit = (await auditOf('payment.returned')).find((row) => row.target_hash === b.hash);
    expect(JSON.parse(returnedAudit!.data)).toMatchObject({
      payment: b.payment.hash,
      from: 'PENDING',
      to: 'RETURNED',
      reason: 'MS02 refused by the debtor',
    });
    // the audit log lists them by action
    expect(
      (await t.api('GET', '/adm/audit?action=payment.returned', admin()))
        .json()
        .items.some((item: { target: { hash: string } }) => item.target.hash === b.hash),
    ).toBe(true);
    expect((await t.api('GET', '/adm/audit?action=sepa.exported', admin())).json().items[0].target.label).toBe(batch);

    // a collected debit may be refunded (by transfer); the next debit of a's mandate is recurrent
    expect((await refund(a.payment.hash, { amount_cents: 500, reason: 'Goodwill' })).json()).toMatchObject({
      status: 'PAID',
      refunded_cents: 500,
    });
  });

  it('lists subscriptions and payments with their member, filters them, and exports the same as CSV', async () => {
    const m = await payingByDebit();
    const subs = await t.api('GET', `/adm/subscriptions?method=DEBIT&q=${encodeURIComponent(m.email)}`, admin());
    expect(subs.statusCode, subs.body).toBe(200);
    expect(subs.json().total).toBe(1);
    expect(subs.json().items[0]).toMatchObject({
      status: 'ACTIVE',
      method: 'DEBIT',
      renew: true,
      amount_cents: 5000,
      failures: 0,
      member: { hash: m.hash, email: m.email },
    });
    expect(subs.json().items[0].member.partner_number).toEqual(expect.any(Number));
    expect(
      (await t.api('GET', `/adm/subscriptions?status=ENDED&q=${encodeURIComponent(m.email)}`, admin())).json().total,
    ).toBe(0);

    const today = new Date().toISOString().slice(0, 10);
    const list = await t.api(
      'GET',
      `/adm/payments?status=PENDING&method=DEBIT&from=${today}&to=${today}&q=${encodeURIComponent(m.email)}`,
      admin(),
    );
    expect(list.json().items).toEqual([
      expect.objectContaining({
        hash: m.payment.hash,
        status: 'PENDING',
        method: 'DEBIT',
        mandate_ref: m.mandate,
        sepa_batch: null,
        attempt: 1,
      }),
    ]);
    expect(
      (await t.api('GET', `/adm/payments?to=2000-01-01&q=${encodeURIComponent(m.email)}`, admin())).json().total,
    ).toBe(0);

    const csv = await t.api('GET', `/adm/payments/export?q=${encodeURIComponent(m.email)}`, {
      ...admin(),
      language: 'es',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="pagos-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Número de socio');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(m.email);
    expect(lines[1]).toContain('Domiciliación');
    expect(lines[1]).toContain('50.00');
  });
});

describe('a SEPA file and the mandates it collects under', () => {
  const exportNow = () => t.api('POST', '/adm/payments/sepa', { ...admin(), body: { collection_date: inDays(5) } });

  it('a mandate revoked before collection: its debit is CANCELLED and left out of the next file, which still holds the live ones', async () => {
    const revoked = await payingByDebit();
    const live = await payingByDebit('ES79 2100 0813 6101 2345 6789');
    const res = await t.api('DELETE', '/usr/users/mandate', as(revoked.session));
    expect(res.statusCode, res.body).toBe(200);
    const file = await exportNow();
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain(`<EndToEndId>${live.payment.hash}</EndToEndId>`);
    expect(file.body).not.toContain(revoked.payment.hash);
    expect(file.body).not.toContain(revoked.mandate);
    expect(findAll(parseXml(file.body), 'DrctDbtTxInf')).toHaveLength(Number(file.headers['x-sepa-count']));
    expect(await paymentRow(revoked.payment.hash)).toMatchObject({
      status: 'CANCELLED',
      sepa_batch: null,
      result: 'mandateRevoked',
    });
    expect(await statusOf(t, revoked.hash)).toMatchObject({
      role: 'REGULAR',
      subscription_end: revoked.payment.period_start,
    });
    expect((await outboxFor(t, revoked.email)).map((row) => row.template)).toContain('membership.ended');
    // the back office sees it cancelled and cannot mark it collected
    const listed = await t.api('GET', `/adm/payments?status=CANCELLED&q=${encodeURIComponent(revoked.email)}`, admin());
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((p: { hash: string; status: string }) => [p.hash, p.status])).toEqual([
      [revoked.payment.hash, 'CANCELLED'],
    ]);
    expect(
      (await t.api('PATCH', `/adm/payments/${revoked.payment.hash}`, { ...admin(), body: { status: 'PAID' } }))
        .statusCode,
    ).toBe(409);
  });

  it('only takes debits under a mandate live at export time (one revoked by any other path stays out and unbatched)', async () => {
    const orphan = await payingByDebit();
    const live = await payingByDebit('ES79 2100 0813 6101 2345 6789');
    // a mandate revoked without going through the member's revocation (an older row, a direct change)
    await t.app.db
      .updateTable('debit_mandates')
      .set({ revoked_at: new Date().toISOString() })
      .where('reference', '=', orphan.mandate)
      .execute();
    const file = await exportNow();
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain(live.mandate);
    expect(file.body).not.toContain(orphan.mandate);
    expect(findAll(parseXml(file.body), 'DrctDbtTxInf')).toHaveLength(Number(file.headers['x-sepa-count']));
    expect((await paymentRow(orphan.payment.hash)).sepa_batch).toBeNull();
    expect((await paymentRow(live.payment.hash)).sepa_batch).toBe(String(file.headers['x-sepa-batch']));
  });

  it('a revocation racing an export: either the file has the debit and the revocation is refused, or the debit is cancelled and out of the file', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await payingByDebit();
      // renewal off first: the revocation is then only about the uncollected debit
      expect((await t.api('DELETE', '/usr/users/subscription', as(m.session))).statusCode).toBe(200);
      const [revoked, file] = await Promise.all([t.api('DELETE', '/usr/users/mandate', as(m.session)), exportNow()]);
      expect([200, 409]).toContain(file.statusCode);
      const row = await paymentRow(m.payment.hash);
      const mandate = await t.app.db
        .selectFrom('debit_mandates')
        .select('revoked_at')
        .where('reference', '=', m.mandate)
        .executeTakeFirstOrThrow();
      if (row.sepa_batch !== null) {
        expect([revoked.statusCode, revoked.json().code, row.status, mandate.revoked_at]).toEqual([
          409,
          'payments.debitInCollection',
          'PENDING',
          null,
        ]);
        expect(file.body).toContain(m.payment.hash);
      } else {
        expect([revoked.statusCode, row.status]).toEqual([200, 'CANCELLED']);
        expect(mandate.revoked_at).not.toBeNull();
        expect(file.body).not.toContain(m.payment.hash);
        expect((await statusOf(t, m.hash)).role).toBe('REGULAR');
      }
    }
  });

  it('a debit already in a file: revoking its mandate or changing the account is refused with 409 until the bank answers', async () => {
    const m = await payingByDebit();
    expect((await exportNow()).statusCode).toBe(200);
    const batch = (await paymentRow(m.payment.hash)).sepa_batch;
    expect(batch).toMatch(/^sepa/);
    const res = await t.api('DELETE', '/usr/users/mandate', { ...as(m.session), language: 'es' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('payments.debitInCollection');
    expect(res.json().message).toContain('banco');
    const patched = await t.api('PATCH', '/usr/users', {
      ...as(m.session),
      body: { payment: { bank: 'Other', name: 'Queue Tester', iban: 'DE89 3704 0044 0532 0130 00' } },
    });
    expect(patched.statusCode, patched.body).toBe(409);
    expect(patched.json().code).toBe('payments.debitInCollection');
    expect((await t.api('GET', '/usr/users/mandate', as(m.session))).json()).toMatchObject({
      accepted: true,
      reference: m.mandate,
    });
    expect(await paymentRow(m.payment.hash)).toMatchObject({ status: 'PENDING', sepa_batch: batch });
    expect((await statusOf(t, m.hash)).role).toBe('BOLD');
    // once the bank has collected it, the mandate may go (renewal off first): the paid year stays
    expect(
      (await t.api('PATCH', `/adm/payments/${m.payment.hash}`, { ...admin(), body: { status: 'PAID' } })).statusCode,
    ).toBe(200);
    expect((await t.api('DELETE', '/usr/users/subscription', as(m.session))).statusCode).toBe(200);
    const revoked = await t.api('DELETE', '/usr/users/mandate', as(m.session));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().accepted).toBe(false);
    expect(await paymentRow(m.payment.hash)).toMatchObject({ status: 'PAID' });
    expect((await statusOf(t, m.hash)).role).toBe('BOLD');
  });
});
