/**
 * PAYMENT_PROVIDER (issue 23 §1). Hostile first: with `none` nobody reaches a card page by any route (adding a card,
 * the card at registration, paying with a card kept from before) and nothing is written; the web is told
 * (`settings.cardPayments`); direct debit and a Bold registration's free period still work. The sandbox page says
 * plainly that no real payment happens. (That production refuses a missing or sandbox provider: tests/unit/config-startup
 * and tests/api/startup.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { makeMember } from '../helpers/admin';

let none: TestApp;
let sandbox: TestApp;
const as = (session: Session) => ({ token: session.token, deviceId: session.deviceId });
const count = async (app: TestApp, table: 'payment_sessions' | 'cards' | 'subscriptions' | 'payments') =>
  Number(
    (
      await app.app.db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  [none, sandbox] = await Promise.all([
    startTestApp({ PAYMENT_PROVIDER: 'none' }),
    startTestApp({ PAYMENT_PROVIDER: 'sandbox' }),
  ]);
});
afterAll(async () => Promise.all([none?.close(), sandbox?.close()]));

let serial = 0;
const registration = (extra: Record<string, unknown>) => {
  const email = `provider.${++serial}.${Date.now().toString(36)}@example.com`;
  return {
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
    is_newsletter: true,
    ...extra,
  };
};

describe('PAYMENT_PROVIDER=none', () => {
  it('tells the web that cards are not offered (and the sandbox that they are, on a test page)', async () => {
    expect((await none.api('GET', '/api/init')).json().settings).toMatchObject({
      cardPayments: false,
      paymentSandbox: false,
    });
    expect((await sandbox.api('GET', '/api/init')).json().settings).toMatchObject({
      cardPayments: true,
      paymentSandbox: true,
    });
  });

  it("refuses to open a card page for a member, in the member's language, writing nothing", async () => {
    const member = await makeMember(none, { status: 'VALIDATED', role: 'REGULAR', emailConfirmed: true });
    const session = await none.login(member.email);
    const before = await count(none, 'payment_sessions');
    for (const [language, text] of [
      ['en', 'does not take card payments'],
      ['es', 'no acepta pagos con tarjeta'],
      ['ca', 'no accepta pagaments amb targeta'],
    ] as const) {
      const answer = await none.api('POST', '/usr/card', { ...as(session), body: {}, language });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'payments.cardsUnavailable' });
      expect(answer.json().message).toContain(text);
    }
    expect(await count(none, 'payment_sessions')).toBe(before);
  });

  it('gives a Bold registration no card token and refuses the card page at registration; the free period stands', async () => {
    const registered = await none.api('POST', '/usr/register', { body: registration({}) });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toEqual({ ok: true });
    // a well-formed card token (here one a sandbox site issued) opens nothing: cards are refused before any token is read
    const withSandbox = await sandbox.api('POST', '/usr/register', { body: registration({}) });
    const token = withSandbox.json().card_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const before = await count(none, 'payment_sessions');
    const opened = await none.api('POST', '/usr/card/addNotLogged?isWeb=true', { body: { token } });
    expect(opened.statusCode).toBe(409);
    expect(opened.json().code).toBe('payments.cardsUnavailable');
    expect(await count(none, 'payment_sessions')).toBe(before);
  });

  it('refuses to pay with a card kept from before, and changes nothing', async () => {
    const member = await makeMember(none, { status: 'VALIDATED', role: 'REGULAR', emailConfirmed: true });
    const session = await none.login(member.email);
    const at = new Date().toISOString();
    await none.app.db
      .insertInto('cards')
      .values({
        hash: `oldcard${serial}x`,
        user_hash: member.hash,
        provider_token: 'sandbox_tok_old',
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        is_default: 1,
        created_at: at,
      })
      .execute();
    const [subscriptions, payments] = [await count(none, 'subscriptions'), await count(none, 'payments')];
    const paid = await none.api('POST', `/usr/subscription/oldcard${serial}x/create`, { ...as(session), body: {} });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('payments.cardsUnavailable');
    expect([await count(none, 'subscriptions'), await count(none, 'payments')]).toEqual([subscriptions, payments]);
    expect(
      (await none.app.db.selectFrom('users').select('role').where('hash', '=', member.hash).executeTakeFirstOrThrow())
        .role,
    ).toBe('REGULAR');
    // a card kept from before can still be deleted
    expect((await none.api('DELETE', `/usr/card/oldcard${serial}x`, as(session))).statusCode).toBe(200);
  });

  it('still lets a member become Bold by direct debit', async () => {
    const member = await makeMember(none, { status: 'VALIDATED', role: 'REGULAR', emailConfirmed: true });
    const session = await none.login(member.email);
    const patched = await none.api('PATCH', '/usr/users', {
      ...as(session),
      body: { payment: { bank: 'Caixa', name: 'Debit Tester', iban: 'ES79 2100 0813 6101 2345 6789' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await none.api('POST', '/usr/users/mandate', { ...as(session), body: {} })).statusCode).toBe(200);
    const upgraded = await none.api('POST', '/usr/subscription/iban/create', { ...as(session), body: {} });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json()).toMatchObject({ role: 'BOLD', subscription: { method: 'DEBIT' } });
  });
});

describe('the sandbox card page', () => {
  it("says plainly, in the member's language, that no real payment happens", async () => {
    const member = await makeMember(sandbox, { status: 'VALIDATED', role: 'REGULAR', emailConfirmed: true });
    const session = await sandbox.login(member.email);
    for (const [language, text] of [
      ['en', 'no real payment happens'],
      ['es', 'no se hace ningún pago real'],
      ['ca', 'no es fa cap pagament real'],
    ] as const) {
      const started = await sandbox.api('POST', '/usr/card', { ...as(session), body: {}, language });
      expect(started.statusCode).toBe(201);
      const page = await sandbox.app.inject({ method: 'GET', url: started.json().url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('data-testid="sandbox-no-payment"');
      expect(page.body).toContain(text);
    }
  });
});
