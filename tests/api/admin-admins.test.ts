/**
 * Administrators (issue 14 §7). Hostile first: every other role on every route, odd spellings; nobody removes themselves
 * or the last administrator; an invitation works once and expires; the second factor: no code 401, a wrong or replayed
 * code 401, the current code 200, a recovery code once; and in production an administrator without the second factor
 * may only enrol (checked from the matched route).
 */
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, TEST_DEVICE, startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Session;
let member: Session;
let company: Session;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
  member = await t.login('bold@demo.test', 'usr');
  company = await t.login('company@demo.test', 'com');
});
afterAll(async () => t?.close());

const as = (session: Session | null) => (session ? { token: session.token, deviceId: session.deviceId } : {});
const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, session = admin, language = 'en') =>
  t.api(method, url, { ...as(session), body, language });
const admins = () => t.app.db.selectFrom('admins').select(['hash', 'email', 'removed_at']).execute();
const signIn = (email: string, password: string, code?: string) =>
  t.api('POST', '/adm/login', {
    body: { email, password, deviceId: TEST_DEVICE, deviceType: 2, push: null, ...(code ? { code } : {}) },
  });
/** The invitation link's token, from the queued e-mail. */
const inviteToken = async (email: string) =>
  /\/admin\/invite\/([A-Za-z0-9_-]{43})/.exec(
    (
      await t.app.db
        .selectFrom('email_outbox')
        .select('body_text')
        .where('to_address', '=', email)
        .where('template', '=', 'admin.invite')
        .executeTakeFirstOrThrow()
    ).body_text,
  )![1]!;

describe('who may manage administrators', () => {
  it('answers 401 to a visitor and 403 to a member and a company on every route; odd spellings write nothing', async () => {
    const before = JSON.stringify(await admins());
    const some = (await admins())[0]!.hash;
    for (const [session, status] of [
      [null, 401],
      [member, 403],
      [company, 403],
    ] as const) {
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/adm/admins'],
        ['POST', '/adm/admins', { email: `x${stamp}@alumni.example`, name: 'X', language: 'es' }],
        ['DELETE', `/adm/admins/${some}`],
        ['GET', '/adm/me/totp'],
        ['POST', '/adm/me/totp/setup', {}],
        ['POST', '/adm/me/totp/enable', { code: '123456' }],
        ['DELETE', '/adm/me/totp', { code: '123456' }],
      ];
      for (const [method, url, body] of calls)
        expect((await t.api(method as 'GET', url, { ...as(session), body })).statusCode, `${method} ${url}`).toBe(
          status,
        );
    }
    for (const url of ['/adm/%61dmins', '/ADM/admins', '/adm//admins'])
      expect([401, 403, 404], url).toContain(
        (
          await t.api('POST', url, {
            ...as(member),
            body: { email: `y${stamp}@alumni.example`, name: 'Y', language: 'es' },
          })
        ).statusCode,
      );
    expect(JSON.stringify(await admins())).toBe(before);
  });

  it('never removes oneself or the last administrator', async () => {
    const me = (await asAdmin('GET', '/adm/admins'))
      .json()
      .find((row: { email: string }) => row.email === 'admin@demo.test');
    const self = await asAdmin('DELETE', `/adm/admins/${me.hash}`, undefined, admin, 'es');
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toContain('No puedes quitarte');
    expect((await admins()).filter((row) => !row.removed_at)).toHaveLength(1);
  });
});

describe('an invitation', () => {
  const email = `nuria.${stamp}@alumni.example`;
  it('is e-mailed in the invitee’s language; a taken e-mail is named; the link works once and not once expired', async () => {
    const created = await asAdmin('POST', '/adm/admins', { email, name: 'Núria Puig', language: 'ca' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().invited).toBe(true);
    const again = await asAdmin('POST', '/adm/admins', { email: email.toUpperCase(), name: 'Núria', language: 'ca' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].field).toBe('email');
    const mail = await t.app.db
      .selectFrom('email_outbox')
      .select(['language', 'subject'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.language).toBe('ca');
    // not yet accepted: no password signs in
    expect((await signIn(email, '')).statusCode).toBe(400);
    expect((await signIn(email, '!invited')).statusCode).toBe(401);
    const token = await inviteToken(email);
    expect(
      (
        await t.api('POST', '/adm/invite/accept', {
          body: { token, password: 'Una contrasenya llarga', password_repeat: 'Una altra' },
        })
      ).statusCode,
    ).toBe(400);
    const accepted = await t.api('POST', '/adm/invite/accept', {
      body: { token, password: 'Una contrasenya llarga', password_repeat: 'Una contrasenya llarga' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(
      (
        await t.api('POST', '/adm/invite/accept', {
          body: { token, password: 'Una altra contrasenya', password_repeat: 'Una altra contrasenya' },
        })
      ).statusCode,
    ).toBe(418);
    expect((await signIn(email, 'Una contrasenya llarga')).statusCode).toBe(200);
    // an expired invitation
    const late = `late.${stamp}@alumni.example`;
    await asAdmin('POST', '/adm/admins', { email: late, name: 'Late', language: 'en' });
    const lateToken = await inviteToken(late);
    await t.app.db
      .updateTable('account_tokens')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('purpose', '=', 'admin_invite')
      .where('used_at', 'is', null)
      .execute();
    expect(
      (
        await t.api('POST', '/adm/invite/accept', {
          body: { token: lateToken, password: 'Too late for this', password_repeat: 'Too late for this' },
        })
      ).statusCode,
    ).toBe(418);
  });

  it('lets another administrator be removed: their sessions end and they no longer sign in; audited', async () => {
    const session = (await signIn(email, 'Una contrasenya llarga')).json();
    const target = (await admins()).find((row) => row.email === email)!;
    expect((await asAdmin('DELETE', `/adm/admins/${target.hash}`)).statusCode).toBe(200);
    expect((await t.api('GET', '/adm/me', { token: session.token, deviceId: session.deviceId })).statusCode).toBe(401);
    expect((await signIn(email, 'Una contrasenya llarga')).statusCode).toBe(401);
    const audit = (await asAdmin('GET', `/adm/audit?target=${target.hash}`))
      .json()
      .items.map((row: { action: string }) => row.action);
    expect(audit).toEqual(expect.arrayContaining(['admin.invited', 'admin.removed']));
  });
});

describe('the second factor', () => {
  let secret = '';
  let recovery: string[] = [];
  it('is enrolled with a QR code and a first code; a wrong code is named and changes nothing', async () => {
    const setup = await asAdmin('POST', '/adm/me/totp/setup', {});
    expect(setup.statusCode, setup.body).toBe(200);
    expect(setup.json().qr).toMatch(/^data:image\/png;base64,/);
    expect(setup.json().otpauth).toContain('otpauth://totp/');
    secret = setup.json().secret;
    const stored = await t.app.db
      .selectFrom('admins')
      .select('totp_secret')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(secret); // encrypted at rest
    const wrong = await asAdmin('POST', '/adm/me/totp/enable', {
      code: '000000' === authenticator.generate(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('code');
    expect((await asAdmin('GET', '/adm/me/totp')).json().enabled).toBe(false);
    const enabled = await asAdmin('POST', '/adm/me/totp/enable', { code: authenticator.generate(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    recovery = enabled.json().recovery_codes;
    expect(recovery).toHaveLength(10);
    expect((await asAdmin('GET', '/adm/me/totp')).json()).toEqual({ enabled: true, recovery_left: 10 });
  });

  it('is asked at sign-in: none 401, wrong 401, a used code 401, a recovery code once', async () => {
    const noCode = await signIn('admin@demo.test', DEMO_PASSWORD);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().code).toBe('auth.totpRequired');
    expect((await signIn('admin@demo.test', DEMO_PASSWORD, '000001')).json().code).toBe('auth.totpInvalid');
    // the code that enrolled was used: the same one again is refused (a code works once)
    expect((await signIn('admin@demo.test', DEMO_PASSWORD, authenticator.generate(secret))).statusCode).toBe(401);
    expect((await signIn('admin@demo.test', 'wrong password', recovery[0])).statusCode).toBe(401);
    const withRecovery = await signIn('admin@demo.test', DEMO_PASSWORD, recovery[0]);
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    expect((await signIn('admin@demo.test', DEMO_PASSWORD, recovery[0])).statusCode).toBe(401);
    expect((await asAdmin('GET', '/adm/me/totp')).json().recovery_left).toBe(9);
  });

  it('is turned off with a code', async () => {
    expect((await asAdmin('DELETE', '/adm/me/totp', { code: '123-456' })).statusCode).toBe(400);
    const off = await asAdmin('DELETE', '/adm/me/totp', { code: recovery[1] });
    expect(off.statusCode, off.body).toBe(200);
    expect((await signIn('admin@demo.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

type Call = (method: 'GET' | 'POST', url: string, body?: unknown) => ReturnType<TestApp['api']>;

/** A production app with the demo administrator signed in, the second factor not on yet; closed afterwards. */
async function asUnenrolledAdministrator(
  use: (call: Call, prod: TestApp, apiKey: string) => Promise<void>,
): Promise<void> {
  const apiKey = `production-key-${stamp}`;
  const prod = await startTestApp({
    NODE_ENV: 'production',
    API_KEY: apiKey,
    PUBLIC_URL: 'https://alumni.example',
    SECRET_KEY: `production-secret-${stamp}-0123456789abcdef`,
    PAYMENT_PROVIDER: 'none',
  });
  try {
    const session = (
      await prod.api('POST', '/adm/login', {
        apiKey,
        body: { email: 'admin@demo.test', password: DEMO_PASSWORD, deviceId: TEST_DEVICE, deviceType: 2, push: null },
      })
    ).json();
    await use(
      (method, url, body) => prod.api(method, url, { apiKey, token: session.token, deviceId: session.deviceId, body }),
      prod,
      apiKey,
    );
  } finally {
    await prod.close();
  }
}

describe('in production', () => {
  it('lets an administrator without the second factor only enrol, whatever the path spelling', async () => {
    await asUnenrolledAdministrator(async (call) => {
      expect((await call('GET', '/adm/users?status=PENDING')).statusCode).toBe(403);
      expect((await call('GET', '/adm/users?status=PENDING')).json().code).toBe('admin.totpSetupRequired');
      expect((await call('GET', '/adm/dashboard')).statusCode).toBe(403);
      expect((await call('GET', '/adm/%75sers')).statusCode).toBe(403);
      expect((await call('GET', '/adm/me')).statusCode).toBe(200);
      // the back office reads this to take the administrator to enrol instead of to screens that are refused
      expect((await call('GET', '/adm/me')).json().totp_setup_required).toBe(true);
      const setup = await call('POST', '/adm/me/totp/setup', {});
      expect(setup.statusCode).toBe(200);
      expect(
        (await call('POST', '/adm/me/totp/enable', { code: authenticator.generate(setup.json().secret) })).statusCode,
      ).toBe(200);
      expect((await call('GET', '/adm/users?status=PENDING')).statusCode).toBe(200);
      expect((await call('GET', '/adm/me')).json().totp_setup_required).toBe(false);
    });
  });

  it("makes an administrator without the second factor nobody's insider on any prefix: a private group reads as it does to a visitor", async () => {
    await asUnenrolledAdministrator(async (asUnenrolled, prod, apiKey) => {
      const asVisitor = (url: string) => prod.api('GET', url, { apiKey });
      const privateGroups = await prod.app.db
        .selectFrom('workgroups')
        .select('hash as id')
        .where('type', '=', 'PRIVATE')
        .execute();
      expect(privateGroups.length).toBeGreaterThan(0);
      const reads = privateGroups.flatMap(({ id }) => [
        `/api/workgroups/${id}/comments`,
        `/api/workgroups/${id}/files`,
        `/api/workgroups/${id}/users`,
        `/api/workgroups/${id}`,
        `/api/%77orkgroups/${id}/comments`,
      ]);
      for (const url of reads) {
        const [visitor, unenrolled] = [await asVisitor(url), await asUnenrolled('GET', url)];
        // what the visitor may see, and nothing more
        expect([unenrolled.statusCode, unenrolled.body], url).toEqual([visitor.statusCode, visitor.body]);
      }
      // writes are refused too
      const { id } = privateGroups[0]!;
      expect(
        (await asUnenrolled('POST', `/api/workgroups/${id}/comments`, { content: 'hello' })).statusCode,
      ).toBeGreaterThanOrEqual(401);
      // once enrolled, the same session is the administrator again: it reads the private group's members
      const setup = await asUnenrolled('POST', '/adm/me/totp/setup', {});
      expect(
        (await asUnenrolled('POST', '/adm/me/totp/enable', { code: authenticator.generate(setup.json().secret) }))
          .statusCode,
      ).toBe(200);
      const enrolled = await asUnenrolled('GET', `/api/workgroups/${id}/users`);
      expect(enrolled.statusCode).toBe(200);
      expect(enrolled.body).not.toBe((await asVisitor(`/api/workgroups/${id}/users`)).body);
    });
  });

  it('lets an administrator without the second factor sign out', async () => {
    await asUnenrolledAdministrator(async (call) => {
      expect((await call('GET', '/adm/logout')).statusCode).toBe(200);
    });
  });
});
