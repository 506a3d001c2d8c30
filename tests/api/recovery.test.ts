/**
 * Password recovery for members and companies (issue 8 §6, DESIGN §4b): the same answer whether or not
 * the address has an account (and nothing written for an unknown one); a validated account gets a
 * single-use link valid one hour to the recovery page in its language; a reset sets the password,
 * ends every session and every other recovery link, and tells the owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/lib/ids';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Area = 'usr' | 'com';
const TABLE = { usr: 'users', com: 'companies' } as const;
const ME = { usr: '/usr/users/me', com: '/com/companies/me' } as const;

async function counts() {
  const count = async (table: 'email_outbox' | 'account_tokens') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { outbox: await count('email_outbox'), tokens: await count('account_tokens') };
}

const ask = (area: Area, email: string, language = 'en') =>
  t.api('POST', `/${area}/recovery`, { body: { email }, language });
const reset = (area: Area, body: Record<string, unknown>) => t.api('POST', `/${area}/recovery/reset`, { body });
const signIn = (area: Area, email: string, password: string) =>
  t.api('POST', `/${area}/login`, { body: { email, password, deviceId: 'recoverydevice01' } });

/** Asks for a link and returns the token from the newest recovery e-mail to that address. */
async function linkFor(area: Area, email: string): Promise<{ token: string; link: string }> {
  expect((await ask(area, email)).statusCode).toBe(200);
  const mail = await t.app.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('template', '=', 'account.recovery')
    .orderBy('created_at', 'desc')
    .orderBy('hash')
    .executeTakeFirstOrThrow();
  const match = /(https?:\/\/[^\s"<>]+\?token=([A-Za-z0-9_-]{43}))/.exec(mail.body_text);
  expect(match, mail.body_text).not.toBeNull();
  return { link: match![1]!, token: match![2]! };
}

describe('POST /usr/recovery and /com/recovery', () => {
  it('answers the same for an unknown, a pending and a known address, and writes nothing for the first two', async () => {
    const before = await counts();
    const unknown = await ask('usr', 'nobody.here@example.com');
    const pending = await ask('usr', 'pending@demo.test');
    const companyAsMember = await ask('usr', 'company@demo.test');
    expect(await counts()).toEqual(before);
    const known = await ask('usr', 'Regular@Demo.test');
    for (const res of [unknown, pending, companyAsMember, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known.body);
      expect(res.headers['content-length']).toBe(known.headers['content-length']);
    }
    expect(known.json()).toEqual({ ok: true });
    expect(await counts()).toEqual({ outbox: before.outbox + 1, tokens: before.tokens + 1 });
  });

  it('e-mails a link to the recovery page in the account language, valid one hour, stored hashed', async () => {
    for (const [language, path] of [
      ['es', '/es/usuario/recuperar'],
      ['ca', '/ca/usuari/recuperar'],
      ['en', '/en/user/recovery'],
    ] as const) {
      await t.app.db.updateTable('users').set({ language }).where('email', '=', 'bold@demo.test').execute();
      const { token, link } = await linkFor('usr', 'bold@demo.test');
      expect(new URL(link).pathname).toBe(path);
      const mail = await t.app.db
        .selectFrom('email_outbox')
        .select(['language', 'subject'])
        .where('body_text', 'like', `%${token}%`)
        .executeTakeFirstOrThrow();
      expect(mail.language).toBe(language);
      const row = await t.app.db
        .selectFrom('account_tokens')
        .selectAll()
        .where('token_hash', '=', sha256(token))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ purpose: 'recovery', actor_type: 'user', used_at: null });
      const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_at);
      expect(lifetime).toBe(60 * 60 * 1000);
      expect(
        await t.app.db.selectFrom('account_tokens').select('hash').where('token_hash', '=', token).executeTakeFirst(),
      ).toBeUndefined();
    }
  });

  it('a company gets the company recovery page; malformed addresses answer 400 naming email', async () => {
    const { link } = await linkFor('com', 'company@demo.test');
    expect(new URL(link).pathname).toMatch(/^\/(es|en|ca)\/empresa\/(recuperar|recovery)$|^\/en\/company\/recovery$/);
    for (const email of ['not-an-address', '', 42, 'x'.repeat(300) + '@example.com']) {
      const res = await t.api('POST', '/usr/recovery', { body: { email } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('email');
    }
  });
});

describe.each(['usr', 'com'] as const)('POST /%s/recovery/reset', (area) => {
  const email = area === 'usr' ? 'gratis@demo.test' : 'company@demo.test';
  let password = DEMO_PASSWORD;

  it('sets the password, ends every session, kills other links and sends passwordChanged', async () => {
    const old = await signIn(area, email, password);
    expect(old.statusCode).toBe(200);
    const session = old.json() as { token: string; deviceId: string };
    const first = await linkFor(area, email);
    const second = await linkFor(area, email);
    const next = `a brand new passphrase ${area}`;
    const res = await reset(area, { token: second.token, password: next, password_repeat: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await t.api('GET', ME[area], { token: session.token, deviceId: session.deviceId })).statusCode).toBe(401);
    expect((await signIn(area, email, password)).statusCode).toBe(401);
    expect((await signIn(area, email, next)).statusCode).toBe(200);
    const used = await reset(area, {
      token: second.token,
      password: 'yet another passphrase',
      password_repeat: 'yet another passphrase',
    });
    expect(used.statusCode).toBe(400);
    expect(used.json().errors.map((e: { field: string }) => e.field)).toEqual(['token']);
    const older = await reset(area, {
      token: first.token,
      password: 'yet another passphrase',
      password_repeat: 'yet another passphrase',
    });
    expect(older.statusCode).toBe(400);
    expect((await signIn(area, email, next)).statusCode).toBe(200);
    const changed = await t.app.db
      .selectFrom('email_outbox')
      .select('template')
      .where('to_address', '=', email)
      .where('template', '=', 'account.passwordChanged')
      .execute();
    expect(changed).toHaveLength(1);
    password = next;
  });

  it('an expired token answers 400 naming token and changes nothing', async () => {
    const { token } = await linkFor(area, email);
    await t.app.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    const before = (
      await t.app.db
        .selectFrom(TABLE[area])
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).password_hash;
    const res = await reset(area, {
      token,
      password: 'expired link passphrase',
      password_repeat: 'expired link passphrase',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'accounts.tokenInvalid', errors: [{ field: 'token' }] });
    expect(
      (
        await t.app.db
          .selectFrom(TABLE[area])
          .select('password_hash')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).password_hash,
    ).toBe(before);
  });

  it('unknown or malformed tokens answer 400 naming token', async () => {
    for (const token of ['C'.repeat(43), 'short', 'x'.repeat(44), null]) {
      const res = await reset(area, { token, password: 'whatever passphrase', password_repeat: 'whatever passphrase' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('token');
    }
  });

  it('different passwords answer 400 naming password_repeat and leave the link usable', async () => {
    const { token } = await linkFor(area, email);
    const bad = await reset(area, {
      token,
      password: 'first passphrase here',
      password_repeat: 'second passphrase here',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['password_repeat']);
    const short = await reset(area, { token, password: 'short', password_repeat: 'short' });
    expect(short.json().errors.map((e: { field: string }) => e.field)).toEqual(['password']);
    const good = await reset(area, {
      token,
      password: 'finally the same one',
      password_repeat: 'finally the same one',
    });
    expect(good.statusCode).toBe(200);
    password = 'finally the same one';
    expect((await signIn(area, email, password)).statusCode).toBe(200);
  });
});

describe('a link belongs to one kind of account', () => {
  it("a member's link does not work on the company reset (and stays usable), nor the other way", async () => {
    const member = await linkFor('usr', 'regular@demo.test');
    const res = await reset('com', {
      token: member.token,
      password: 'cross area passphrase',
      password_repeat: 'cross area passphrase',
    });
    expect(res.statusCode).toBe(400);
    expect((await signIn('usr', 'regular@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(
      (
        await reset('usr', {
          token: member.token,
          password: 'right area passphrase',
          password_repeat: 'right area passphrase',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a link for an account disabled since does nothing', async () => {
    const { token } = await linkFor('usr', 'bold@demo.test');
    await t.app.db.updateTable('users').set({ status: 'DISABLED' }).where('email', '=', 'bold@demo.test').execute();
    try {
      const res = await reset('usr', {
        token,
        password: 'disabled account passphrase',
        password_repeat: 'disabled account passphrase',
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await t.app.db.updateTable('users').set({ status: 'VALIDATED' }).where('email', '=', 'bold@demo.test').execute();
    }
    expect((await signIn('usr', 'bold@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
