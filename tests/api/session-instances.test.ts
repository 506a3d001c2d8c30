/**
 * The identity of a request across instances (issue 27 §2): A and B on one database (PostgreSQL with TEST_DB=postgres),
 * B remembering the sessions it has resolved. Whatever A (or anything writing the database) changes about a session
 * or an account, B's very next request must see: a sign-out, a revoked or rotated token, an account suspended or
 * deleted, a role changed, an administrator's second factor turned off (production). Each case first uses the
 * session on B twice, so B has it in memory when the change is made.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { revokeAllSessions } from '../../src/server/modules/auth/service';
import { systemContext } from '../../src/server/serviceContext';
import { API_KEY, DEMO_PASSWORD, TEST_DEVICE, startTestApp, type TestApp } from '../helpers/app';

interface Pair {
  a: TestApp;
  b: FastifyInstance;
  apiKey: string;
}

/** Instance A (a test app on a fresh seeded database) and B, a second app on the same database with its own pool. */
async function startPair(env: Record<string, string> = {}): Promise<Pair> {
  const a = await startTestApp(env);
  const b = await buildApp(a.app.config, {
    db: createDb(a.app.config.databaseUrl, { poolSize: 2 }),
    migrate: false,
    closeDb: true,
  });
  return { a, b, apiKey: env['API_KEY'] ?? API_KEY };
}
async function closePair(pair: Pair | undefined) {
  await pair?.b.close();
  await pair?.a.close();
}

type Headers = Record<string, string>;
const as = (token: string): Headers => ({ token, deviceid: TEST_DEVICE, type: '2' });

function call(pair: Pair, app: FastifyInstance, method: InjectOptions['method'], url: string, headers: Headers = {}) {
  return (payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { apikey: pair.apiKey, language: 'en', ...headers },
      payload: payload as InjectOptions['payload'],
    });
}

async function signIn(pair: Pair, kind: 'usr' | 'com' | 'adm', email: string, code?: string) {
  const res = await call(
    pair,
    pair.a.app,
    'POST',
    `/${kind}/login`,
  )({ email, password: DEMO_PASSWORD, deviceId: TEST_DEVICE, deviceType: 2, push: null, ...(code ? { code } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; refreshToken: string };
}

/** GET `url` on B twice with the token (so B remembers the session) and expect `status` both times. */
async function usedOnB(pair: Pair, url: string, token: string, status = 200) {
  for (let i = 0; i < 2; i++) {
    const res = await call(pair, pair.b, 'GET', url, as(token))();
    expect(res.statusCode, res.body).toBe(status);
  }
}

const hashOf = async (pair: Pair, table: 'users' | 'companies' | 'admins', email: string) =>
  (await pair.a.app.db.selectFrom(table).select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;

describe('two instances: what A changes, B’s next request sees', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair();
  }, 300_000);
  afterAll(async () => closePair(pair));

  it('a session signed out on A is refused on B', async () => {
    const { token } = await signIn(pair, 'usr', 'regular@demo.test');
    await usedOnB(pair, '/usr/users/me', token);
    expect((await call(pair, pair.a.app, 'GET', '/usr/users/logout', as(token))()).statusCode).toBe(200);
    const next = await call(pair, pair.b, 'GET', '/usr/users/me', as(token))();
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe('auth.invalidToken');
  });

  it('sessions revoked on A (every session of the account) are refused on B', async () => {
    const { token } = await signIn(pair, 'usr', 'bold@demo.test');
    await usedOnB(pair, '/usr/portfolios', token);
    await revokeAllSessions(systemContext(pair.a.app), 'user', await hashOf(pair, 'users', 'bold@demo.test'));
    expect((await call(pair, pair.b, 'GET', '/usr/portfolios', as(token))()).statusCode).toBe(401);
  });

  it('a token rotated by a refresh on A: the old one is refused on B, the new one works', async () => {
    const session = await signIn(pair, 'usr', 'regular@demo.test');
    await usedOnB(pair, '/usr/workExperiences', session.token);
    const rotated = await call(
      pair,
      pair.a.app,
      'POST',
      '/usr/refresh',
    )({ refreshToken: session.refreshToken, deviceId: TEST_DEVICE });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await call(pair, pair.b, 'GET', '/usr/workExperiences', as(session.token))()).statusCode).toBe(401);
    expect((await call(pair, pair.b, 'GET', '/usr/workExperiences', as(rotated.json().token))()).statusCode).toBe(200);
  });

  it('a member suspended through A’s back office is refused on B', async () => {
    const { token } = await signIn(pair, 'usr', 'regular@demo.test');
    await usedOnB(pair, '/usr/users/me', token);
    const admin = await signIn(pair, 'adm', 'admin@demo.test');
    const hash = await hashOf(pair, 'users', 'regular@demo.test');
    const decided = await call(
      pair,
      pair.a.app,
      'PATCH',
      `/adm/users/${hash}`,
      as(admin.token),
    )({ status: 'DISABLED' });
    expect(decided.statusCode, decided.body).toBe(200);
    try {
      expect((await call(pair, pair.b, 'GET', '/usr/users/me', as(token))()).statusCode).toBe(401);
    } finally {
      await pair.a.app.db.updateTable('users').set({ status: 'VALIDATED' }).where('hash', '=', hash).execute();
    }
  });

  it('an account whose status alone changes on A (sessions left as they are) is refused on B, and back', async () => {
    const { token } = await signIn(pair, 'usr', 'regular@demo.test');
    await usedOnB(pair, '/usr/users/me', token);
    const hash = await hashOf(pair, 'users', 'regular@demo.test');
    await pair.a.app.db.updateTable('users').set({ status: 'DISABLED' }).where('hash', '=', hash).execute();
    try {
      expect((await call(pair, pair.b, 'GET', '/usr/users/me', as(token))()).statusCode).toBe(401);
    } finally {
      await pair.a.app.db.updateTable('users').set({ status: 'VALIDATED' }).where('hash', '=', hash).execute();
    }
    expect((await call(pair, pair.b, 'GET', '/usr/users/me', as(token))()).statusCode).toBe(200);
  });

  it('a company disabled on A is refused on B', async () => {
    const { token } = await signIn(pair, 'com', 'company@demo.test');
    await usedOnB(pair, '/com/companies/me', token);
    const hash = await hashOf(pair, 'companies', 'company@demo.test');
    await pair.a.app.db.updateTable('companies').set({ status: 'DISABLED' }).where('hash', '=', hash).execute();
    try {
      expect((await call(pair, pair.b, 'GET', '/com/companies/me', as(token))()).statusCode).toBe(401);
    } finally {
      await pair.a.app.db.updateTable('companies').set({ status: 'VALIDATED' }).where('hash', '=', hash).execute();
    }
  });

  it('a Regular member made Bold on A has the Bold benefits on B’s next request, and loses them again', async () => {
    const { token } = await signIn(pair, 'usr', 'regular@demo.test');
    await usedOnB(pair, '/usr/workgroups', token, 418);
    const hash = await hashOf(pair, 'users', 'regular@demo.test');
    await pair.a.app.db.updateTable('users').set({ role: 'BOLD' }).where('hash', '=', hash).execute();
    try {
      expect((await call(pair, pair.b, 'GET', '/usr/workgroups', as(token))()).statusCode).toBe(200);
      expect((await call(pair, pair.b, 'GET', '/api/init', as(token))()).json().role).toBe('BOLD');
    } finally {
      await pair.a.app.db.updateTable('users').set({ role: 'REGULAR' }).where('hash', '=', hash).execute();
    }
    expect((await call(pair, pair.b, 'GET', '/usr/workgroups', as(token))()).statusCode).toBe(418);
  });

  it('a member who deletes their account on A is refused on B', async () => {
    const { token } = await signIn(pair, 'usr', 'gratis@demo.test');
    await usedOnB(pair, '/usr/users/me', token);
    const deleted = await call(pair, pair.a.app, 'DELETE', '/usr/users/me', as(token))({ password: DEMO_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(pair, pair.b, 'GET', '/usr/users/me', as(token))()).statusCode).toBe(401);
  });

  it('an account row deleted on A (the admin CLI, a restore) is refused on B', async () => {
    const { token } = await signIn(pair, 'usr', 'bold@demo.test');
    // a route that does not read the member's row itself: only the session check can refuse it
    await usedOnB(pair, '/usr/workExperiences', token);
    await pair.a.app.db.deleteFrom('users').where('email', '=', 'bold@demo.test').execute();
    expect((await call(pair, pair.b, 'GET', '/usr/workExperiences', as(token))()).statusCode).toBe(401);
  });
});

describe('two production instances: an administrator’s second factor', () => {
  const stamp = Date.now().toString(36);
  const apiKey = `production-key-${stamp}`;
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair({
      NODE_ENV: 'production',
      API_KEY: apiKey,
      PUBLIC_URL: 'https://alumni.example',
      SECRET_KEY: `production-secret-${stamp}-0123456789abcdef`,
      PAYMENT_PROVIDER: 'none',
    });
  }, 300_000);
  afterAll(async () => closePair(pair));

  it('turned on through A: B’s next request has the back office; turned off through A: B’s next is refused', async () => {
    const { token } = await signIn(pair, 'adm', 'admin@demo.test');
    await usedOnB(pair, '/adm/dashboard', token, 403);
    const setup = await call(pair, pair.a.app, 'POST', '/adm/me/totp/setup', as(token))({});
    expect(setup.statusCode, setup.body).toBe(200);
    const enabled = await call(
      pair,
      pair.a.app,
      'POST',
      '/adm/me/totp/enable',
      as(token),
    )({ code: authenticator.generate(setup.json().secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    await usedOnB(pair, '/adm/dashboard', token, 200);
    const recovery = enabled.json().recovery_codes as string[];
    expect(recovery.length).toBeGreaterThan(0);
    const off = await call(pair, pair.a.app, 'DELETE', '/adm/me/totp', as(token))({ code: recovery[0] });
    expect(off.statusCode, off.body).toBe(200);
    const next = await call(pair, pair.b, 'GET', '/adm/dashboard', as(token))();
    expect(next.statusCode).toBe(403);
    expect(next.json().code).toBe('admin.totpSetupRequired');
  });

  it('an administrator deleted on A (a direct write, as the admin CLI would) is refused on B', async () => {
    const { token } = await signIn(pair, 'adm', 'admin@demo.test');
    await usedOnB(pair, '/adm/me', token);
    await pair.a.app.db.deleteFrom('admins').where('email', '=', 'admin@demo.test').execute();
    expect((await call(pair, pair.b, 'GET', '/adm/me', as(token))()).statusCode).toBe(401);
  });
});
