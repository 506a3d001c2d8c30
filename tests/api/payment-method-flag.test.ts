/**
 * Issue 25 §4: the free-period guard asks a GRATIS member for a way to pay, decided from the server's
 * `has_payment_method` in GET /usr/users/me: a card on file, or a bank account with an accepted direct-debit mandate
 * (what the renewal charges: charging.ts). An IBAN whose mandate was never accepted is not yet a way to pay: the
 * bank-account page is where the mandate is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { makeMember } from '../helpers/admin';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const as = (session: Session) => ({ token: session.token, deviceId: session.deviceId });
const me = async (session: Session) => {
  const res = await t.api('GET', '/usr/users/me', as(session));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { role: string; has_iban: boolean; has_payment_method: boolean };
};

async function gratis() {
  const made = await makeMember(t, { status: 'VALIDATED', role: 'GRATIS', emailConfirmed: true });
  await t.app.db
    .updateTable('users')
    .set({ iban: null, subscription_end: new Date(Date.now() + 90 * 86_400_000).toISOString() })
    .where('hash', '=', made.hash)
    .execute();
  return { ...made, session: await t.login(made.email) };
}

describe('has_payment_method in GET /usr/users/me', () => {
  it('is false for a free-period member with neither a card nor a bank account', async () => {
    const m = await gratis();
    expect(await me(m.session)).toMatchObject({ role: 'GRATIS', has_iban: false, has_payment_method: false });
  });

  it('is true once the member has a card on file (no IBAN)', async () => {
    const m = await gratis();
    await t.app.db
      .insertInto('cards')
      .values({
        hash: `card${m.hash}`.slice(0, 20),
        user_hash: m.hash,
        provider_token: 'sandbox_tok_flag',
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        is_default: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await me(m.session)).toMatchObject({ role: 'GRATIS', has_iban: false, has_payment_method: true });
  });

  it('is false for an IBAN without an accepted mandate, true once the mandate is accepted, false again once it is revoked', async () => {
    const m = await gratis();
    const patched = await t.api('PATCH', '/usr/users', {
      ...as(m.session),
      body: { payment: { bank: 'Caixa', name: 'Queue Tester', iban: 'ES91 2100 0418 4502 0005 1332' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await me(m.session)).toMatchObject({ has_iban: true, has_payment_method: false });
    const accepted = await t.api('POST', '/usr/users/mandate', { ...as(m.session), body: {} });
    expect(accepted.json().accepted).toBe(true);
    expect(await me(m.session)).toMatchObject({ has_iban: true, has_payment_method: true });
    await t.app.db
      .updateTable('debit_mandates')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_hash', '=', m.hash)
      .execute();
    expect((await me(m.session)).has_payment_method).toBe(false);
  });
});
