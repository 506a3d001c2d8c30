/**
 * Membership that pays (issue 13 §3–§5) on the sandbox provider, with a clock the test moves: a Regular member upgrades
 * (paid now, receipt), a declined upgrade changes nothing, the renewal job charges each year once (however often it
 * runs, on however many instances), a failing card is retried three times over a week with e-mails and then the member
 * is Regular, a cancelled renewal ends at the period's end, the free period of a validated Bold registration is charged
 * when it ends, a receipt is a PDF attached to its e-mail through a real SMTP peer. Hostile first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { makeMember, outboxFor, statusOf } from '../helpers/admin';
import { MailWorker } from '../../src/server/modules/mail/worker';
import { TaskRunner } from '../../src/server/modules/tasks/runner';
import { renewalTask } from '../../src/server/modules/payments/subscriptions/task';
import { startPeer, type Peer } from '../helpers/smtp';

let t: TestApp;
let peer: Peer;
const s: Record<string, Session> = {};
const as = (session: Session | null) => (session ? { token: session.token, deviceId: session.deviceId } : {});
const DAY = 86_400_000;
const good = { cc_name: 'Marc Bold', cc_number: '4242 4242 4242 4242', cc_exp: '12/34', cc_csc: '123', action: 'pay' };
const failingLater = { ...good, cc_number: '4000 0000 0000 0341' };

async function giveCard(session: Session, form: Record<string, string>) {
  const started = await t.api('POST', '/usr/card', { ...as(session), body: {} });
  expect(started.statusCode, started.body).toBe(201);
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

/** A validated member of the given role, signed in. */
async function member(role = 'REGULAR', subscriptionEnd: string | null = null) {
  const made = await makeMember(t, { status: 'VALIDATED', role, emailConfirmed: true });
  if (subscriptionEnd)
    await t.app.db
      .updateTable('users')
      .set({ subscription_end: subscriptionEnd })
      .where('hash', '=', made.hash)
      .execute();
  return { ...made, session: await t.login(made.email) };
}

const paymentsOf = (hash: string) =>
  t.app.db
    .selectFrom('payments')
    .selectAll()
    .where('user_hash', '=', hash)
    .orderBy('created_at')
    .orderBy('attempt')
    .execute();
const subscriptionOf = (hash: string) =>
  t.app.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_hash', '=', hash)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
const templates = async (email: string) =>
  (await outboxFor(t, email)).map((row) => row.template).filter((name) => name.startsWith('membership.'));
/** Runs the renewal job at `at`. Each test's clock starts again from today, so the task is made due first. */
const renew = async (at: Date) => {
  await t.app.db
    .updateTable('tasks')
    .set({ next_run_at: new Date(0).toISOString() })
    .where('name', '=', 'membership.renewals')
    .execute();
  return t.app.tasks.runDue(at);
};

beforeAll(async () => {
  peer = await startPeer();
  t = await startTestApp({ PUBLIC_URL: 'https://alumni.example' });
  for (const [who, kind] of [
    ['company', 'com'],
    ['admin', 'adm'],
  ] as const)
    s[who] = await t.login(`${who}@demo.test`, kind);
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('who may reach the membership routes', () => {
  it('answers 401 to a visitor and 403 to a company and an administrator, writing nothing', async () => {
    const routes = [
      ['GET', '/usr/subscription'],
      ['POST', '/usr/subscription/abc/create', {}],
      ['POST', '/usr/subscription/iban/create', {}],
      ['DELETE', '/usr/users/subscription'],
      ['GET', '/usr/payments'],
      ['GET', '/usr/payments/abc/receipt'],
      ['GET', '/usr/users/mandate'],
      ['POST', '/usr/users/mandate', {}],
      ['DELETE', '/usr/users/mandate'],
    ] as const;
    const before = await t.app.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [who, status] of [
      [null, 401],
      ['company', 403],
      ['admin', 403],
    ] as const) {
      for (const [method, url, body] of routes) {
        const res = await t.api(method, url, { ...as(who ? s[who]! : null), body });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
    // odd spellings of a member route are not a way around it
    for (const url of ['/usr/%73ubscription', '/USR/subscription', '//usr/subscription', '/usr/subscription/.'])
      expect([401, 404], url).toContain((await t.api('GET', url)).statusCode);
    const after = await t.app.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses another member's card, an unknown id and a receipt that is not the member's", async () => {
    const a = await member();
    const b = await member();
    const cardOfA = await giveCard(a.session, good);
    expect(
      (await t.api('POST', `/usr/subscription/${cardOfA}/create`, { ...as(b.session), body: {} })).statusCode,
    ).toBe(404);
    expect(
      (await t.api('POST', '/usr/subscription/nosuchcard/create', { ...as(b.session), body: {} })).statusCode,
    ).toBe(404);
    expect((await t.api('POST', '/usr/subscription/iban/create', { ...as(b.session), body: {} })).json().code).toBe(
      'payments.noMandate',
    );
    expect(
      (await t.api('POST', `/usr/subscription/${cardOfA}/create`, { ...as(a.session), body: { amount_cents: 1 } }))
        .statusCode,
    ).toBe(400);
    expect(await subscriptionOf(b.hash)).toBeUndefined();
    const paid = await t.api('POST', `/usr/subscription/${cardOfA}/create`, { ...as(a.session), body: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = await paymentsOf(a.hash);
    expect((await t.api('GET', `/usr/payments/${payment!.hash}/receipt`, as(b.session))).statusCode).toBe(404);
    expect((await t.api('GET', `/usr/payments/${payment!.hash}/receipt`, as(a.session))).body.slice(0, 5)).toBe(
      '%PDF-',
    );
  });
});

describe('a Regular member becomes Bold', () => {
  it('pays the first year now: BOLD on the next request, a numbered receipt e-mailed as a PDF', async () => {
    const m = await member();
    const card = await giveCard(m.session, good);
    const before = Date.now();
    const res = await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.role).toBe('BOLD');
    expect(body.subscription).toMatchObject({
      status: 'ACTIVE',
      method: 'CARD',
      renew: true,
      amount_cents: 5000,
      failures: 0,
    });
    const until = Date.parse(body.valid_until);
    expect(until - before).toBeGreaterThan(364 * DAY);
    expect(until - before).toBeLessThan(367 * DAY);
    // the role is read on every request: Bold benefits now
    expect((await t.api('GET', '/usr/users/me', as(m.session))).json().role).toBe('BOLD');
    const [payment] = await paymentsOf(m.hash);
    expect(payment).toMatchObject({
      status: 'PAID',
      method: 'CARD',
      amount_cents: 5000,
      attempt: 1,
      card_label: 'visa •••• 4242',
    });
    expect(payment!.receipt_number).toMatch(/^R-\d{4}-\d{6}$/);
    expect(await templates(m.email)).toEqual(['membership.receipt']);
    // the card that renews it cannot go while it is the only one
    const last = await t.api('DELETE', `/usr/card/${card}`, as(m.session));
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('payments.lastCard');
    const listed = (await t.api('GET', '/usr/payments', as(m.session))).json();
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0].receipt_number).toBe(payment!.receipt_number);
    expect(listed.items[0]).not.toHaveProperty('provider_ref');

    // the e-mail goes through a real SMTP peer with its receipt attached
    const worker = new MailWorker({
      db: t.app.db,
      dialect: t.app.dialect,
      smtpUrl: peer.url,
      from: 'Alumni <no-reply@alumni.example>',
    });
    await worker.runOnce();
    await worker.stop();
    const mail = peer.received.find((received) => received.to && JSON.stringify(received.to).includes(m.email));
    expect(mail?.subject).toBe('Your Bold membership receipt');
    expect(mail?.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail!.attachments[0]!.filename).toBe(`${payment!.receipt_number}.pdf`);
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a declined card answers 402 with the reason and changes nothing else', async () => {
    const m = await member();
    const card = await giveCard(m.session, failingLater);
    const res = await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('payments.declined.declined');
    expect(res.json().message).toBeTruthy();
    expect((await statusOf(t, m.hash)).role).toBe('REGULAR');
    expect((await t.api('GET', '/usr/subscription', as(m.session))).json().subscription).toBeNull();
    expect((await paymentsOf(m.hash)).map((p) => p.status)).toEqual(['FAILED']);
    expect(await templates(m.email)).toEqual([]);
  });

  it('two upgrades at once make one subscription and one charge', async () => {
    const m = await member();
    const card = await giveCard(m.session, good);
    const answers = await Promise.all(
      [0, 1, 2].map(() => t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} })),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    expect(
      (await t.app.db.selectFrom('subscriptions').select('hash').where('user_hash', '=', m.hash).execute()).length,
    ).toBe(1);
    expect((await paymentsOf(m.hash)).filter((p) => p.status === 'PAID')).toHaveLength(1);
  });
});

describe('the renewal job, a year in a second', () => {
  it('charges each year once, however often and on however many instances it runs', async () => {
    const m = await member();
    const card = await giveCard(m.session, good);
    await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} });
    const end = Date.parse((await subscriptionOf(m.hash))!.current_period_end);
    await renew(new Date(end - DAY));
    expect(await paymentsOf(m.hash)).toHaveLength(1);
    // a second instance with its own runner, at the same moment
    const other = new TaskRunner(t.app.db).register(renewalTask(t.app));
    await Promise.all([
      renew(new Date(end + 60_000)),
      other.runDue(new Date(end + 60_000)),
      renew(new Date(end + 120_000)),
    ]);
    const payments = await paymentsOf(m.hash);
    expect(payments.map((p) => p.status)).toEqual(['PAID', 'PAID']);
    expect(payments[1]!.period_start).toBe(new Date(end).toISOString());
    const after = await statusOf(t, m.hash);
    expect(after.role).toBe('BOLD');
    expect(Date.parse(after.subscription_end!) - end).toBeGreaterThan(364 * DAY);
    expect(await templates(m.email)).toEqual(['membership.receipt', 'membership.receipt']);
    // the next year, once more
    await renew(new Date(Date.parse(after.subscription_end!) + 60_000));
    expect((await paymentsOf(m.hash)).filter((p) => p.status === 'PAID')).toHaveLength(3);
  });

  it('retries a failing card three times over a week with e-mails, then the member is Regular', async () => {
    const m = await member();
    const card = await giveCard(m.session, good);
    await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} });
    // the member's only card now declines (saved with the sandbox's "declines later" card)
    const failing = await giveCard(m.session, failingLater);
    await t.api('PATCH', `/usr/card/${failing}/default`, { ...as(m.session), body: {} });
    const end = Date.parse((await subscriptionOf(m.hash))!.current_period_end);
    let at = end + 60_000;
    for (const [attempt, waitDays] of [
      [1, 2],
      [2, 3],
      [3, 2],
    ] as const) {
      await renew(new Date(at));
      const sub = (await subscriptionOf(m.hash))!;
      expect(sub, `attempt ${attempt}`).toMatchObject({
        status: 'PAST_DUE',
        failures: attempt,
        last_failure: 'declined',
      });
      expect(Date.parse(sub.next_charge_at!) - at).toBe(waitDays * DAY);
      expect((await statusOf(t, m.hash)).role).toBe('BOLD'); // kept while retrying
      // running again before the retry is due charges nothing
      await renew(new Date(at + DAY));
      expect((await paymentsOf(m.hash)).length).toBe(1 + attempt);
      at += waitDays * DAY;
    }
    await renew(new Date(at));
    expect(await subscriptionOf(m.hash)).toMatchObject({ status: 'ENDED', failures: 4, next_charge_at: null });
    expect((await statusOf(t, m.hash)).role).toBe('REGULAR');
    expect((await paymentsOf(m.hash)).map((p) => p.status)).toEqual(['PAID', 'FAILED', 'FAILED', 'FAILED', 'FAILED']);
    expect(await templates(m.email)).toEqual([
      'membership.receipt',
      'membership.paymentFailed',
      'membership.paymentFailed',
      'membership.paymentFailed',
      'membership.ended',
    ]);
    const ended = (await outboxFor(t, m.email)).at(-1)!;
    expect(ended.body_text).toContain('after several attempts');
    expect((await t.api('GET', '/usr/users/me', as(m.session))).json().role).toBe('REGULAR');
    await renew(new Date(at + 400 * DAY));
    expect(await paymentsOf(m.hash)).toHaveLength(5);
  });

  it('a card fixed between attempts pays the retry and the membership goes on', async () => {
    const m = await member();
    const card = await giveCard(m.session, good);
    await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} });
    const failing = await giveCard(m.session, failingLater);
    await t.api('PATCH', `/usr/card/${failing}/default`, { ...as(m.session), body: {} });
    const end = Date.parse((await subscriptionOf(m.hash))!.current_period_end);
    await renew(new Date(end + 60_000));
    expect((await subscriptionOf(m.hash))!.status).toBe('PAST_DUE');
    await t.api('PATCH', `/usr/card/${card}/default`, { ...as(m.session), body: {} });
    await renew(new Date(end + 2 * DAY + 60_000));
    expect(await subscriptionOf(m.hash)).toMatchObject({ status: 'ACTIVE', failures: 0, last_failure: null });
    expect((await paymentsOf(m.hash)).map((p) => p.status)).toEqual(['PAID', 'FAILED', 'PAID']);
  });

  it('a cancelled renewal keeps Bold until the period ends, then Regular without a charge; it can be kept again', async () => {
    const m = await member();
    const card = await giveCard(m.session, good);
    await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} });
    const cancelled = await t.api('DELETE', '/usr/users/subscription', as(m.session));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ renew: false, next_charge_at: null });
    expect(cancelled.json().role).toBe('BOLD');
    expect((await t.api('DELETE', '/usr/users/subscription', as(m.session))).statusCode).toBe(200); // twice: no second e-mail
    expect(await templates(m.email)).toEqual(['membership.receipt', 'membership.cancelled']);
    // kept again, then cancelled again
    expect(
      (await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} })).json().subscription
        .renew,
    ).toBe(true);
    expect(await paymentsOf(m.hash)).toHaveLength(1);
    await t.api('DELETE', '/usr/users/subscription', as(m.session));
    const end = Date.parse((await subscriptionOf(m.hash))!.current_period_end);
    await renew(new Date(end - 60_000));
    expect((await statusOf(t, m.hash)).role).toBe('BOLD');
    await renew(new Date(end + 60_000));
    expect((await statusOf(t, m.hash)).role).toBe('REGULAR');
    expect(await paymentsOf(m.hash)).toHaveLength(1);
    expect(await templates(m.email)).toEqual([
      'membership.receipt',
      'membership.cancelled',
      'membership.cancelled',
      'membership.ended',
    ]);
    expect((await t.api('DELETE', '/usr/users/subscription', as(m.session))).statusCode).toBe(404);
  });
});

describe('the free period', () => {
  it('a validated Bold registration is GRATIS until its end, then charged: BOLD with a receipt', async () => {
    const made = await makeMember(t, { requested: 'BOLD', emailConfirmed: true });
    const decided = await t.api('PATCH', `/adm/users/${made.hash}`, {
      ...as(s['admin']!),
      body: { status: 'VALIDATED' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const gratis = await statusOf(t, made.hash);
    expect(gratis.role).toBe('GRATIS');
    const sub = (await subscriptionOf(made.hash))!;
    expect(sub).toMatchObject({ status: 'ACTIVE', method: 'CARD', renew: 1, next_charge_at: gratis.subscription_end });
    const session = await t.login(made.email);
    await giveCard(session, good);
    const end = Date.parse(gratis.subscription_end!);
    await renew(new Date(end - 60_000));
    expect((await statusOf(t, made.hash)).role).toBe('GRATIS');
    await renew(new Date(end + 60_000));
    const bold = await statusOf(t, made.hash);
    expect(bold.role).toBe('BOLD');
    expect(Date.parse(bold.subscription_end!) - end).toBeGreaterThan(364 * DAY);
    expect(await templates(made.email)).toEqual(['membership.receipt']);
  });

  it('a free period without a card: asked by e-mail at each attempt, then Regular', async () => {
    const made = await makeMember(t, { requested: 'BOLD', emailConfirmed: true });
    await t.api('PATCH', `/adm/users/${made.hash}`, { ...as(s['admin']!), body: { status: 'VALIDATED' } });
    let at = Date.parse((await statusOf(t, made.hash)).subscription_end!) + 60_000;
    for (const wait of [2, 3, 2, 0]) {
      await renew(new Date(at));
      at += wait * DAY;
    }
    expect((await statusOf(t, made.hash)).role).toBe('REGULAR');
    expect((await paymentsOf(made.hash)).map((p) => p.result)).toEqual(['noCard', 'noCard', 'noCard', 'noCard']);
    expect(await templates(made.email)).toEqual([
      'membership.paymentFailed',
      'membership.paymentFailed',
      'membership.paymentFailed',
      'membership.ended',
    ]);
  });
});

describe("a Bold registration gives its card on the provider's page", () => {
  const registration = (email: string, role: 'bold' | 'regular') => ({
    name: 'Laia',
    surname1: 'Puig',
    gender: 'female',
    birthdate: '14/03/1995',
    document_type: 'DNI',
    document_number: '12345678Z',
    mobile: '+34 612 345 678',
    email,
    email_repeat: email,
    password: 'a long enough passphrase',
    password_repeat: 'a long enough passphrase',
    language: 'ca',
    role,
    profile_type: 'student',
    graduation_year: 2018,
    is_conditions: true,
    is_privacy: true,
  });
  const addNotLogged = (token: unknown, session?: Session) =>
    t.api('POST', '/usr/card/addNotLogged?isWeb=true', { ...as(session ?? null), body: { token }, language: 'ca' });

  it('refuses a forged or missing token and a signed-in caller, and a Regular registration gets no token', async () => {
    const regular = await t.api('POST', '/usr/register', {
      body: registration('laia.regular@example.test', 'regular'),
    });
    expect(regular.statusCode, regular.body).toBe(201);
    expect(regular.json()).toEqual({ ok: true });
    expect((await addNotLogged('x'.repeat(43))).statusCode).toBe(400);
    expect((await addNotLogged(undefined)).statusCode).toBe(400);
    const bold = await member('BOLD');
    expect((await addNotLogged('x'.repeat(43), bold.session)).statusCode).toBe(403);
    expect(
      await t.app.db.selectFrom('payment_sessions').select('hash').where('purpose', '=', 'register').execute(),
    ).toEqual([]);
  });

  it('register → card on the hosted page → validated: GRATIS paid by that card → charged at the end → BOLD', async () => {
    const email = 'laia.bold@example.test';
    const answer = await t.api('POST', '/usr/register', { body: registration(email, 'bold') });
    expect(answer.statusCode, answer.body).toBe(201);
    const token = answer.json().card_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const started = await addNotLogged(token);
    expect(started.statusCode, started.body).toBe(201);
    const url = new URL(started.json().url, 'https://alumni.example');
    // backing out comes back to the registration page, in the member's language, saying so
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(cancelled.headers.location).toBe('/ca/usuari/registre?payment=cancelled');
    // the token still works for another try (until it expires)
    const again = new URL((await addNotLogged(token)).json().url, 'https://alumni.example');
    const added = await t.app.inject({
      method: 'POST',
      url: `${again.pathname}${again.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(good).toString(),
    });
    expect(added.headers.location).toBe('/ca/usuari/registre?card=added');
    const user = await t.app.db
      .selectFrom('users')
      .select(['hash', 'status'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('PENDING');
    expect(
      await t.app.db.selectFrom('cards').select(['last4', 'is_default']).where('user_hash', '=', user.hash).execute(),
    ).toEqual([{ last4: '4242', is_default: 1 }]);
    // validated: the free period, paid by that card when it ends
    await t.app.db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('hash', '=', user.hash)
      .execute();
    expect(
      (await t.api('PATCH', `/adm/users/${user.hash}`, { ...as(s['admin']!), body: { status: 'VALIDATED' } }))
        .statusCode,
    ).toBe(200);
    const gratis = await statusOf(t, user.hash);
    expect(gratis.role).toBe('GRATIS');
    expect((await subscriptionOf(user.hash))!.method).toBe('CARD');
    await renew(new Date(Date.parse(gratis.subscription_end!) + 60_000));
    expect((await statusOf(t, user.hash)).role).toBe('BOLD');
    expect((await paymentsOf(user.hash)).map((p) => [p.status, p.card_label])).toEqual([['PAID', 'visa •••• 4242']]);
    expect(await templates(email)).toEqual(['membership.receipt']);
  });
});

describe('deleting the account', () => {
  it('ends the membership, forgets the cards and the mandate, and keeps the payments as the accounting record', async () => {
    const m = await member();
    const card = await giveCard(m.session, good);
    await t.api('POST', `/usr/subscription/${card}/create`, { ...as(m.session), body: {} });
    await t.api('PATCH', '/usr/users', {
      ...as(m.session),
      body: { payment: { bank: 'Caixa', name: 'Queue Tester', iban: 'ES91 2100 0418 4502 0005 1332' } },
    });
    await t.api('POST', '/usr/users/mandate', { ...as(m.session), body: {} });
    const deleted = await t.api('DELETE', '/usr/users/me', { ...as(m.session), body: { password: 'demo-password' } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await subscriptionOf(m.hash)).toMatchObject({ status: 'ENDED', renew: 0, next_charge_at: null });
    expect(await t.app.db.selectFrom('cards').select('hash').where('user_hash', '=', m.hash).execute()).toEqual([]);
    expect(
      await t.app.db.selectFrom('debit_mandates').select('reference').where('user_hash', '=', m.hash).execute(),
    ).toEqual([]);
    expect((await paymentsOf(m.hash)).map((p) => p.status)).toEqual(['PAID']);
    await renew(new Date(Date.now() + 400 * DAY));
    expect(await paymentsOf(m.hash)).toHaveLength(1);
  });
});

describe('direct debit', () => {
  it('needs an account and the accepted mandate; then Bold at once with the payment awaiting collection', async () => {
    const m = await member();
    expect((await t.api('POST', '/usr/users/mandate', { ...as(m.session), body: {} })).json().code).toBe(
      'payments.noIban',
    );
    const patched = await t.api('PATCH', '/usr/users', {
      ...as(m.session),
      body: { payment: { bank: 'Caixa', name: 'Queue Tester', iban: 'ES91 2100 0418 4502 0005 1332' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const offered = (await t.api('GET', '/usr/users/mandate', as(m.session))).json();
    expect(offered).toMatchObject({ accepted: false, iban: 'ES91 **** **** **** **** 1332', holder: 'Queue Tester' });
    expect(offered.text).toContain('Alumni Association');
    const accepted = (await t.api('POST', '/usr/users/mandate', { ...as(m.session), body: {} })).json();
    expect(accepted.accepted).toBe(true);
    expect(accepted.reference).toMatch(/^ALU-\d+-\d{8}-[A-Z0-9]{6}$/);
    const res = await t.api('POST', '/usr/subscription/iban/create', { ...as(m.session), body: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'BOLD',
      subscription: { method: 'DEBIT', status: 'ACTIVE' },
      mandate: { reference: accepted.reference },
    });
    expect((await paymentsOf(m.hash)).map((p) => [p.status, p.method, p.mandate_ref])).toEqual([
      ['PENDING', 'DEBIT', accepted.reference],
    ]);
  });
});

/** A member paying the year by direct debit (account, mandate, first debit PENDING and not yet in a SEPA file). */
async function payingByDebit(language: 'es' | 'en' | 'ca' = 'en') {
  const made = await makeMember(t, { status: 'VALIDATED', role: 'REGULAR', emailConfirmed: true, language });
  const m = { ...made, session: await t.login(made.email) };
  const patched = await t.api('PATCH', '/usr/users', {
    ...as(m.session),
    body: { payment: { bank: 'Caixa', name: 'Queue Tester', iban: 'ES79 2100 0813 6101 2345 6789' } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const mandate = (await t.api('POST', '/usr/users/mandate', { ...as(m.session), body: {} })).json();
  expect(mandate.accepted).toBe(true);
  const res = await t.api('POST', '/usr/subscription/iban/create', { ...as(m.session), body: {} });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().role).toBe('BOLD');
  const payments = await paymentsOf(m.hash);
  expect(payments.map((p) => [p.status, p.method, p.sepa_batch])).toEqual([['PENDING', 'DEBIT', null]]);
  return { ...m, mandate: mandate.reference as string, payment: payments[0]! };
}

/** The debit cancelled, the year it opened taken back (Regular, valid until where it started), the subscription ended. */
async function expectYearTakenBack(m: Awaited<ReturnType<typeof payingByDebit>>) {
  expect((await paymentsOf(m.hash)).map((p) => [p.status, p.result, p.sepa_batch])).toEqual([
    ['CANCELLED', 'mandateRevoked', null],
  ]);
  expect(await statusOf(t, m.hash)).toMatchObject({ role: 'REGULAR', subscription_end: m.payment.period_start });
  expect(await subscriptionOf(m.hash)).toMatchObject({ status: 'ENDED', next_charge_at: null });
  expect(
    (
      await t.app.db
        .selectFrom('debit_mandates')
        .select('revoked_at')
        .where('reference', '=', m.mandate)
        .executeTakeFirstOrThrow()
    ).revoked_at,
  ).not.toBeNull();
  const mails = (await outboxFor(t, m.email)).filter((row) => row.template === 'membership.ended');
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe('revoking the direct-debit mandate before the debit is collected', () => {
  it('cancels the debit, ends the Bold year it opened and tells the member in their language; nothing is charged later', async () => {
    const m = await payingByDebit('ca');
    const res = await t.api('DELETE', '/usr/users/mandate', { ...as(m.session), language: 'ca' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accepted).toBe(false);
    const mail = await expectYearTakenBack(m);
    expect(mail.language).toBe('ca');
    expect(mail.body_text).toContain("Has revocat l'ordre de domiciliació");
    expect((await t.api('GET', '/usr/subscription', as(m.session))).json()).toMatchObject({
      role: 'REGULAR',
      subscription: null,
      mandate: null,
    });
    // the member's list shows it cancelled
    expect(
      (await t.api('GET', '/usr/payments', as(m.session))).json().items.map((p: { status: string }) => p.status),
    ).toEqual(['CANCELLED']);
    await renew(new Date(Date.now() + 400 * DAY));
    expect(await paymentsOf(m.hash)).toHaveLength(1);
    expect((await statusOf(t, m.hash)).role).toBe('REGULAR');
  });

  it('does the same after renewal was turned off (it used to answer 200 and leave the debit to be collected)', async () => {
    const m = await payingByDebit('es');
    expect((await t.api('DELETE', '/usr/users/subscription', as(m.session))).statusCode).toBe(200);
    const res = await t.api('DELETE', '/usr/users/mandate', as(m.session));
    expect(res.statusCode, res.body).toBe(200);
    const mail = await expectYearTakenBack(m);
    expect(mail.language).toBe('es');
    expect(mail.body_text).toContain('Has revocado la orden de domiciliación');
  });

  it('a new account in the settings revokes the mandate and so cancels the uncollected debit too', async () => {
    const m = await payingByDebit('en');
    const patched = await t.api('PATCH', '/usr/users', {
      ...as(m.session),
      body: { payment: { bank: 'Other', name: 'Queue Tester', iban: 'DE89 3704 0044 0532 0130 00' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await t.api('GET', '/usr/users/mandate', as(m.session))).json().accepted).toBe(false);
    const mail = await expectYearTakenBack(m);
    expect(mail.body_text).toContain('You revoked your direct-debit mandate');
  });

  it('keeps Bold when the same period was paid another way (a card payment PAID for it): only the debit is cancelled', async () => {
    const m = await payingByDebit('en');
    const until = (await statusOf(t, m.hash)).subscription_end;
    await t.app.db
      .insertInto('payments')
      .values({
        hash: `card${m.payment.hash}`.slice(0, 32),
        user_hash: m.hash,
        subscription_hash: m.payment.subscription_hash,
        method: 'CARD',
        status: 'PAID',
        amount_cents: m.payment.amount_cents,
        refunded_cents: 0,
        period_start: m.payment.period_start,
        period_end: m.payment.period_end,
        attempt: 2,
        card_label: 'visa •••• 4242',
        created_at: new Date().toISOString(),
        settled_at: new Date().toISOString(),
      })
      .execute();
    const res = await t.api('DELETE', '/usr/users/mandate', as(m.session));
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentsOf(m.hash)).map((p) => [p.method, p.status])).toEqual([
      ['DEBIT', 'CANCELLED'],
      ['CARD', 'PAID'],
    ]);
    expect(await statusOf(t, m.hash)).toMatchObject({ role: 'BOLD', subscription_end: until });
    // no mandate is left to renew it: renewal is turned off (Bold until the paid period ends) and the member told
    expect(await subscriptionOf(m.hash)).toMatchObject({
      status: 'ACTIVE',
      renew: 0,
      next_charge_at: null,
      current_period_end: m.payment.period_end,
    });
    expect(await templates(m.email)).toEqual(['membership.cancelled']);
  });
});

describe("the association's own account", () => {
  it('is refused as a member account, however it is spelt: 400 naming payment.iban in the request language, nothing stored', async () => {
    const creditor = t.app.config.sepaCreditor.iban;
    expect(creditor).toMatch(/^[A-Z]{2}\d{2}/);
    const spaced = creditor.replace(/(.{4})/g, '$1 ').trim();
    const m = await member();
    const messages = new Set<string>();
    for (const [iban, language] of [
      [creditor, 'en'],
      [spaced.toLowerCase(), 'es'],
      [` ${spaced} `, 'ca'],
    ] as const) {
      const res = await t.api('PATCH', '/usr/users', {
        ...as(m.session),
        language,
        body: { payment: { bank: 'Caixa', name: 'Queue Tester', iban } },
      });
      expect(res.statusCode, `${iban} ${res.body}`).toBe(400);
      expect(res.json().errors).toHaveLength(1);
      expect(res.json().errors[0].field).toBe('payment.iban');
      messages.add(res.json().errors[0].message);
    }
    expect(messages.size).toBe(3);
    expect([...messages][0]).toContain('association');
    expect(
      (await t.app.db.selectFrom('users').select('iban').where('hash', '=', m.hash).executeTakeFirstOrThrow()).iban,
    ).toBeNull();
    // nor at registration, where a Bold request may bring its account
    const email = `creditor.${Date.now()}@example.test`;
    const body = {
      name: 'Laia',
      surname1: 'Puig',
      surname2: 'Serra',
      gender: 'female',
      birthdate: '14/03/1995',
      document_type: 'DNI',
      document_number: '12345678Z',
      mobile: '+34 612 345 678',
      email,
      email_repeat: email,
      password: 'a long enough passphrase',
      password_repeat: 'a long enough passphrase',
      language: 'ca',
      role: 'bold',
      profile_type: 'student',
      graduation_year: 2018,
      is_conditions: true,
      is_privacy: true,
      is_newsletter: false,
      payment: { bank: 'CaixaBank', name: 'Laia Puig', iban: spaced.toLowerCase() },
    };
    const registered = await t.api('POST', '/usr/register', { body });
    expect(registered.statusCode, registered.body).toBe(400);
    expect(registered.json().errors.map((e: { field: string }) => e.field)).toEqual(['payment.iban']);
    expect(
      await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });
});
