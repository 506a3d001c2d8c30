/**
 * Sessions end when they should (issue 7 §4): every token check and every refresh reads the account's
 * current status, one function revokes every session of an account, and the answers say when the
 * refresh token dies so the web app's cookies live no longer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { revokeAllSessions } from '../../src/server/modules/auth/service';
import { systemContext } from '../../src/server/serviceContext';
import { pruneExpired } from '../../src/server/modules/auth/counters';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Kind = 'usr' | 'com' | 'adm';
const ME: Record<Kind, string> = { usr: '/usr/users/me', com: '/com/companies/me', adm: '/adm/logout' };

async function signIn(email: string, kind: Kind = 'usr', deviceId = 'device0000000001') {
  const res = await t.api('POST', `/${kind}/login`, { body: { email, password: DEMO_PASSWORD, deviceId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    token: string;
    refreshToken: string;
    deviceId: string;
    expiresAt: string;
    refreshExpiresAt: string;
  };
}

const me = (kind: Kind, s: { token: string; deviceId: string }) =>
  t.api('GET', ME[kind], { token: s.token, deviceId: s.deviceId });
const refresh = (kind: Kind, s: { refreshToken: string; deviceId: string }) =>
  t.api('POST', `/${kind}/refresh`, { body: { refreshToken: s.refreshToken, deviceId: s.deviceId } });

async function hashOf(table: 'users' | 'companies' | 'admins', email: string) {
  return (await t.app.db.selectFrom(table).select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
}

describe('an account that is no longer validated is refused at once', () => {
  for (const status of ['DISABLED', 'REJECTED', 'PENDING'] as const) {
    it(`member ${status}: the next request and the refresh answer 401`, async () => {
      const session = await signIn('regular@demo.test');
      expect((await me('usr', session)).statusCode).toBe(200);
      await t.app.db.updateTable('users').set({ status }).where('email', '=', 'regular@demo.test').execute();
      try {
        const next = await me('usr', session);
        expect(next.statusCode).toBe(401);
        expect(next.json().code).toBe('auth.invalidToken');
        const rotated = await refresh('usr', session);
        expect(rotated.statusCode).toBe(401);
        expect(rotated.json()).toMatchObject({ statusCode: 401, code: 'auth.invalidRefresh' });
      } finally {
        await t.app.db
          .updateTable('users')
          .set({ status: 'VALIDATED' })
          .where('email', '=', 'regular@demo.test')
          .execute();
      }
      // the refused refresh token stays dead even once the account is valid again
      expect((await refresh('usr', session)).statusCode).toBe(401);
    });
  }

  it('a disabled company cannot refresh', async () => {
    const session = await signIn('company@demo.test', 'com');
    await t.app.db
      .updateTable('companies')
      .set({ status: 'DISABLED' })
      .where('email', '=', 'company@demo.test')
      .execute();
    try {
      expect((await me('com', session)).statusCode).toBe(401);
      expect((await refresh('com', session)).statusCode).toBe(401);
    } finally {
      await t.app.db
        .updateTable('companies')
        .set({ status: 'VALIDATED' })
        .where('email', '=', 'company@demo.test')
        .execute();
    }
  });

  it('a deleted member or administrator cannot use or refresh a session', async () => {
    const user = await signIn('gratis@demo.test');
    await t.app.db.deleteFrom('users').where('email', '=', 'gratis@demo.test').execute();
    expect((await me('usr', user)).statusCode).toBe(401);
    expect((await refresh('usr', user)).statusCode).toBe(401);

    const admin = await signIn('admin@demo.test', 'adm');
    expect((await me('adm', admin)).statusCode).toBe(200);
    const again = await signIn('admin@demo.test', 'adm', 'device0000000002');
    await t.app.db.deleteFrom('admins').where('email', '=', 'admin@demo.test').execute();
    expect((await refresh('adm', again)).statusCode).toBe(401);
  });
});

describe('revokeAllSessions', () => {
  it('ends every session of the account on every device, and no other account’s', async () => {
    const devices = ['device0000000011', 'device0000000012', 'device0000000013'];
    const sessions = [];
    for (const device of devices) sessions.push(await signIn('bold@demo.test', 'usr', device));
    const bystander = await signIn('regular@demo.test', 'usr', 'device0000000014');
    for (const s of sessions) expect((await me('usr', s)).statusCode).toBe(200);

    await revokeAllSessions(systemContext(t.app), 'user', await hashOf('users', 'bold@demo.test'));

    for (const s of sessions) {
      expect((await me('usr', s)).statusCode).toBe(401);
      expect((await refresh('usr', s)).statusCode).toBe(401);
    }
    expect((await me('usr', bystander)).statusCode).toBe(200);
    // signing in again works: revoking ends sessions, not the account
    expect((await me('usr', await signIn('bold@demo.test', 'usr', devices[0]))).statusCode).toBe(200);
  });
});

describe('the answers say when the refresh token dies', () => {
  it('login and refresh carry refreshExpiresAt, the stored expiry of the refresh token', async () => {
    const before = Date.now();
    const session = await signIn('regular@demo.test', 'usr', 'device0000000021');
    const days = (iso: string) => (Date.parse(iso) - before) / 86_400_000;
    expect(session.refreshExpiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(days(session.refreshExpiresAt)).toBeGreaterThan(29.9);
    expect(days(session.refreshExpiresAt)).toBeLessThan(30.1);
    expect(Date.parse(session.refreshExpiresAt)).toBeGreaterThan(Date.parse(session.expiresAt));
    const rotated = (await refresh('usr', session)).json();
    expect(Date.parse(rotated.refreshExpiresAt)).toBeGreaterThanOrEqual(Date.parse(session.refreshExpiresAt));
    const stored = await t.app.db
      .selectFrom('sessions')
      .select('refresh_expires_at')
      .where('device_id', '=', 'device0000000021')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(stored.refresh_expires_at).toBe(rotated.refreshExpiresAt);
  });
});

describe('pruning', () => {
  it('deletes expired and revoked sessions and spent counters, keeps live ones', async () => {
    const live = await signIn('regular@demo.test', 'usr', 'device0000000031');
    const old = '2000-01-01T00:00:00.000Z';
    const base = {
      actor_type: 'user',
      actor_hash: 'nobody',
      token_hash: '',
      refresh_hash: '',
      expires_at: old,
      created_at: old,
    };
    await t.app.db
      .insertInto('sessions')
      .values([
        {
          ...base,
          hash: 'prunedexpired000',
          device_id: 'd1',
          token_hash: 'a'.repeat(64),
          refresh_hash: 'b'.repeat(64),
          refresh_expires_at: old,
          revoked_at: null,
        },
        {
          ...base,
          hash: 'prunedrevoked000',
          device_id: 'd2',
          token_hash: 'c'.repeat(64),
          refresh_hash: 'd'.repeat(64),
          refresh_expires_at: '2999-01-01T00:00:00.000Z',
          revoked_at: old,
        },
      ])
      .execute();
    await t.app.db
      .insertInto('rate_counters')
      .values([
        { key: 'test:spent', count: 3, reset_at: 1000 },
        { key: 'test:live', count: 3, reset_at: Date.now() + 60_000 },
      ])
      .execute();

    await pruneExpired(t.app.db);

    const hashes = (
      await t.app.db
        .selectFrom('sessions')
        .select('hash')
        .where('hash', 'in', ['prunedexpired000', 'prunedrevoked000'])
        .execute()
    ).length;
    expect(hashes).toBe(0);
    const keys = (
      await t.app.db.selectFrom('rate_counters').select('key').where('key', 'like', 'test:%').execute()
    ).map((r) => r.key);
    expect(keys).toEqual(['test:live']);
    expect((await me('usr', live)).statusCode).toBe(200);
  });

  it('runs on a timer from ready to close that never holds the process open', async () => {
    const started = vi.spyOn(globalThis, 'setInterval');
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    try {
      const other = await buildApp(t.app.config, { db: t.app.db, migrate: false });
      const index = started.mock.calls.findIndex(([, ms]) => ms === 10 * 60_000);
      expect(index).toBeGreaterThanOrEqual(0);
      const timer = started.mock.results[index]!.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
      await t.app.db.insertInto('rate_counters').values({ key: 'test:timer', count: 1, reset_at: 1000 }).execute();
      (started.mock.calls[index]![0] as () => void)();
      await expect
        .poll(
          async () =>
            (await t.app.db.selectFrom('rate_counters').select('key').where('key', '=', 'test:timer').execute()).length,
        )
        .toBe(0);
      await other.close();
      expect(cleared).toHaveBeenCalledWith(timer);
    } finally {
      started.mockRestore();
      cleared.mockRestore();
    }
  });
});
