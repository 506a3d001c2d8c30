/**
 * Site settings in the back office (issue 14 §4): who may read and change them, bad bodies that write nothing (each
 * naming its field), the footer data of /api/init on the next request, the audit row with before and after, and the
 * membership terms that the member validation reads (free period).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Session;
let member: Session;
let company: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
  member = await t.login('bold@demo.test', 'usr');
  company = await t.login('company@demo.test', 'com');
});
afterAll(async () => t?.close());

const URL = '/adm/settings/site';
const VALID = {
  address: 'Carrer del Bruc 10, 08010 Barcelona',
  phone: '+34 931 000 222',
  email: 'Hola@Alumni.example',
  social: {
    linkedin: 'https://www.linkedin.com/company/alumni',
    instagram: '',
    facebook: '',
    x: 'https://x.com/alumni',
  },
  schoolUrl: 'https://school.example',
  ebookUrl: 'https://library.example/ebooks',
  membership: { priceEuros: 55.5, freePeriodMonths: 6 },
};
const settingsRows = () =>
  t.app.db.selectFrom('settings').selectAll().where('key', 'in', ['site', 'membership']).orderBy('key').execute();
const as = (session: Session | null) => (session ? { token: session.token, deviceId: session.deviceId } : {});

describe('who may read and change the settings', () => {
  it('answers 401 to a visitor and 403 to a member and a company, and writes nothing', async () => {
    const before = await settingsRows();
    for (const [session, status] of [
      [null, 401],
      [member, 403],
      [company, 403],
    ] as const) {
      expect((await t.api('GET', URL, as(session))).statusCode).toBe(status);
      expect((await t.api('PATCH', URL, { ...as(session), body: VALID })).statusCode).toBe(status);
    }
    for (const url of ['/adm/%73ettings/site', '/ADM/settings/site', '/adm/settings/site/.', '//adm/settings/site']) {
      expect([401, 404], url).toContain((await t.api('PATCH', url, { body: VALID })).statusCode);
    }
    expect(await settingsRows()).toEqual(before);
  });

  it('answers an administrator the demo association’s details and the default membership terms', async () => {
    const res = await t.api('GET', URL, as(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'alumni@escola-disseny.example',
      membership: { priceEuros: 50, freePeriodMonths: 3 },
    });
    expect((await t.api('GET', '/adm/settings/other', as(admin))).statusCode).toBe(400);
  });
});

describe('bad bodies', () => {
  it('refuse each bad field by name, in the administrator’s language, and write nothing', async () => {
    const before = await settingsRows();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...VALID, email: 'not-an-address' }, 'email'],
      [{ ...VALID, phone: 'call us' }, 'phone'],
      [{ ...VALID, address: ' ' }, 'address'],
      [{ ...VALID, social: { ...VALID.social, instagram: 'javascript:alert(1)' } }, 'social.instagram'],
      [{ ...VALID, ebookUrl: 'library' }, 'ebookUrl'],
      [{ ...VALID, membership: { priceEuros: -1, freePeriodMonths: 3 } }, 'membership.priceEuros'],
      [{ ...VALID, membership: { priceEuros: 50, freePeriodMonths: 2.5 } }, 'membership.freePeriodMonths'],
      [{ ...VALID, membership: { priceEuros: 50, freePeriodMonths: 99 } }, 'membership.freePeriodMonths'],
      [{ ...VALID, analyticsUrl: 'https://evil.example/a.js' }, 'analyticsUrl'],
      [{ ...VALID, taxonomiesVersion: '99' }, 'taxonomiesVersion'],
      [(({ email: _drop, ...rest }) => rest)(VALID), 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('PATCH', URL, { ...as(admin), body, language: 'ca' });
      expect(res.statusCode, field).toBe(400);
      const fields = (res.json().errors as Array<{ field: string }>).map((error) => error.field);
      expect(
        fields.some((name) => name === field || name.startsWith(`${field}`)),
        `${field} in ${fields.join(',')}`,
      ).toBe(true);
    }
    expect(await settingsRows()).toEqual(before);
  });
});

describe('saving', () => {
  it('stores the details and terms, keeps the taxonomies’ version, answers them in /api/init at once and audits the change', async () => {
    const versionBefore = (await t.api('GET', '/api/init')).json().taxonomiesVersion;
    const res = await t.api('PATCH', URL, { ...as(admin), body: VALID });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'hola@alumni.example',
      membership: { priceEuros: 55.5, freePeriodMonths: 6 },
    });
    const init = (await t.api('GET', '/api/init')).json();
    expect(init.settings).toMatchObject({
      address: VALID.address,
      phone: VALID.phone,
      email: 'hola@alumni.example',
      social: VALID.social,
      membership: { priceEuros: 55.5, freePeriodMonths: 6 },
    });
    expect(init.taxonomiesVersion).toBe(versionBefore);
    const audit = await t.api('GET', '/adm/audit?action=settings.updated', as(admin));
    expect(audit.statusCode).toBe(200);
    const entry = audit.json().items[0];
    expect(entry.changes['membership.freePeriodMonths']).toEqual({ before: 3, after: 6 });
    expect(entry.changes['social.instagram']).toEqual({ before: 'https://www.instagram.com/alumni.escola', after: '' });
    expect(entry.changes['ebookUrl']).toEqual({
      before: 'https://biblioteca.escola-disseny.example/ebooks',
      after: VALID.ebookUrl,
    });
  });

  it('reads a link left out as no link', async () => {
    const { ebookUrl: _ebook, ...rest } = VALID;
    const res = await t.api('PATCH', URL, {
      ...as(admin),
      body: { ...rest, social: { linkedin: VALID.social.linkedin } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ebookUrl: '',
      social: { linkedin: VALID.social.linkedin, instagram: '', facebook: '', x: '' },
    });
    expect((await t.api('PATCH', URL, { ...as(admin), body: VALID })).statusCode).toBe(200);
  });

  it('writes no audit row when nothing changed', async () => {
    const count = async () =>
      (await t.api('GET', '/adm/audit?action=settings.updated', as(admin))).json().total as number;
    const before = await count();
    expect((await t.api('PATCH', URL, { ...as(admin), body: VALID })).statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('gives a newly validated Bold member the free period set here', async () => {
    const queue = (await t.api('GET', '/adm/users?status=PENDING&size=100', as(admin))).json().items as Array<{
      hash: string;
      requested_role: string;
    }>;
    const pending = queue.find((item) => item.requested_role === 'BOLD');
    if (!pending) return expect.fail('the demo data has a pending Bold registration');
    const res = await t.api('PATCH', `/adm/users/${pending.hash}`, { ...as(admin), body: { status: 'VALIDATED' } });
    expect(res.statusCode, res.body).toBe(200);
    const end = (
      await t.app.db
        .selectFrom('users')
        .select('subscription_end')
        .where('hash', '=', pending.hash)
        .executeTakeFirstOrThrow()
    ).subscription_end!;
    const months = (Date.parse(end) - Date.now()) / (30.44 * 86_400_000);
    expect(months).toBeGreaterThan(5.8);
    expect(months).toBeLessThan(6.2);
  });
});
