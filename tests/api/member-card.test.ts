/**
 * The virtual member card (issue 13): who may see it, what its QR code holds (decoded from the picture), the public
 * check of a card (valid for a Bold member in period; not valid once the subscription ends, for a Regular member, after a
 * new QR code, or for a token that never existed — all with the same answer), that the check tells nothing more about
 * the member than the first name, photo and date, and the PDF. Runs on SQLite and PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
const s: Record<string, Session> = {};
const as = (who: string | null) => (who ? { token: s[who]!.token, deviceId: s[who]!.deviceId } : {});
const PUBLIC_URL = 'https://alumni.example';

async function decodeQr(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(600, 600)
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}
const tokenOf = (url: string) => url.split('/').pop()!;
const verify = (token: string) => t.api('GET', `/api/member-card/verify/${encodeURIComponent(token)}`);
const userRow = (email: string) =>
  t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
  for (const [who, kind] of [
    ['bold', 'usr'],
    ['gratis', 'usr'],
    ['regular', 'usr'],
    ['company', 'com'],
    ['admin', 'adm'],
  ] as const)
    s[who] = await t.login(`${who}@demo.test`, kind);
});
afterAll(async () => t?.close());

describe('who may see a member card', () => {
  it('answers 401 to a visitor and 403 to a company and an administrator, making no token', async () => {
    for (const [who, status] of [
      [null, 401],
      ['company', 403],
      ['admin', 403],
    ] as const) {
      for (const [method, url, body] of [
        ['GET', '/usr/member-card'],
        ['POST', '/usr/member-card/revoke', {}],
        ['GET', '/usr/member-card/pdf'],
        ['GET', '/usr/member-card/pkpass'],
      ] as const) {
        const res = await t.api(method, url, { ...as(who), body });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(status);
      }
    }
    expect(await t.app.db.selectFrom('member_card_tokens').selectAll().execute()).toEqual([]);
  });

  it('shows every member their card: Bold, Bold free period and Regular', async () => {
    for (const [who, membership] of [
      ['bold', 'BOLD'],
      ['gratis', 'GRATIS'],
      ['regular', 'REGULAR'],
    ] as const) {
      const res = await t.api('GET', '/usr/member-card', as(who));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const card = res.json();
      const row = await userRow(`${who}@demo.test`);
      expect(card).toMatchObject({
        name: row.name,
        partner_number: row.code_numeric,
        membership,
        photo: row.photo,
        wallet: false,
      });
      expect(card.surname).toBe([row.surname1, row.surname2].filter(Boolean).join(' '));
      if (membership === 'REGULAR') expect(card).toMatchObject({ valid: false, valid_until: null });
      else expect(card).toMatchObject({ valid: true, valid_until: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) });
    }
  });
});

describe('the QR code and its verify page', () => {
  it("holds the verify address in the member's language, the same token on every visit", async () => {
    const first = (await t.api('GET', '/usr/member-card', as('bold'))).json();
    const again = (await t.api('GET', '/usr/member-card', as('bold'))).json();
    expect(again.verify_url).toBe(first.verify_url);
    const { language } = await userRow('bold@demo.test');
    const slug = { es: 'verificar', en: 'verify', ca: 'verificar' }[language as 'es']!;
    expect(first.verify_url).toMatch(new RegExp(`^${PUBLIC_URL}/${language}/${slug}/[A-Za-z0-9_-]{32}$`));
    expect(first.qr).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(await decodeQr(first.qr)).toBe(first.verify_url);
    const live = await t.app.db
      .selectFrom('member_card_tokens')
      .selectAll()
      .where('revoked_at', 'is', null)
      .where('token', '=', tokenOf(first.verify_url))
      .execute();
    expect(live).toHaveLength(1);
  });

  it('verifies a Bold member in period with the first name, photo and date only', async () => {
    const card = (await t.api('GET', '/usr/member-card', as('bold'))).json();
    const res = await verify(tokenOf(card.verify_url));
    expect(res.statusCode).toBe(200);
    // never reused without asking again (the context plugin's `no-cache` for anonymous public reads), and never from
    // the anonymous public cache
    expect(res.headers['cache-control']).toMatch(/no-(cache|store)/);
    expect(res.headers['x-public-cache']).toBeUndefined();
    const row = await userRow('bold@demo.test');
    expect(res.json()).toEqual({ valid: true, first_name: row.name, photo: row.photo, valid_until: card.valid_until });
    // (the demo's seeded pictures are named by the member's hash; an uploaded photo has a random name of its own)
    const rest = JSON.stringify({ ...res.json(), photo: null });
    for (const secret of [row.surname1, row.surname2, row.email, String(row.code_numeric), row.hash].filter(
      (v): v is string => !!v && v.length > 2,
    ))
      expect(rest).not.toContain(secret);
  });

  it('says "not valid", the same way, once the subscription ends, for a Regular member and for an unknown token', async () => {
    const card = (await t.api('GET', '/usr/member-card', as('gratis'))).json();
    const token = tokenOf(card.verify_url);
    expect((await verify(token)).json().valid).toBe(true);
    const { subscription_end } = await userRow('gratis@demo.test');
    await t.app.db
      .updateTable('users')
      .set({ subscription_end: new Date(Date.now() - 86_400_000).toISOString() })
      .where('email', '=', 'gratis@demo.test')
      .execute();
    const expired = await verify(token);
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toEqual({ valid: false });
    expect((await t.api('GET', '/usr/member-card', as('gratis'))).json().valid).toBe(false);
    await t.app.db.updateTable('users').set({ subscription_end }).where('email', '=', 'gratis@demo.test').execute();
    expect((await verify(token)).json().valid).toBe(true);

    const regular = (await t.api('GET', '/usr/member-card', as('regular'))).json();
    const regularAnswer = await verify(tokenOf(regular.verify_url));
    const unknown = await verify('A'.repeat(32));
    const odd = await verify('not a token!');
    for (const answer of [regularAnswer, unknown, odd]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(expired.body);
    }
  });

  it('a new QR code makes the old one "not valid" at once and the new one valid', async () => {
    const before = (await t.api('GET', '/usr/member-card', as('bold'))).json();
    expect((await verify(tokenOf(before.verify_url))).json().valid).toBe(true); // asked once before: nothing may keep it
    const renewed = await t.api('POST', '/usr/member-card/revoke', { ...as('bold'), body: {} });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const after = renewed.json();
    expect(after.verify_url).not.toBe(before.verify_url);
    expect(await decodeQr(after.qr)).toBe(after.verify_url);
    const old = await verify(tokenOf(before.verify_url));
    expect(old.json()).toEqual({ valid: false });
    expect(old.body).toBe((await verify('B'.repeat(32))).body);
    expect((await verify(tokenOf(after.verify_url))).json().valid).toBe(true);
    expect((await t.api('GET', '/usr/member-card', as('bold'))).json().verify_url).toBe(after.verify_url);
    const { hash } = await userRow('bold@demo.test');
    expect(
      await t.app.db
        .selectFrom('member_card_tokens')
        .select('token')
        .where('user_hash', '=', hash)
        .where('revoked_at', 'is', null)
        .execute(),
    ).toHaveLength(1);
  });

  it('serves the verify page with noindex, the same for any token', async () => {
    const card = (await t.api('GET', '/usr/member-card', as('bold'))).json();
    const path = new URL(card.verify_url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    const unknown = await t.app.inject({ method: 'GET', url: path.replace(/[^/]+$/, 'C'.repeat(32)) });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<meta name="robots" content="noindex">');
  });
});

describe('the card as a document', () => {
  it('downloads a PDF, never stored by the browser', async () => {
    const res = await t.api('GET', '/usr/member-card/pdf', as('bold'));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="member-card-[\w.-]+\.pdf"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(2000);
    // a member without a photo gets one too
    await t.app.db
      .updateTable('users')
      .set({ photo: '/uploads/avatars/missing.webp' })
      .where('email', '=', 'regular@demo.test')
      .execute();
    const regular = await t.api('GET', '/usr/member-card/pdf', as('regular'));
    expect(regular.statusCode).toBe(200);
    expect(regular.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('offers no Apple Wallet pass unless its certificates are configured', async () => {
    const res = await t.api('GET', '/usr/member-card/pkpass', as('bold'));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('memberCard.walletUnavailable');
    expect((await t.api('GET', '/usr/member-card', as('bold'))).json().wallet).toBe(false);
  });
});

describe('the Apple Wallet pass, when its certificates are configured', () => {
  let w: TestApp;
  let dir: string;
  beforeAll(async () => {
    // throwaway self-signed certificates stand in for Apple's (the pass is signed the same way)
    dir = mkdtempSync(join(tmpdir(), 'wallet-'));
    for (const name of ['signer', 'wwdr'])
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          join(dir, `${name}-key.pem`),
          '-out',
          join(dir, `${name}.pem`),
          '-days',
          '2',
          '-subj',
          `/CN=${name} test`,
        ],
        { stdio: 'ignore' },
      );
    w = await startTestApp({
      PUBLIC_URL,
      WALLET_PASS_CERT: join(dir, 'signer.pem'),
      WALLET_PASS_KEY: join(dir, 'signer-key.pem'),
      WALLET_PASS_WWDR: join(dir, 'wwdr.pem'),
      WALLET_PASS_TYPE_ID: 'pass.example.alumni',
      WALLET_TEAM_ID: 'ABCDE12345',
    });
  });
  afterAll(async () => {
    await w?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('offers a signed pass holding the verify address', async () => {
    const session = await w.login('bold@demo.test');
    const headers = { token: session.token, deviceId: session.deviceId };
    const card = (await w.api('GET', '/usr/member-card', headers)).json();
    expect(card.wallet).toBe(true);
    const res = await w.api('GET', '/usr/member-card/pkpass', headers);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['cache-control']).toContain('no-store');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    for (const name of ['pass.json', 'manifest.json', 'signature', 'icon.png'])
      expect(bytes.includes(Buffer.from(name)), name).toBe(true);
  });
});
