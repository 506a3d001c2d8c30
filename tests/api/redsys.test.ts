/**
 * The Redsys provider against a fake Redsys gateway (tests/support/fakeRedsys.ts: a real HTTP server with its own
 * implementation of Redsys's signature). The portal listens on a real port so the fake's notifications reach it over
 * HTTP. Hostile first: the configuration without the merchant's code or key, a page for a session we did not sign,
 * forged, tampered, misdirected and replayed notifications; then the card-verification form the fake accepts, a card
 * stored from the fake's signed notification (token, brand, last four, expiry only), a cancel and a decline; stored-card
 * charges (paid, declined with its reason, a repeated order, an answer we cannot verify, an unreachable gateway) with
 * the MIT fields checked by the fake, and refunds.
 */
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { loadConfig } from '../../src/server/config';
import { REASONS, redsysOrder, redsysProvider, redsysReason } from '../../src/server/modules/payments/redsys/provider';
import { FakeRedsys, signAnswer, type FakeCard } from '../support/fakeRedsys';

const MERCHANT = '999008881';
const KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7'; // Redsys's published test key
const OTHER_KEY = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';
const VISA: FakeCard = { brand: '1', number: '454881******0004', expiry: '3412' };

let t: TestApp;
let fake: FakeRedsys;
let publicUrl: string;
const s: Record<string, Session> = {};
const as = (who: string) => ({ token: s[who]!.token, deviceId: s[who]!.deviceId });
const count = async (table: 'cards' | 'payment_sessions') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sessionRow = (hash: string) =>
  t.app.db.selectFrom('payment_sessions').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts adding a card for `who`: our signed page, read as the browser gets it. */
async function openPage(who: string, language = 'en') {
  const started = await t.api('POST', '/usr/card', { ...as(who), body: {}, language });
  expect(started.statusCode, started.body).toBe(201);
  const url = new URL(started.json().url as string, publicUrl);
  const session = url.pathname.split('/').pop()!;
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const action = /<form id="redsys" method="post" action="([^"]+)">/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
  const fields = Object.fromEntries(
    [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
  );
  return { url, session, page, action, fields, order: redsysOrder('card', session) };
}

/** What the browser does with our page: posts its form to Redsys (the fake). */
async function submitToRedsys(opened: Awaited<ReturnType<typeof openPage>>) {
  const res = await fetch(opened.action!, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(opened.fields).toString(),
  });
  return { status: res.status, body: await res.text(), recorded: fake.requests.at(-1)! };
}

const notify = (body: Record<string, string>) =>
  fetch(`${publicUrl}/pay/notify/redsys`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });

/** A notification as Redsys would sign it, for an order and session of our choosing (the key decides whether it is real). */
function notification(key: string, params: Record<string, string>) {
  return signAnswer(key, {
    Ds_Amount: '0',
    Ds_Currency: '978',
    Ds_MerchantCode: MERCHANT,
    Ds_Terminal: '001',
    Ds_TransactionType: '7',
    Ds_Response: '0000',
    Ds_Merchant_Identifier: 'tok_forged',
    Ds_Card_Brand: '1',
    Ds_Card_Number: '454881******9999',
    Ds_ExpiryDate: '3912',
    ...params,
  });
}

beforeAll(async () => {
  fake = new FakeRedsys({ merchantCode: MERCHANT, terminal: '1', secretKey: KEY });
  const fakeUrl = await fake.start();
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await startTestApp({
    PUBLIC_URL: publicUrl,
    PAYMENT_PROVIDER: 'redsys',
    REDSYS_MERCHANT_CODE: MERCHANT,
    REDSYS_SECRET_KEY: KEY,
    REDSYS_URL: fakeUrl,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  for (const who of ['bold', 'gratis']) s[who] = await t.login(`${who}@demo.test`);
  await t.app.db.deleteFrom('cards').execute(); // the demo's cards: this file starts from none
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

describe('configuration', () => {
  it('stops a start with PAYMENT_PROVIDER=redsys and no merchant code or key, or a key that is not Redsys’s', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'redsys' })).toThrow(
      /REDSYS_MERCHANT_CODE, REDSYS_SECRET_KEY must be set when PAYMENT_PROVIDER=redsys/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'redsys', REDSYS_MERCHANT_CODE: MERCHANT })).toThrow(
      /REDSYS_SECRET_KEY must be set/,
    );
    expect(() =>
      loadConfig({
        PAYMENT_PROVIDER: 'redsys',
        REDSYS_MERCHANT_CODE: MERCHANT,
        REDSYS_SECRET_KEY: 'c2hvcnQta2V5LXNob3J0LWtleQ',
      }),
    ).toThrow(/REDSYS_SECRET_KEY must be the base64/);
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'redsys', REDSYS_MERCHANT_CODE: 'abc', REDSYS_SECRET_KEY: KEY }),
    ).toThrow(/REDSYS_MERCHANT_CODE/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({}).redsys).toBeNull();
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'redsys', REDSYS_MERCHANT_CODE: MERCHANT, REDSYS_SECRET_KEY: KEY }).redsys,
    ).toEqual({ merchantCode: MERCHANT, terminal: '1', secretKey: KEY, url: 'https://sis-t.redsys.es:25443' });
  });
});

describe('the way to Redsys’s card page', () => {
  it('is refused for a session we did not sign, a forged signature, another provider’s notification route', async () => {
    const opened = await openPage('bold');
    expect(opened.url.pathname).toMatch(/^\/pay\/redsys\/[a-z0-9]{16}$/);
    expect((await t.app.inject({ method: 'GET', url: opened.url.pathname })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${opened.url.pathname}?sig=${'A'.repeat(43)}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/pay/redsys/${'a'.repeat(16)}${opened.url.search}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/pay/sandbox/${opened.session}${opened.url.search}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/pay/notify/sandbox',
          headers: { 'content-type': 'text/plain' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('holds the signed card-verification form, which the fake Redsys accepts: type 7, amount 0, card on file, our URLs', async () => {
    const opened = await openPage('bold');
    expect(opened.page.statusCode).toBe(200);
    expect(opened.action).toBe(`${fake.url}/sis/realizarPago`);
    expect(Object.keys(opened.fields).sort()).toEqual(['Ds_MerchantParameters', 'Ds_Signature', 'Ds_SignatureVersion']);
    // without JavaScript the member presses the button; with it, the one script (allowed by its hash) submits the form
    expect(opened.page.body).toMatch(/<button type="submit">Continue to Redsys<\/button>/);
    const csp = String(opened.page.headers['content-security-policy']);
    expect(csp).toContain(`form-action ${fake.url}`);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(opened.page.headers['cache-control']).toBe('no-store');
    const { status, body, recorded } = await submitToRedsys(opened);
    expect(status).toBe(200);
    expect(recorded.problems, body).toEqual([]);
    expect(recorded.signatureValid).toBe(true);
    expect(recorded.params).toMatchObject({
      DS_MERCHANT_MERCHANTCODE: MERCHANT,
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_ORDER: opened.order,
      DS_MERCHANT_TRANSACTIONTYPE: '7',
      DS_MERCHANT_AMOUNT: '0',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_IDENTIFIER: 'REQUIRED',
      DS_MERCHANT_COF_INI: 'S',
      DS_MERCHANT_COF_TYPE: 'R',
      DS_MERCHANT_MERCHANTDATA: opened.session,
      DS_MERCHANT_MERCHANTURL: `${publicUrl}/pay/notify/redsys`,
      DS_MERCHANT_URLOK: `${publicUrl}/en/user/card?card=added`,
      DS_MERCHANT_URLKO: `${publicUrl}/en/user/card?payment=declined`,
      DS_MERCHANT_CONSUMERLANGUAGE: '2',
    });
    expect(recorded.params['DS_MERCHANT_EXCEP_SCA']).toBeUndefined();
    expect(opened.order).toMatch(/^\d{4}[A-Z0-9]{8}$/);
    expect(redsysOrder('card', opened.session)).toBe(opened.order); // the same session, the same order, every time
    expect(body).toContain(`Order ${opened.order}`);
  });

  it('speaks the member’s language: Spanish page, URLs and Redsys’s language code', async () => {
    const opened = await openPage('gratis', 'es');
    expect(opened.page.body).toContain('Continuar a Redsys');
    const { recorded } = await submitToRedsys(opened);
    expect(recorded.problems).toEqual([]);
    expect(recorded.params['DS_MERCHANT_URLOK']).toMatch(new RegExp(`^${publicUrl}/es/[^?]+\\?card=added$`));
    expect(recorded.params['DS_MERCHANT_CONSUMERLANGUAGE']).toBe('1');
  });

  it('the fake itself refuses a form whose signature was not made with the merchant’s key', async () => {
    const opened = await openPage('bold');
    const tampered = {
      ...opened.fields,
      Ds_MerchantParameters: Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(opened.fields['Ds_MerchantParameters']!, 'base64').toString()),
          DS_MERCHANT_AMOUNT: '100',
        }),
      ).toString('base64'),
    };
    const { body, recorded } = await submitToRedsys({ ...opened, fields: tampered });
    expect(recorded.signatureValid).toBe(false);
    expect(body).toContain('SIS0042');
  });
});

describe('Redsys’s notification', () => {
  it('refuses (400) a forged, tampered or misdirected notification and stores nothing', async () => {
    const opened = await openPage('bold');
    await submitToRedsys(opened);
    const before = await count('cards');
    const forged = notification(OTHER_KEY, { Ds_Order: opened.order, Ds_MerchantData: opened.session });
    expect((await notify(forged)).status).toBe(400);
    // a real signature over other parameters: the signature no longer matches them
    const real = notification(KEY, { Ds_Order: opened.order, Ds_MerchantData: opened.session });
    const swapped = {
      ...real,
      Ds_MerchantParameters: notification(KEY, {
        Ds_Order: opened.order,
        Ds_MerchantData: opened.session,
        Ds_Card_Number: '454881******1111',
      }).Ds_MerchantParameters,
    };
    expect((await notify(swapped)).status).toBe(400);
    // signed, but for another order than the session's, another merchant, or a session that is not ours
    expect(
      (await notify(notification(KEY, { Ds_Order: '1234ABCDEFGH', Ds_MerchantData: opened.session }))).status,
    ).toBe(400);
    expect(
      (
        await notify(
          notification(KEY, { Ds_Order: opened.order, Ds_MerchantData: opened.session, Ds_MerchantCode: '999008882' }),
        )
      ).status,
    ).toBe(400);
    expect(
      await (
        await notify(
          notification(KEY, { Ds_Order: redsysOrder('card', 'zzzzzzzzzzzzzzzz'), Ds_MerchantData: 'zzzzzzzzzzzzzzzz' }),
        )
      ).json(),
    ).toEqual({ ok: true, applied: false });
    // not Redsys's format at all
    expect(
      (await notify({ Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'bm90IGpzb24', Ds_Signature: 'x' }))
        .status,
    ).toBe(400);
    expect((await notify({})).status).toBe(400);
    const json = await fetch(`${publicUrl}/pay/notify/redsys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    });
    expect(json.status).toBe(400);
    expect(await count('cards')).toBe(before);
    expect((await sessionRow(opened.session)).status).toBe('PENDING');
  });

  it('stores the card the fake verified — token, brand, last four, expiry only — once, however often it is replayed', async () => {
    const before = await count('cards');
    const opened = await openPage('bold');
    await submitToRedsys(opened);
    const done = await fake.complete(opened.order, { pay: VISA });
    expect(done.status).toBe(200);
    expect(JSON.parse(done.answer)).toEqual({ ok: true, applied: true });
    expect(done.redirect).toBe(`${publicUrl}/en/user/card?card=added`);
    const session = await sessionRow(opened.session);
    expect(session).toMatchObject({ status: 'DONE', result: null });
    const card = await t.app.db
      .selectFrom('cards')
      .selectAll()
      .where('hash', '=', session.card_hash!)
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({
      provider_token: done.token,
      brand: 'visa',
      last4: '0004',
      exp_month: 12,
      exp_year: 2034,
    });
    expect((await t.api('GET', '/usr/card', as('bold'))).body).not.toContain(done.token!); // the token never leaves the server
    // the replayed notification (the same signed body, and Redsys's own retries) changes nothing
    const sent = fake.notifications.at(-1)!.body;
    const replays = await Promise.all([1, 2, 3].map(() => notify(sent)));
    for (const replay of replays) expect(await replay.json()).toEqual({ ok: true, applied: false });
    expect(await count('cards')).toBe(before + 1);
    // nothing of the card number but its last four: not even Redsys's masked number
    const dump = JSON.stringify(
      await Promise.all(
        (['cards', 'payment_sessions', 'audit_log'] as const).map((table) =>
          t.app.db.selectFrom(table).selectAll().execute(),
        ),
      ),
    );
    expect(dump).not.toContain('454881');
  });

  it('the fake’s own "pay" button: notification first, then the browser back to the card page', async () => {
    const opened = await openPage('gratis');
    await submitToRedsys(opened);
    const res = await fetch(`${fake.url}/fake/${opened.order}/pay`, { method: 'POST', redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${publicUrl}/en/user/card?card=added`);
    expect((await sessionRow(opened.session)).status).toBe('DONE');
  });

  it('a cancel closes the session CANCELLED, a decline FAILED with its reason; neither stores a card', async () => {
    const before = await count('cards');
    const cancelled = await openPage('bold');
    await submitToRedsys(cancelled);
    const answer = await fake.complete(cancelled.order, 'cancel');
    expect(JSON.parse(answer.answer)).toEqual({ ok: true, applied: true });
    expect(answer.redirect).toBe(`${publicUrl}/en/user/card?payment=declined`);
    expect(await sessionRow(cancelled.session)).toMatchObject({ status: 'CANCELLED', card_hash: null });
    const declined = await openPage('bold');
    await submitToRedsys(declined);
    await fake.complete(declined.order, { deny: '0116' });
    expect(await sessionRow(declined.session)).toMatchObject({
      status: 'FAILED',
      result: 'insufficientFunds',
      card_hash: null,
    });
    const expired = await openPage('bold');
    await submitToRedsys(expired);
    await fake.complete(expired.order, { deny: '0101' });
    expect(await sessionRow(expired.session)).toMatchObject({ status: 'FAILED', result: 'expired' });
    expect(await count('cards')).toBe(before);
    // a closed session's page is gone
    expect(
      (await t.app.inject({ method: 'GET', url: `${cancelled.url.pathname}${cancelled.url.search}` })).statusCode,
    ).toBe(404);
  });
});

describe('charges of a stored card (merchant-initiated) and refunds', () => {
  const charge = (payment: string, token: string, amountCents = 5000) =>
    redsysProvider.chargeStoredCard(t.app.config, { payment, token, amountCents, description: 'Alumni Bold 2027' });

  it('charges with the MIT and card-on-file fields the fake requires, and answers PAID with the order as reference', async () => {
    fake.register('tok_good');
    const paid = await charge('pay0000000000001', 'tok_good');
    expect(paid).toEqual({ status: 'PAID', reference: redsysOrder('charge', 'pay0000000000001') });
    const recorded = fake.requests.at(-1)!;
    expect(recorded.path).toBe('/sis/rest/trataPeticionREST');
    expect(recorded.contentType).toContain('application/json');
    expect(recorded.signatureValid).toBe(true);
    expect(recorded.problems).toEqual([]);
    expect(recorded.params).toMatchObject({
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_AMOUNT: '5000',
      DS_MERCHANT_IDENTIFIER: 'tok_good',
      DS_MERCHANT_COF_INI: 'N',
      DS_MERCHANT_COF_TYPE: 'R',
      DS_MERCHANT_EXCEP_SCA: 'MIT',
      DS_MERCHANT_DIRECTPAYMENT: 'true',
      DS_MERCHANT_ORDER: paid.reference,
    });
  });

  it('a card the bank declines answers DECLINED with the mapped reason; an unknown reference a gateway reason', async () => {
    fake.register('tok_declines');
    fake.decline('tok_declines');
    expect(await charge('pay0000000000002', 'tok_declines')).toEqual({ status: 'DECLINED', result: 'declined' });
    expect(fake.requests.at(-1)!.problems).toEqual([]);
    expect(await charge('pay0000000000003', 'tok_never_made')).toEqual({ status: 'DECLINED', result: 'gateway' });
  });

  it('a retried payment is a repeated order for Redsys (SIS0051): never charged twice', async () => {
    fake.register('tok_retry');
    expect((await charge('pay0000000000004', 'tok_retry')).status).toBe('PAID');
    expect(await charge('pay0000000000004', 'tok_retry')).toEqual({ status: 'DECLINED', result: 'duplicate' });
    expect(fake.requests.at(-1)!.problems).toEqual(['SIS0051']);
  });

  it('throws when the answer cannot be verified or the gateway cannot be reached (the outcome is unknown)', async () => {
    fake.register('tok_unverified');
    fake.answerKey = OTHER_KEY;
    try {
      await expect(charge('pay0000000000005', 'tok_unverified')).rejects.toThrow();
    } finally {
      fake.answerKey = null;
    }
    const closed = await freePort();
    const unreachable = { ...t.app.config, redsys: { ...t.app.config.redsys!, url: `http://127.0.0.1:${closed}` } };
    await expect(
      redsysProvider.chargeStoredCard(unreachable, {
        payment: 'pay0000000000006',
        token: 'tok_good',
        amountCents: 5000,
        description: 'x',
      }),
    ).rejects.toThrow();
  });

  it('refunds a paid charge in full or in part, and no more than was paid', async () => {
    fake.register('tok_refund');
    const paid = await charge('pay0000000000007', 'tok_refund', 5000);
    expect(paid.status).toBe('PAID');
    expect(
      await redsysProvider.refund(t.app.config, {
        payment: 'pay0000000000007',
        reference: paid.reference!,
        amountCents: 2000,
      }),
    ).toEqual({ ok: true });
    expect(fake.requests.at(-1)!.params).toMatchObject({
      DS_MERCHANT_TRANSACTIONTYPE: '3',
      DS_MERCHANT_ORDER: paid.reference,
      DS_MERCHANT_AMOUNT: '2000',
    });
    expect(
      await redsysProvider.refund(t.app.config, {
        payment: 'pay0000000000007',
        reference: paid.reference!,
        amountCents: 3001,
      }),
    ).toEqual({ ok: false, result: 'gateway' });
    expect(
      await redsysProvider.refund(t.app.config, {
        payment: 'pay0000000000007',
        reference: paid.reference!,
        amountCents: 3000,
      }),
    ).toEqual({ ok: true });
    expect(
      await redsysProvider.refund(t.app.config, {
        payment: 'x',
        reference: redsysOrder('charge', 'never-charged'),
        amountCents: 100,
      }),
    ).toEqual({ ok: false, result: 'gateway' });
    expect(
      await redsysProvider.refund(t.app.config, { payment: 'x', reference: 'not an order', amountCents: 100 }),
    ).toEqual({ ok: false, result: 'unknownCharge' });
  });
});

describe('Redsys’s codes', () => {
  it('map to one reason key each, with a message in es, en and ca', () => {
    expect(
      [
        '0101',
        '0116',
        '0129',
        '0180',
        '0190',
        '0184',
        '9915',
        'SIS0042',
        'SIS0051',
        '0195',
        '0999',
        '9999',
        'garbage',
      ].map(redsysReason),
    ).toEqual([
      'expired',
      'insufficientFunds',
      'declined',
      'declined',
      'declined',
      'authentication',
      'cancelled',
      'gateway',
      'duplicate',
      'authentication',
      'gateway',
      'gateway',
      'gateway',
    ]);
    const keys = new Set([...Object.values(REASONS), 'declined', 'gateway']);
    for (const lng of ['es', 'en', 'ca']) {
      const messages = JSON.parse(readFileSync(`locales/${lng}/errors.json`, 'utf8')) as Record<string, string>;
      for (const key of keys) expect(messages[`payments.declined.${key}`], `${lng} ${key}`).toMatch(/\S{3}/);
    }
  });
});
