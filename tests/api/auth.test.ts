import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const DEVICE = 'abcdef0123456789abcdef';
const login = (kind: 'usr' | 'com', email: string, password = 'demo-password', language = 'en') =>
  t.api('POST', `/${kind}/login`, { body: { email, password, deviceId: DEVICE, deviceType: 2, push: null }, language });

describe('sign-in', () => {
  it('signs a member in and returns token, refreshToken and deviceId; /usr/users/me shows e-mail and partner number', async () => {
    const res = await login('usr', 'bold@demo.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ iss: 'user', deviceId: DEVICE, user: { email: 'bold@demo.test', role: 'BOLD' } });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.refreshToken).not.toBe(body.token);
    expect(body.user).not.toHaveProperty('password_hash');
    const me = await t.api('GET', '/usr/users/me', { token: body.token, deviceId: DEVICE });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'bold@demo.test', has_cv: true });
    expect(Number.isInteger(me.json().code_numeric)).toBe(true);
  });

  it('accepts the e-mail in any case', async () => {
    expect((await login('usr', 'Regular@Demo.TEST')).statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 in the request language', async () => {
    const res = await login('usr', 'regular@demo.test', 'wrong-password', 'es');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'auth.invalidCredentials',
      message: 'El correo electrónico o la contraseña no son correctos.',
    });
  });

  it('tells an account that is not validated yet why it cannot sign in', async () => {
    for (const [kind, email] of [
      ['usr', 'pending@demo.test'],
      ['com', 'company-pending@demo.test'],
    ] as const) {
      const res = await login(kind, email, 'demo-password', 'ca');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('auth.notValidated');
      expect(res.json().message).toContain('validat');
    }
  });

  it('signs a company in; a member token is not a company token', async () => {
    const company = (await login('com', 'company@demo.test')).json();
    expect(company).toMatchObject({ iss: 'company', company: { email: 'company@demo.test' } });
    const me = await t.api('GET', '/com/companies/me', { token: company.token, deviceId: DEVICE });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('company@demo.test');
    const member = (await login('usr', 'regular@demo.test')).json();
    expect((await t.api('GET', '/com/companies/me', { token: member.token, deviceId: DEVICE })).statusCode).toBe(403);
    expect((await t.api('GET', '/usr/users/me', { token: company.token, deviceId: DEVICE })).statusCode).toBe(403);
    // a company cannot sign in through the members' door
    expect((await login('usr', 'company@demo.test')).statusCode).toBe(401);
  });

  it('rotates tokens on refresh and refuses the old refresh token', async () => {
    const first = (await login('usr', 'gratis@demo.test')).json();
    const res = await t.api('POST', '/usr/refresh', { body: { refreshToken: first.refreshToken, deviceId: DEVICE } });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.token).not.toBe(first.token);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await t.api('GET', '/usr/users/me', { token: first.token, deviceId: DEVICE })).statusCode).toBe(401);
    expect((await t.api('GET', '/usr/users/me', { token: second.token, deviceId: DEVICE })).statusCode).toBe(200);
    const replay = await t.api('POST', '/usr/refresh', {
      body: { refreshToken: first.refreshToken, deviceId: DEVICE },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('auth.invalidRefresh');
  });

  it('revokes the session on logout', async () => {
    const session = (await login('usr', 'regular@demo.test')).json();
    const out = await t.api('GET', '/usr/users/logout', { token: session.token, deviceId: DEVICE });
    expect(out.statusCode).toBe(200);
    const me = await t.api('GET', '/usr/users/me', { token: session.token, deviceId: DEVICE });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('auth.invalidToken');
  });

  it('refuses an expired token and a token from another device', async () => {
    const session = (await login('usr', 'bold@demo.test')).json();
    expect((await t.api('GET', '/usr/users/me', { token: session.token, deviceId: DEVICE })).statusCode).toBe(200);
    expect((await t.api('GET', '/usr/users/me', { token: session.token, deviceId: 'otherdevice123' })).statusCode).toBe(
      401,
    );
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await t.api('GET', '/usr/users/me', { token: session.token, deviceId: DEVICE })).statusCode).toBe(401);
  });

  it('answers 429 after repeated failures for one e-mail, even with the right password (real limits)', async () => {
    // the suites run with RATE_LIMIT_SCALE=1000; this test proves the limit, so it runs with the real one
    const strict = await startTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const attempt = (kind: string, email: string, password = 'demo-password') =>
        strict.api('POST', `/${kind}/login`, { body: { email, password, deviceId: DEVICE } });
      const email = 'company@demo.test';
      for (let i = 0; i < 5; i++) expect((await attempt('com', email, `wrong-${i}`)).statusCode).toBe(401);
      const blocked = await attempt('com', email);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/15 minutes/);
      // other accounts are not affected
      expect((await attempt('usr', 'bold@demo.test')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('scales the sign-in limit with RATE_LIMIT_SCALE, as every limit', async () => {
    for (let i = 0; i < 6; i++)
      expect((await login('com', 'company-pending@demo.test', `wrong-${i}`)).statusCode).toBe(401);
  });

  it('stores passwords under scrypt and tokens only hashed', async () => {
    const user = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^scrypt\$/);
    const session = (await login('usr', 'bold@demo.test')).json();
    const stored = await t.app.db.selectFrom('sessions').select(['token_hash', 'refresh_hash']).execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.token_hash === session.token || row.refresh_hash === session.refreshToken)).toBe(
      false,
    );
    // what is kept is the SHA-256 of each secret
    const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
    expect(stored).toContainEqual({ token_hash: sha256(session.token), refresh_hash: sha256(session.refreshToken) });
  });
});
