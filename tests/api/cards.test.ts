/**
 * Payment cards on the sandbox provider (issue 13 §1–§2). Hostile first: every role, another member's card, a forged,
 * replayed or duplicated notification, a page for a session we did not sign, a declined or cancelled card; then a card
 * added on the hosted page (only token, brand, last four and expiry kept — the number is searched for everywhere and
 * found nowhere), a second card, the default moved, deletions.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { SANDBOX_SIGNATURE_HEADER, sandboxSign } from '../../src/server/modules/payments/sandbox/provider';

let t: TestApp;
const s: Record<string, Session> = {};
const as = (who: string | null) => (who ? { token: s[who]!.token, deviceId: s[who]!.deviceId } : {});
const cardCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('cards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const cardsOf = async (who: string) =>
  (await t.api('GET', '/usr/card', as(who))).json().items as Array<{
    hash: string;
    last4: string;
    brand: string;
    is_default: boolean;
  }>;

/** Opens the hosted page for `who` and submits `form` (urlencoded, as the browser does); answers the final response. */
async function giveCard(who: string, form: Record<string, string>) {
  const started = await t.api('POST', '/usr/card', { ...as(who), body: {} });
  expect(started.statusCode, started.body).toBe(201);
  const url = new URL(started.json().url, 'https://alumni.example');
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  return {
    url,
    page,
    answer: await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    }),
  };
}
const good = { cc_name: 'Marc Bold', cc_number: '4242 4242 4242 4242', cc_exp: '12/34', cc_csc: '123', action: 'pay' };

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://alumni.example' });
  for (const [who, kind] of [
    ['bold', 'usr'],
    ['gratis', 'usr'],
    ['regular', 'usr'],
    ['company', 'com'],
    ['admin', 'adm'],
  ] as const)
    s[who] = await t.login(`${who}@demo.test`, kind);
  await t.app.db.deleteFrom('cards').execute(); // the demo's cards: this file starts from none
});
afterAll(async () => t?.close());

describe('who may manage cards', () => {
  it('answers 401 to a visitor and 403 to a company and an administrator, writing nothing', async () => {
    for (const [who, status] of [
      [null, 401],
      ['company', 403],
      ['admin', 403],
    ] as const) {
      for (const [method, url, body] of [
        ['GET', '/usr/card'],
        ['POST', '/usr/card', {}],
        ['PATCH', '/usr/card/abc/default', {}],
        ['DELETE', '/usr/card/abc'],
      ] as const) {
        const res = await t.api(method, url, { ...as(who), body });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
    // a Regular member manages cards too (to pay the upgrade to Bold), but only their own
    expect((await t.api('GET', '/usr/card', as('regular'))).json().items).toEqual([]);
    expect((await t.api('PATCH', '/usr/card/abc/default', { ...as('regular'), body: {} })).statusCode).toBe(404);
    expect(await cardCount()).toBe(0);
    expect(
      Number(
        (
          await t.app.db
            .selectFrom('payment_sessions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });
});

describe('the hosted card page', () => {
  it('has the standard card inputs, and refuses a page for a session we did not sign or that is closed', async () => {
    const started = await t.api('POST', '/usr/card', { ...as('bold'), body: {} });
    expect(started.json().url).toMatch(/^\/pay\/sandbox\/[a-z0-9]{16}\?sig=/); // the sandbox is this server: same origin
    const url = new URL(started.json().url, 'https://alumni.example');
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    for (const name of ['cc-name', 'cc-number', 'cc-exp', 'cc-csc'])
      expect(page.body).toContain(`autocomplete="${name}"`);
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}?sig=${'A'.repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
  });

  it('a bad number or expiry shows the form again, a declined card stores nothing, a cancel says so', async () => {
    const badNumber = await giveCard('bold', { ...good, cc_number: '4242 4242 4242 4241' });
    expect(badNumber.answer.statusCode).toBe(400);
    expect(badNumber.answer.body).toContain('autocomplete="cc-number"');
    const badExpiry = await giveCard('bold', { ...good, cc_exp: '01/20' });
    expect(badExpiry.answer.statusCode).toBe(400);
    const declined = await giveCard('bold', { ...good, cc_number: '4000 0000 0000 0002' });
    expect(declined.answer.statusCode).toBe(303);
    expect(declined.answer.headers.location).toBe('/en/user/card?payment=declined');
    const cancelled = await giveCard('bold', { action: 'cancel' });
    expect(cancelled.answer.headers.location).toBe('/en/user/card?payment=cancelled');
    expect(await cardCount()).toBe(0);
    // a closed session's page is gone
    expect(
      (await t.app.inject({ method: 'GET', url: `${cancelled.url.pathname}${cancelled.url.search}` })).statusCode,
    ).toBe(404);
  });
});

describe('the 3-D Secure test card', () => {
  const challenged = { ...good, cc_number: '4000 0027 6000 3184' };
  const answer = (url: URL, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const challengeOf = (html: string) => /name="challenge" value="([^"]+)"/.exec(html)![1]!;

  it('asks the bank step; a failed one stores nothing, a changed one is refused, a passed one stores the card', async () => {
    const failed = await giveCard('gratis', challenged);
    expect(failed.answer.statusCode).toBe(200);
    expect(failed.answer.body).toContain('3-D Secure');
    expect(failed.answer.body).not.toMatch(/value="[^"]*0027/); // the number is not carried to the bank's step
    const refused = await answer(
      failed.url,
      new URLSearchParams({ action: '3ds-fail', challenge: challengeOf(failed.answer.body) }).toString(),
    );
    expect(refused.headers.location).toBe('/en/user/card?payment=declined');
    expect(
      (
        await t.app.db
          .selectFrom('payment_sessions')
          .select('result')
          .where('hash', '=', failed.url.pathname.split('/').pop()!)
          .executeTakeFirstOrThrow()
      ).result,
    ).toBe('authentication');

    const passed = await giveCard('gratis', challenged);
    const signed = challengeOf(passed.answer.body);
    const [payload, signature] = signed.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), last4: '9999' }),
    ).toString('base64url');
    expect(
      (
        await answer(
          passed.url,
          new URLSearchParams({ action: '3ds-pass', challenge: `${forged}.${signature}` }).toString(),
        )
      ).statusCode,
    ).toBe(400);
    const ok = await answer(passed.url, new URLSearchParams({ action: '3ds-pass', challenge: signed }).toString());
    expect(ok.headers.location).toBe('/en/user/card?card=added');
    expect((await cardsOf('gratis')).map((card) => card.last4)).toEqual(['3184']);
    await t.app.db.deleteFrom('cards').execute();
  });
});

describe('a card added', () => {
  it('keeps only the token, brand, last four digits and expiry; the first is the default', async () => {
    const { answer } = await giveCard('bold', good);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/en/user/card?card=added');
    const [card] = await cardsOf('bold');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', is_default: true });
    expect((await t.api('GET', '/usr/card', as('bold'))).body).not.toContain('sbx_'); // the provider's token never leaves the server
  });

  it('is never stored or e-mailed in full: the number is nowhere in the database or the data folder', async () => {
    const dump = JSON.stringify(
      await Promise.all(
        (['cards', 'payment_sessions', 'email_outbox', 'audit_log', 'users'] as const).map((table) =>
          t.app.db.selectFrom(table).selectAll().execute(),
        ),
      ),
    );
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toContain('4242 4242 4242 4242');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(t.app.config.dataDir);
    for (const file of files) expect(readFileSync(file).includes('4242424242424242'), file).toBe(false);
  });

  it('refuses a forged notification and ignores a replayed one, storing nothing twice', async () => {
    const before = await cardCount();
    const started = (await t.api('POST', '/usr/card', { ...as('gratis'), body: {} })).json();
    const session = new URL(started.url, 'https://alumni.example').pathname.split('/').pop()!;
    const payload = JSON.stringify({
      session,
      status: 'DONE',
      card: { token: 'sbx_forged', brand: 'visa', last4: '0000', exp_month: 1, exp_year: 2040 },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: { 'content-type': 'text/plain', [SANDBOX_SIGNATURE_HEADER]: 'A'.repeat(43) },
      payload,
    });
    expect(forged.statusCode).toBe(400);
    expect(await cardCount()).toBe(before);
    const signed = { 'content-type': 'text/plain', [SANDBOX_SIGNATURE_HEADER]: sandboxSign(t.app.config, payload) };
    const first = await t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: signed, payload });
    expect(first.json()).toEqual({ ok: true, applied: true });
    const replay = await t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: signed, payload });
    expect(replay.json()).toEqual({ ok: true, applied: false });
    const racing = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', headers: signed, payload })),
    );
    expect(racing.every((res) => res.json().applied === false)).toBe(true);
    expect(await cardCount()).toBe(before + 1);
  });

  it('moves the default, refuses another member’s card (404), and deletes (the next card becomes the default)', async () => {
    await giveCard('bold', { ...good, cc_number: '5555 5555 5555 4444', cc_exp: '06/33' });
    const cards = await cardsOf('bold');
    expect(cards).toHaveLength(2);
    const master = cards.find((card) => card.last4 === '4444')!;
    const visa = cards.find((card) => card.last4 === '4242')!;
    const gratisCard = (await cardsOf('gratis'))[0]!;
    expect((await t.api('PATCH', `/usr/card/${gratisCard.hash}/default`, { ...as('bold'), body: {} })).statusCode).toBe(
      404,
    );
    expect((await t.api('DELETE', `/usr/card/${gratisCard.hash}`, as('bold'))).statusCode).toBe(404);
    expect(
      (await t.api('PATCH', `/usr/card/${master.hash}/default`, { ...as('bold'), body: {} })).json().is_default,
    ).toBe(true);
    expect((await cardsOf('bold')).find((card) => card.hash === visa.hash)!.is_default).toBe(false);
    expect((await t.api('DELETE', `/usr/card/${master.hash}`, as('bold'))).statusCode).toBe(200);
    expect((await cardsOf('bold')).map((card) => [card.last4, card.is_default])).toEqual([['4242', true]]);
  });

  it('keeps the last card of a running card subscription', async () => {
    const bold = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    const [card] = await cardsOf('bold');
    await t.app.db.deleteFrom('subscriptions').where('user_hash', '=', bold.hash).execute(); // the demo's: this test's own instead
    await t.app.db
      .insertInto('subscriptions')
      .values({
        hash: `sub${Date.now().toString(36)}`.slice(0, 16),
        user_hash: bold.hash,
        card_hash: card!.hash,
        status: 'ACTIVE',
        amount_cents: 5000,
        current_period_end: '2027-11-24T00:00:00.000Z',
        created_at: new Date().toISOString(),
        cancelled_at: null,
      })
      .execute();
    const refused = await t.api('DELETE', `/usr/card/${card!.hash}`, { ...as('bold'), language: 'es' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('cuota Bold');
    expect(await cardsOf('bold')).toHaveLength(1);
  });
});
