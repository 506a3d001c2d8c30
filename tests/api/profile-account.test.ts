/**
 * Password and e-mail of the signed-in member (issue 8 §7, §13): the old password is needed, every
 * other session ends, mail goes out in the member's language; a new e-mail is confirmed by a link sent
 * to it and only then replaces the old one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const row = (hash: string) =>
  t.app.db.selectFrom('users').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
const outbox = (to: string) => t.app.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).execute();
const signIn = (email: string, password: string, deviceId: string) =>
  t.api('POST', '/usr/login', { body: { email, password, deviceId, deviceType: 2, push: null } });

describe('POST /usr/users/password', () => {
  it('needs the old password and matching repeats, then ends every other session and mails the member', async () => {
    const first = (await signIn('regular@demo.test', DEMO_PASSWORD, 'devicefirst0001')).json();
    const second = (await signIn('regular@demo.test', DEMO_PASSWORD, 'devicesecond002')).json();
    const me = { token: first.token, deviceId: first.deviceId };
    const before = (await row(first.user.hash)).password_hash;
    const wrong = await t.api('POST', '/usr/users/password', {
      ...me,
      body: { old_password: 'not-the-password', password: 'a-new-password-9', password_repeat: 'a-new-password-9' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'old_password', message: expect.any(String) }]);
    const differ = await t.api('POST', '/usr/users/password', {
      ...me,
      body: { old_password: DEMO_PASSWORD, password: 'a-new-password-9', password_repeat: 'a-new-password-8' },
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().errors[0].field).toBe('password_repeat');
    const short = await t.api('POST', '/usr/users/password', {
      ...me,
      body: { old_password: DEMO_PASSWORD, password: 'short', password_repeat: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect((await row(first.user.hash)).password_hash).toBe(before);
    expect(await outbox('regular@demo.test')).toEqual([]);

    const ok = await t.api('POST', '/usr/users/password', {
      ...me,
      body: { old_password: DEMO_PASSWORD, password: 'a-new-password-9', password_repeat: 'a-new-password-9' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.api('GET', '/usr/users/me', me)).statusCode).toBe(200);
    expect((await t.api('GET', '/usr/users/me', { token: second.token, deviceId: second.deviceId })).statusCode).toBe(
      401,
    );
    expect(
      (await t.api('POST', '/usr/refresh', { body: { refreshToken: second.refreshToken, deviceId: second.deviceId } }))
        .statusCode,
    ).toBe(401);
    expect((await signIn('regular@demo.test', DEMO_PASSWORD, 'devicethird0003')).statusCode).toBe(401);
    expect((await signIn('regular@demo.test', 'a-new-password-9', 'devicethird0003')).statusCode).toBe(200);
    const mails = await outbox('regular@demo.test');
    expect(mails.map((m) => m.template)).toEqual(['account.passwordChanged']);
    expect(mails[0]!.language).toBe((await row(first.user.hash)).language);
  });
});

describe('POST /usr/users/email', () => {
  it('sends a link to the new address and changes the e-mail only when it is followed, once', async () => {
    const session = (await signIn('bold@demo.test', DEMO_PASSWORD, 'deviceemail0001')).json();
    const me = { token: session.token, deviceId: session.deviceId };
    const hash = session.user.hash;
    const wrong = await t.api('POST', '/usr/users/email', {
      ...me,
      body: { email: 'new.bold@example.com', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('password');
    const taken = await t.api('POST', '/usr/users/email', {
      ...me,
      body: { email: 'GRATIS@demo.test', password: DEMO_PASSWORD },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0].field).toBe('email');
    expect(
      (await t.api('POST', '/usr/users/email', { ...me, body: { email: 'not-an-email', password: DEMO_PASSWORD } }))
        .statusCode,
    ).toBe(400);

    const asked = await t.api('POST', '/usr/users/email', {
      ...me,
      body: { email: 'New.Bold@Example.com', password: DEMO_PASSWORD },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await row(hash)).email).toBe('bold@demo.test');
    const [mail] = await outbox('new.bold@example.com');
    expect(mail?.template).toBe('account.emailChange');
    expect(await outbox('bold@demo.test')).toEqual([]);
    const token = /email_token=([A-Za-z0-9_-]+)/.exec(mail!.body_text)?.[1];
    expect(token).toBeTruthy();

    expect((await t.api('POST', '/usr/users/email/confirm', { body: { token: `${token}x` } })).statusCode).toBe(400);
    const confirmed = await t.api('POST', '/usr/users/email/confirm', { body: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, email: 'new.bold@example.com' });
    expect((await row(hash)).email).toBe('new.bold@example.com');
    const again = await t.api('POST', '/usr/users/email/confirm', { body: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0].field).toBe('token');
    expect((await signIn('new.bold@example.com', DEMO_PASSWORD, 'deviceemail0002')).statusCode).toBe(200);
  });

  it('lets only the latest link work, and refuses one whose address was taken meanwhile', async () => {
    const session = (await signIn('gratis@demo.test', DEMO_PASSWORD, 'devicegratis001')).json();
    const me = { token: session.token, deviceId: session.deviceId };
    const tokenOf = async (to: string) =>
      /email_token=([A-Za-z0-9_-]+)/.exec((await outbox(to)).at(-1)!.body_text)![1]!;
    expect(
      (
        await t.api('POST', '/usr/users/email', {
          ...me,
          body: { email: 'first@example.com', password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.api('POST', '/usr/users/email', {
          ...me,
          body: { email: 'second@example.com', password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.api('POST', '/usr/users/email/confirm', { body: { token: await tokenOf('first@example.com') } }))
        .statusCode,
    ).toBe(400);
    await t.app.db
      .updateTable('users')
      .set({ email: 'second@example.com' })
      .where('email', '=', 'pending@demo.test')
      .execute();
    const taken = await t.api('POST', '/usr/users/email/confirm', {
      body: { token: await tokenOf('second@example.com') },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0].field).toBe('email');
    expect((await row(session.user.hash)).email).toBe('gratis@demo.test');
  });
});
