/**
 * Companies join (issue 11 §1–§2): POST /com/register (a CIF with its control character, the repeated password,
 * a taken e-mail named, nothing written on bad input), PENDING until validated (no sign-in), and the back
 * office's company queue — validate (e-mail with the sign-in link in the company's language), reject with a
 * required reason, disable (sessions end), audit rows, bulk; every other role refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DEVICE, type Session, type TestApp } from '../helpers/app';
import { outboxFor } from '../helpers/admin';

let t: TestApp;
let admin: Session;
let bold: Session;
let counter = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
  bold = await t.login('bold@demo.test', 'usr');
});
afterAll(async () => t?.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Taller Nord SL',
  document_number_company: 'B12345674',
  url: 'https://tallernord.example',
  specialty_company: 'Industrial design',
  contact_name: 'Marta Soler',
  contact_phone: '+34 612 345 678',
  email: `rrhh${++counter}.${Date.now().toString(36)}@tallernord.example`,
  password: 'a-long-password',
  password_repeat: 'a-long-password',
  language: 'ca',
  is_conditions: true,
  ...overrides,
});
const register = (payload: unknown, language = 'en') => t.api('POST', '/com/register', { body: payload, language });
const companyCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const signIn = (email: string, password = 'a-long-password') =>
  t.api('POST', '/com/login', { body: { email, password, deviceId: TEST_DEVICE, deviceType: 2, push: null } });
const hashOf = async (email: string) =>
  (await t.app.db.selectFrom('companies').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;

describe('registering a company', () => {
  it('creates it PENDING, e-mails the contact in the chosen language, and it cannot sign in yet', async () => {
    const payload = body();
    const res = await register(payload);
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.app.db
      .selectFrom('companies')
      .selectAll()
      .where('email', '=', payload.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'PENDING',
      company_name: 'Taller Nord SL',
      document_number_company: 'B12345674',
      language: 'ca',
      logo: null,
    });
    expect(row.password_hash).not.toContain('a-long-password');
    const mail = await outboxFor(t, payload.email);
    expect(mail.map((m) => [m.template, m.language])).toEqual([['account.received', 'ca']]);
    expect((await signIn(payload.email)).statusCode).toBe(403);
  });

  it('refuses bad bodies naming the field, in the request language, and writes nothing', async () => {
    const before = await companyCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ document_number_company: 'B12345670' }, 'document_number_company'],
      [{ document_number_company: '12345678Z' }, 'document_number_company'],
      [{ password_repeat: 'another-password' }, 'password_repeat'],
      [{ password: 'short', password_repeat: 'short' }, 'password'],
      [{ email: 'not-an-email' }, 'email'],
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ contact_phone: '123' }, 'contact_phone'],
      [{ is_conditions: false }, 'is_conditions'],
      [{ company_name: '   ' }, 'company_name'],
      [{ role: 'ADMIN' }, 'role'],
    ];
    for (const [overrides, field] of cases) {
      const res = await register(body(overrides), 'es');
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      const errors = res.json().errors as Array<{ field: string; message: string }>;
      expect(errors.map((e) => e.field).join(','), JSON.stringify(overrides)).toContain(field);
      expect(errors.every((e) => e.message && !/\bmust\b/.test(e.message))).toBe(true);
    }
    expect(await companyCount()).toBe(before);
  });

  it('answers 409 naming `email` for an address in use, whatever its case, even when two arrive at once', async () => {
    const first = body();
    expect((await register(first)).statusCode).toBe(201);
    const again = await register(body({ email: first.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].field).toBe('email');
    const racing = body();
    const answers = await Promise.all([register(racing), register({ ...racing })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the company queue', () => {
  it('refuses every role but administrators', async () => {
    expect((await t.api('GET', '/adm/companies')).statusCode).toBe(401);
    expect((await t.api('GET', '/adm/companies', { ...bold })).statusCode).toBe(403);
    const company = await t.login('company@demo.test', 'com');
    expect((await t.api('GET', '/adm/companies', { ...company })).statusCode).toBe(403);
    expect(
      (
        await t.api('PATCH', `/adm/companies/${await hashOf('company@demo.test')}`, {
          ...company,
          body: { status: 'DISABLED' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('validates a company: the contact gets the sign-in link in the company language and can sign in; the audit has it', async () => {
    const payload = body({ language: 'es' });
    await register(payload);
    const hash = await hashOf(payload.email);
    const queue = await t.api('GET', '/adm/companies?status=PENDING&size=100', { ...admin });
    expect(
      queue
        .json()
        .items.some(
          (c: { hash: string; moves: string[] }) => c.hash === hash && c.moves.join() === 'VALIDATED,REJECTED',
        ),
    ).toBe(true);
    const res = await t.api('PATCH', `/adm/companies/${hash}`, { ...admin, body: { status: 'VALIDATED' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'VALIDATED', moves: ['DISABLED'] });
    const mail = (await outboxFor(t, payload.email)).find((m) => m.template === 'company.validated')!;
    expect(mail.language).toBe('es');
    expect(mail.body_text).toContain('/es/empresa/acceso');
    expect((await signIn(payload.email)).statusCode).toBe(200);
    const audit = await t.app.db.selectFrom('audit_log').select('action').where('target_hash', '=', hash).execute();
    expect(audit.map((a) => a.action)).toEqual(['company.validated']);
  });

  it('needs a reason to reject, and disabling ends the company’s sessions', async () => {
    const payload = body();
    await register(payload);
    const hash = await hashOf(payload.email);
    const missing = await t.api('PATCH', `/adm/companies/${hash}`, { ...admin, body: { status: 'REJECTED' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('reason');
    expect(
      (
        await t.api('PATCH', `/adm/companies/${hash}`, {
          ...admin,
          body: { status: 'REJECTED', reason: 'We could not find the company in the register.' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await outboxFor(t, payload.email)).find((m) => m.template === 'account.rejected')?.body_text).toContain(
      'We could not find the company in the register.',
    );
    // a rejected company frees its address
    expect((await register(body({ email: payload.email }))).statusCode).toBe(201);

    const live = body();
    await register(live);
    const liveHash = await hashOf(live.email);
    await t.api('PATCH', `/adm/companies/${liveHash}`, { ...admin, body: { status: 'VALIDATED' } });
    const session = (await signIn(live.email)).json() as { token: string };
    expect((await t.api('GET', '/com/jobs', { token: session.token, deviceId: TEST_DEVICE })).statusCode).toBe(200);
    expect(
      (await t.api('PATCH', `/adm/companies/${liveHash}`, { ...admin, body: { status: 'DISABLED' } })).statusCode,
    ).toBe(200);
    expect((await t.api('GET', '/com/jobs', { token: session.token, deviceId: TEST_DEVICE })).statusCode).toBe(401);
    expect(
      (await t.api('PATCH', `/adm/companies/${liveHash}`, { ...admin, body: { status: 'REJECTED', reason: 'x' } }))
        .statusCode,
    ).toBe(409);
  });

  it('decides in bulk, answering per company', async () => {
    const a = body();
    await register(a);
    const res = await t.api('PATCH', '/adm/companies', {
      ...admin,
      body: { hashes: [await hashOf(a.email), await hashOf('company@demo.test'), 'nosuch'], status: 'VALIDATED' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { statusCode: number }) => r.statusCode)).toEqual([200, 409, 404]);
  });
});
