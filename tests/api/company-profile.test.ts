/**
 * The company's own account (issue 11 §1 "Profile", SPEC §7): PATCH /com/companies, the password and the logo.
 * Hostile first: every other role, fields a company may not change (CIF, e-mail, status), bad values naming the
 * field with nothing written, a logo that is not an image, the wrong old password, and sessions after a change.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type Session, type TestApp } from '../helpers/app';
import { outboxFor } from '../helpers/admin';
import { uploadAs } from '../helpers/multipart';

let t: TestApp;
let company: Session;
let member: Session;
let admin: Session;
const EMAIL = 'company@demo.test';

beforeAll(async () => {
  t = await startTestApp();
  company = await t.login(EMAIL, 'com');
  member = await t.login('bold@demo.test', 'usr');
  admin = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const row = () => t.app.db.selectFrom('companies').selectAll().where('email', '=', EMAIL).executeTakeFirstOrThrow();
const patch = (body: unknown, session: Session | null = company, language = 'en') =>
  t.api('PATCH', '/com/companies', {
    body,
    language,
    ...(session ? { token: session.token, deviceId: session.deviceId } : {}),
  });
const png = (width = 300, height = 120) =>
  sharp({ create: { width, height, channels: 3, background: '#2a5' } })
    .png()
    .toBuffer();

describe('who may change a company profile', () => {
  it('answers 401 to a visitor and 403 to a member and to an administrator, on every route', async () => {
    const image = { name: 'image', filename: 'logo.png', type: 'image/png', data: await png() };
    for (const [session, status] of [
      [null, 401],
      [member, 403],
      [admin, 403],
    ] as const) {
      expect((await patch({ company_name: 'Hijacked' }, session)).statusCode).toBe(status);
      const auth = session ? { token: session.token, deviceId: session.deviceId } : {};
      expect(
        (await t.api('PATCH', '/com/companies/me', { body: { company_name: 'Hijacked' }, ...auth })).statusCode,
      ).toBe(status);
      expect(
        (
          await t.api('POST', '/com/companies/password', {
            body: { old_password: DEMO_PASSWORD, password: 'another-pass-1', password_repeat: 'another-pass-1' },
            ...auth,
          })
        ).statusCode,
      ).toBe(status);
      expect((await uploadAs(t, '/com/companies/logo', session, [image])).statusCode).toBe(status);
      expect((await t.api('DELETE', '/com/companies/logo', { ...auth })).statusCode).toBe(status);
    }
    expect((await row()).company_name).not.toBe('Hijacked');
  });

  it('is reached by the matched route only: odd spellings do not reach it or are refused', async () => {
    for (const url of ['/com/%63ompanies', '/COM/companies', '/com//companies', '/com/companies/./']) {
      const res = await t.api('PATCH', url, { body: { company_name: 'Spelled' } });
      expect([400, 401, 404], url).toContain(res.statusCode);
    }
    expect((await row()).company_name).not.toBe('Spelled');
  });
});

describe('details, contact and language', () => {
  it('changes any subset, trims, clears optional fields with null, and answers the company as /me reads it', async () => {
    const res = await patch({
      company_name: '  Estudi Nord  ',
      contact_name: 'Marta Puig',
      contact_phone: '+34 600 111 222',
      url: null,
      language: 'ca',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      company_name: 'Estudi Nord',
      contact_name: 'Marta Puig',
      contact_phone: '+34 600 111 222',
      url: null,
      language: 'ca',
      email: EMAIL,
      status: 'VALIDATED',
    });
    const me = await t.api('GET', '/com/companies/me', { ...company });
    expect(me.json()).toMatchObject({ company_name: 'Estudi Nord', language: 'ca' });
    expect(me.json().document_number_company).toMatch(/^[A-Z]\d{7}[0-9A-J]$/);
  });

  it('refuses fields a company may not change (CIF, e-mail, status, logo path) and writes nothing', async () => {
    const before = await row();
    for (const body of [
      { document_number_company: 'B12345674' },
      { email: 'new@demo.test' },
      { status: 'VALIDATED' },
      { logo: '/uploads/logos/x.webp' },
      { company_name: 'Ok name', hash: 'x' },
      {},
    ]) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await row()).toEqual(before);
  });

  it('names the field of a bad value in the company’s language, and writes nothing', async () => {
    const before = await row();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ company_name: ' ' }, 'company_name'],
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ contact_phone: 'call me' }, 'contact_phone'],
      [{ language: 'fr' }, 'language'],
      [{ contact_name: 'A', company_name: 'Fine name' }, 'contact_name'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(body, company, 'es');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        (res.json().errors as Array<{ field: string }>).map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(await row()).toEqual(before);
  });
});

describe('password', () => {
  it('needs the right old password and a matching repeat, naming the field', async () => {
    const wrong = await t.api('POST', '/com/companies/password', {
      ...company,
      body: { old_password: 'not-it', password: 'another-pass-1', password_repeat: 'another-pass-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('old_password');
    const differ = await t.api('POST', '/com/companies/password', {
      ...company,
      body: { old_password: DEMO_PASSWORD, password: 'another-pass-1', password_repeat: 'another-pass-2' },
    });
    expect(differ.json().errors[0].field).toBe('password_repeat');
    const short = await t.api('POST', '/com/companies/password', {
      ...company,
      body: { old_password: DEMO_PASSWORD, password: 'short', password_repeat: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(
      (
        await t.api('POST', '/com/login', {
          body: { email: EMAIL, password: DEMO_PASSWORD, deviceId: 'otherdevice0123456789', deviceType: 2, push: null },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('changes it, keeps this session, ends the others, and e-mails the contact', async () => {
    const other = await t.login(EMAIL, 'com');
    const mailsBefore = (await outboxFor(t, EMAIL)).length;
    const res = await t.api('POST', '/com/companies/password', {
      ...company,
      body: { old_password: DEMO_PASSWORD, password: 'another-pass-1', password_repeat: 'another-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.api('GET', '/com/companies/me', { ...company })).statusCode).toBe(200);
    expect((await t.api('GET', '/com/companies/me', { ...other })).statusCode).toBe(401);
    const mails = await outboxFor(t, EMAIL);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.template).toBe('account.passwordChanged');
    expect(
      (
        await t.api('POST', '/com/login', {
          body: {
            email: EMAIL,
            password: 'another-pass-1',
            deviceId: 'thirddevice0123456789',
            deviceType: 2,
            push: null,
          },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('logo', () => {
  it('stores an uploaded logo as WebP at most 512 px, shows it, and replaces the old file', async () => {
    const first = await uploadAs(t, '/com/companies/logo', company, [
      { name: 'image', filename: 'logo.png', type: 'image/png', data: await png(1600, 400) },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const logo = first.json().logo as string;
    expect(logo).toMatch(/^\/uploads\/logos\/[a-z0-9]{24}\.webp$/);
    const path = join(t.app.config.dataDir, logo);
    const meta = await sharp(path).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect((await row()).logo).toBe(logo);
    const second = await uploadAs(t, '/com/companies/logo', company, [
      { name: 'image', filename: 'logo2.png', type: 'image/png', data: await png() },
    ]);
    expect(second.statusCode).toBe(200);
    expect(existsSync(path)).toBe(false);
    const removed = await t.api('DELETE', '/com/companies/logo', { ...company });
    expect(removed.json()).toEqual({ logo: null });
    expect(existsSync(join(t.app.config.dataDir, second.json().logo))).toBe(false);
    expect((await row()).logo).toBeNull();
  });

  it('refuses a file that is not an image (even named .png), naming the field, and keeps the logo', async () => {
    await uploadAs(t, '/com/companies/logo', company, [
      { name: 'image', filename: 'logo.png', type: 'image/png', data: await png() },
    ]);
    const before = (await row()).logo;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const part of [
      { name: 'image', filename: 'logo.png', type: 'image/png', data: Buffer.from('not an image at all') },
      { name: 'image', filename: 'logo.svg', type: 'image/svg+xml', data: svg },
      { name: 'file', filename: 'logo.png', type: 'image/png', data: await png() },
    ]) {
      const res = await uploadAs(t, '/com/companies/logo', company, [part], 'es');
      expect([400, 415], part.filename).toContain(res.statusCode);
      if (res.statusCode === 400) expect(JSON.stringify(res.json().errors ?? res.json())).toMatch(/image|file/);
    }
    expect((await row()).logo).toBe(before);
  });
});
