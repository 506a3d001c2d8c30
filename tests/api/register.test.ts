/**
 * Member registration (issue 8 §5, DESIGN §4b): one POST creates exactly one PENDING member and its two
 * e-mails in the member's language, or — on any bad field, a taken e-mail or a failure half-way —
 * nothing at all. The confirmation link works once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { sha256 } from '../../src/server/lib/ids';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

let serial = 0;
function valid(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const email = `laia.puig.${++serial}@example.com`;
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
    role: 'regular',
    profile_type: 'student',
    graduation_year: 2018,
    is_conditions: true,
    is_privacy: true,
    is_newsletter: true,
    ...overrides,
  };
}

const register = (body: unknown, language = 'en') => t.api('POST', '/usr/register', { body, language });

async function counts() {
  const count = async (table: 'users' | 'email_outbox' | 'account_tokens') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { users: await count('users'), outbox: await count('email_outbox'), tokens: await count('account_tokens') };
}

const userByEmail = (email: string) =>
  t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const mailsTo = (email: string) =>
  t.app.db.selectFrom('email_outbox').selectAll().where('to_address', '=', email).orderBy('template').execute();

function linkToken(text: string, param: string): string {
  const match = new RegExp(`[?&]${param}=([A-Za-z0-9_-]{43})`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

describe('POST /usr/register', () => {
  it('creates one PENDING Regular member and two e-mails in their language, and answers 201', async () => {
    const before = await counts();
    const body = valid();
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await counts()).toEqual({ users: before.users + 1, outbox: before.outbox + 2, tokens: before.tokens + 1 });

    const user = await userByEmail(String(body.email));
    expect(user).toMatchObject({
      status: 'PENDING',
      role: 'REGULAR',
      name: 'Laia',
      surname1: 'Puig',
      language: 'ca',
      profile_type: 'student',
      graduation_year: 2018,
      is_newsletter: 1,
      email_confirmed_at: null,
      iban: null,
    });
    expect(user!.password_hash).toMatch(/^scrypt\$/);
    expect(user!.password_hash).not.toContain('passphrase');
    expect(JSON.parse(user!.data)).toMatchObject({
      birthdate: '14/03/1995',
      gender: 'female',
      document_type: 'DNI',
      document_number: '12345678Z',
      phone: '+34 612 345 678',
      mobile: '+34 612 345 678',
      requested_role: 'REGULAR',
    });

    const mails = await mailsTo(String(body.email));
    expect(mails.map((m) => [m.template, m.language, m.status])).toEqual([
      ['account.confirmEmail', 'ca', 'PENDING'],
      ['account.received', 'ca', 'PENDING'],
    ]);
    // the link opens the registration page in Catalan, which posts the token
    expect(mails[0]!.body_text).toMatch(/\/ca\/usuari\/registre\?confirm=[A-Za-z0-9_-]{43}/);
    const token = linkToken(mails[0]!.body_text, 'confirm');
    const stored = await t.app.db
      .selectFrom('account_tokens')
      .selectAll()
      .where('actor_hash', '=', user!.hash)
      .execute();
    expect(stored.map((row) => [row.purpose, row.token_hash, row.used_at])).toEqual([
      ['confirm_email', sha256(token), null],
    ]);
  });

  it('the new member cannot sign in before validation (told why), which proves the password was stored', async () => {
    const body = valid();
    expect((await register(body)).statusCode).toBe(201);
    const res = await t.api('POST', '/usr/login', { body: { email: body.email, password: body.password } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.notValidated');
  });

  it('a Bold request stays REGULAR and PENDING, remembers the request and keeps the IBAN normalised', async () => {
    const body = valid({
      role: 'bold',
      payment: { bank: 'CaixaBank', name: 'Laia Puig', iban: 'es91 2100 0418 4502 0005 1332' },
    });
    expect((await register(body)).statusCode).toBe(201);
    const user = await userByEmail(String(body.email));
    expect(user).toMatchObject({ role: 'REGULAR', status: 'PENDING', iban: 'ES9121000418450200051332' });
    expect(JSON.parse(user!.data)).toMatchObject({
      requested_role: 'BOLD',
      payment: { bank: 'CaixaBank', name: 'Laia Puig' },
    });
  });

  it('accepts an NIE with its control letter, a passport and the e-mail repeated in other case', async () => {
    for (const overrides of [
      { document_type: 'NIE', document_number: 'X1234567L' },
      { document_type: 'PASSPORT', document_number: 'ABC123456' },
      { document_type: 'OTHER', document_number: 'K-99 123' },
    ]) {
      const body = valid(overrides);
      body.email_repeat = String(body.email).toUpperCase();
      const res = await register(body);
      expect(res.statusCode, `${JSON.stringify(overrides)} ${res.body}`).toBe(201);
    }
  });

  const future = `01/01/${new Date().getUTCFullYear() + 1}`;
  const today = (() => {
    const d = new Date();
    return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  })();
  const BAD: Array<[string, string, (b: Record<string, unknown>) => void]> = [
    ['name', 'missing', (b) => delete b.name],
    ['name', 'blank', (b) => (b.name = '   ')],
    ['name', 'huge', (b) => (b.name = 'x'.repeat(5000))],
    ['surname1', 'missing', (b) => delete b.surname1],
    ['gender', 'unknown', (b) => (b.gender = 'robot')],
    ['birthdate', 'ISO', (b) => (b.birthdate = '1995-03-14')],
    ['birthdate', 'not a day', (b) => (b.birthdate = '31/02/1995')],
    ['birthdate', 'in the future', (b) => (b.birthdate = future)],
    ['birthdate', 'today', (b) => (b.birthdate = today)],
    ['document_type', 'unknown', (b) => (b.document_type = 'CIF')],
    ['document_number', 'DNI with a wrong letter', (b) => (b.document_number = '12345678A')],
    ['document_number', 'NIE number under DNI', (b) => (b.document_number = 'X1234567L')],
    ['document_number', 'DNI number under NIE', (b) => ((b.document_type = 'NIE'), (b.document_number = '12345678Z'))],
    [
      'document_number',
      'NIE with a wrong letter',
      (b) => ((b.document_type = 'NIE'), (b.document_number = 'X1234567A')),
    ],
    ['document_number', 'bad passport', (b) => ((b.document_type = 'PASSPORT'), (b.document_number = 'AB12'))],
    ['mobile', 'not a phone', (b) => (b.mobile = '123')],
    ['mobile', 'a number', (b) => (b.mobile = 612345678)],
    ['email', 'not an e-mail', (b) => ((b.email = 'laia@'), (b.email_repeat = 'laia@'))],
    ['email_repeat', 'different', (b) => (b.email_repeat = 'someone.else@example.com')],
    ['password', 'too short', (b) => ((b.password = 'short'), (b.password_repeat = 'short'))],
    ['password_repeat', 'different', (b) => (b.password_repeat = 'another long passphrase')],
    ['language', 'unknown', (b) => (b.language = 'fr')],
    ['role', 'not a choice', (b) => (b.role = 'gratis')],
    ['profile_type', 'unknown', (b) => (b.profile_type = 'alumni')],
    ['graduation_year', 'out of range', (b) => (b.graduation_year = 1800)],
    ['graduation_year', 'fraction', (b) => (b.graduation_year = 2018.5)],
    ['category', 'malformed', (b) => (b.category = '../etc')],
    ['category', 'unknown', (b) => (b.category = 'zzzzzzzzzzzzzzzz')],
    ['is_conditions', 'false', (b) => (b.is_conditions = false)],
    ['is_conditions', 'missing', (b) => delete b.is_conditions],
    ['is_privacy', 'false', (b) => (b.is_privacy = false)],
    ['is_privacy', 'a string', (b) => (b.is_privacy = 'true')],
    [
      'payment',
      'with Regular',
      (b) => (b.payment = { bank: 'CaixaBank', name: 'Laia Puig', iban: 'ES9121000418450200051332' }),
    ],
    [
      'payment.iban',
      'bad IBAN',
      (b) => (
        (b.role = 'bold'),
        (b.payment = { bank: 'CaixaBank', name: 'Laia Puig', iban: 'ES0012345678901234567890' })
      ),
    ],
    [
      'payment.bank',
      'missing',
      (b) => ((b.role = 'bold'), (b.payment = { name: 'Laia Puig', iban: 'ES9121000418450200051332' })),
    ],
    ['status', 'an unknown field', (b) => (b.status = 'VALIDATED')],
    ['role', 'a role of the server', (b) => (b.role = 'BOLD')],
  ];

  it.each(BAD)('%s (%s) answers 400 naming it and creates nothing', async (field, _what, spoil) => {
    const body = valid();
    spoil(body);
    const before = await counts();
    const res = await register(body, 'es');
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as Array<{ field: string; message: string }>;
    expect(errors.map((e) => e.field)).toContain(field);
    expect(errors.map((e) => e.field)).not.toContain('body'); // no bare "must match then schema"
    for (const error of errors) expect(error.message.length).toBeGreaterThan(3);
    expect(await counts()).toEqual(before);
    expect(await userByEmail(String(body.email))).toBeUndefined();
  });

  it('says what is wrong in the request language', async () => {
    const messages = [];
    for (const language of ['es', 'en', 'ca']) {
      const res = await register(valid({ password_repeat: 'not the same at all' }), language);
      messages.push(res.json().errors.find((e: { field: string }) => e.field === 'password_repeat').message);
    }
    expect(messages).toEqual([
      'Las dos contraseñas no coinciden.',
      'The two passwords do not match.',
      'Les dues contrasenyes no coincideixen.',
    ]);
  });
});

describe('one account per e-mail', () => {
  it('a second registration with the same e-mail (any case) answers 409 naming email and leaves the first untouched', async () => {
    const first = valid();
    expect((await register(first)).statusCode).toBe(201);
    const original = await userByEmail(String(first.email));
    const before = await counts();
    const shouting = String(first.email).toUpperCase();
    const res = await register(
      valid({
        email: shouting,
        email_repeat: shouting,
        name: 'Intruder',
        password: 'another passphrase!',
        password_repeat: 'another passphrase!',
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'accounts.emailTaken', errors: [{ field: 'email' }] });
    expect(await counts()).toEqual(before);
    expect(await userByEmail(String(first.email))).toEqual(original);
  });

  it('an e-mail of a seeded, validated member is taken too', async () => {
    const res = await register(valid({ email: 'regular@demo.test', email_repeat: 'regular@demo.test' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].field).toBe('email');
  });

  it('a REJECTED registration frees its e-mail; the old row keeps it archived', async () => {
    const first = valid();
    expect((await register(first)).statusCode).toBe(201);
    const old = (await userByEmail(String(first.email)))!;
    await t.app.db.updateTable('users').set({ status: 'REJECTED' }).where('hash', '=', old.hash).execute();
    const before = await counts();
    const res = await register(valid({ email: first.email, email_repeat: first.email, name: 'Laia Again' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await counts()).toMatchObject({ users: before.users + 1, outbox: before.outbox + 2 });
    const fresh = (await userByEmail(String(first.email)))!;
    expect(fresh.hash).not.toBe(old.hash);
    expect(fresh).toMatchObject({ status: 'PENDING', name: 'Laia Again' });
    const archived = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('hash', '=', old.hash)
      .executeTakeFirstOrThrow();
    expect(archived.status).toBe('REJECTED');
    expect(archived.email).not.toBe(first.email);
    expect(JSON.parse(archived.data).archived_email).toBe(first.email);
  });

  it('registrations racing for one e-mail: one 201, the others 409 naming email, one row', async () => {
    const body = valid();
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => register({ ...body, name: `Twin ${i}` })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.json().errors[0].field).toBe('email');
    const rows = await t.app.db.selectFrom('users').select('hash').where('email', '=', String(body.email)).execute();
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses a second row with the same e-mail, recognised as such (the race guard)', async () => {
    const { uniqueViolation, insertUser } = await import('../../src/server/modules/accounts/repository');
    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'regular@demo.test')
      .executeTakeFirstOrThrow();
    const copy = { ...row, hash: 'duplicaterow0001', code_numeric: 999_999, slug: null };
    const error = await insertUser(t.app.db, copy).then(
      () => null,
      (e: unknown) => e,
    );
    expect(uniqueViolation(error)).toEqual({ column: 'email' });
    const other = await insertUser(t.app.db, {
      ...copy,
      email: 'someone.new@example.com',
      code_numeric: row.code_numeric,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(uniqueViolation(other)?.column).not.toBe('email');
    expect(uniqueViolation(new Error('boom'))).toBeNull();
  });

  it('nothing is half-written when the e-mail cannot be queued', async () => {
    const before = await counts();
    const body = valid();
    await sql`ALTER TABLE email_outbox RENAME TO email_outbox_away`.execute(t.app.db);
    try {
      const res = await register(body);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/email_outbox|SQLITE|relation/);
    } finally {
      await sql`ALTER TABLE email_outbox_away RENAME TO email_outbox`.execute(t.app.db);
    }
    expect(await counts()).toEqual(before);
    expect(await userByEmail(String(body.email))).toBeUndefined();
  });
});

describe('POST /usr/register/confirm', () => {
  async function registered() {
    const body = valid();
    expect((await register(body)).statusCode).toBe(201);
    const mail = (await mailsTo(String(body.email))).find((m) => m.template === 'account.confirmEmail')!;
    return { email: String(body.email), token: linkToken(mail.body_text, 'confirm') };
  }
  const confirm = (token: unknown) => t.api('POST', '/usr/register/confirm', { body: { token } });

  it('marks the address confirmed, once; the same link opened again says the address is already confirmed (issue 25 §3)', async () => {
    const { email, token } = await registered();
    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const confirmedAt = (await userByEmail(email))!.email_confirmed_at;
    expect(Date.parse(confirmedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const again = await confirm(token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ok: true, already: true });
    expect((await userByEmail(email))!.email_confirmed_at).toBe(confirmedAt);
    // even once the link has expired: its owner learns only what they already know
    const user = (await userByEmail(email))!;
    await t.app.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('actor_hash', '=', user.hash)
      .execute();
    expect((await confirm(token)).json()).toEqual({ ok: true, already: true });
  });

  it('an older link of an address not yet confirmed still fails; once confirmed with the newer one, the older says already', async () => {
    const { email, token: first } = await registered();
    expect((await t.api('POST', '/usr/register/resend', { body: { email } })).statusCode).toBe(200);
    const links = (await mailsTo(email)).filter((m) => m.template === 'account.confirmEmail');
    expect(links).toHaveLength(2);
    const second = linkToken(links[1]!.body_text, 'confirm');
    const early = await confirm(first);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'accounts.tokenInvalid', errors: [{ field: 'token' }] });
    expect((await confirm(second)).json()).toEqual({ ok: true });
    expect((await confirm(first)).json()).toEqual({ ok: true, already: true });
  });

  it('an expired, unknown or malformed token answers 400 naming token and confirms nothing', async () => {
    const { email, token } = await registered();
    const user = (await userByEmail(email))!;
    await t.app.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('actor_hash', '=', user.hash)
      .execute();
    for (const bad of [token, 'A'.repeat(43), 'short', `${token}x`, 42]) {
      const res = await confirm(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('token');
    }
    expect((await userByEmail(email))!.email_confirmed_at).toBeNull();
  });

  it('a recovery token is not a confirmation token', async () => {
    const { email } = await registered();
    const user = (await userByEmail(email))!;
    const token = 'B'.repeat(43);
    await t.app.db
      .insertInto('account_tokens')
      .values({
        hash: 'recoverytoken001',
        purpose: 'recovery',
        token_hash: sha256(token),
        actor_type: 'user',
        actor_hash: user.hash,
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        used_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await userByEmail(email))!.email_confirmed_at).toBeNull();
  });
});

describe('POST /usr/register/resend', () => {
  const resend = (body: unknown, language = 'en') => t.api('POST', '/usr/register/resend', { body, language });
  const confirmMails = async (email: string) =>
    (await mailsTo(email)).filter((m) => m.template === 'account.confirmEmail');

  it('sends a new link in the member language; the new one confirms and the old one no longer does', async () => {
    const body = valid({ language: 'es' });
    const email = String(body.email);
    expect((await register(body)).statusCode).toBe(201);
    const first = linkToken((await confirmMails(email))[0]!.body_text, 'confirm');
    const res = await resend({ email: email.toUpperCase() }, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mails = await confirmMails(email);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.language)).toEqual(['es', 'es']);
    const second = mails.map((m) => linkToken(m.body_text, 'confirm')).find((token) => token !== first)!;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await t.api('POST', '/usr/register/confirm', { body: { token: first } })).statusCode).toBe(400);
    expect((await t.api('POST', '/usr/register/confirm', { body: { token: second } })).statusCode).toBe(200);
    expect((await userByEmail(email))!.email_confirmed_at).not.toBeNull();
  });

  it('answers the same for an unknown, a confirmed and a rejected address, and sends nothing', async () => {
    const body = valid();
    const email = String(body.email);
    expect((await register(body)).statusCode).toBe(201);
    const token = linkToken((await confirmMails(email))[0]!.body_text, 'confirm');
    expect((await t.api('POST', '/usr/register/confirm', { body: { token } })).statusCode).toBe(200);
    const rejected = valid();
    expect((await register(rejected)).statusCode).toBe(201);
    await t.app.db
      .updateTable('users')
      .set({ status: 'REJECTED' })
      .where('email', '=', String(rejected.email))
      .execute();
    const before = await counts();
    for (const address of ['nobody.here@example.com', email, String(rejected.email)]) {
      const res = await resend({ email: address });
      expect(res.statusCode, address).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses hostile bodies with 400 and writes nothing', async () => {
    const before = await counts();
    for (const bad of [
      {},
      { email: 'not-an-address' },
      { email: ['a@b.c'] },
      { email: 'a@b.c', extra: 1 },
      { email: `${'a'.repeat(300)}@example.com` },
      [],
    ]) {
      const res = await resend(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });
});
