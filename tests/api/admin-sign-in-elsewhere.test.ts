/**
 * Where administrators sign in (issue 25 §2). An administrator's e-mail and right password on the member or company
 * sign-in answer 401 `auth.adminSignInElsewhere`, naming /{lng}/admin/login in the page's language; a wrong password
 * or an unknown address answer the usual "wrong e-mail or password", so a stranger learns nothing about which
 * addresses exist. No session is made either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_PASSWORD, TEST_DEVICE, startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const signIn = (prefix: '/usr/login' | '/com/login', email: string, password: string, language = 'en') =>
  t.api('POST', prefix, { body: { email, password, deviceId: TEST_DEVICE, deviceType: 2, push: null }, language });
const sessions = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('sessions')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('an administrator on the member or company sign-in', () => {
  it("is told where administrators sign in, in the page's language, only with the right password", async () => {
    const before = await sessions();
    for (const prefix of ['/usr/login', '/com/login'] as const) {
      for (const [language, text] of [
        ['en', '/en/admin/login'],
        ['es', '/es/admin/login'],
        ['ca', '/ca/admin/login'],
      ] as const) {
        const answer = await signIn(prefix, 'Admin@demo.test', DEMO_PASSWORD, language);
        expect(answer.statusCode, answer.body).toBe(401);
        expect(answer.json().code).toBe('auth.adminSignInElsewhere');
        expect(answer.json().message).toContain(text);
      }
      // a wrong password, or an address nobody has: the usual answer, the same for both
      const wrong = await signIn(prefix, 'admin@demo.test', 'not the password');
      const unknown = await signIn(prefix, 'nobody-at-all@demo.test', 'not the password');
      expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'auth.invalidCredentials']);
      expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
        401,
        'auth.invalidCredentials',
        wrong.json().message,
      ]);
    }
    expect(await sessions()).toBe(before);
  });

  it('does not change what a member or a company with those credentials gets', async () => {
    expect((await signIn('/usr/login', 'regular@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await signIn('/com/login', 'company@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
