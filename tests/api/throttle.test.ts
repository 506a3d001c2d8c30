/**
 * Sign-in throttling that holds (issue 7 §3). Runs with RATE_LIMIT_SCALE=1: the real limits.
 * Every attempt is counted before its password is judged, per address (20) and per account+address (5),
 * so concurrency cannot beat the count and a stranger elsewhere cannot lock a member out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { rateClassOf } from '../../src/server/plugins/rateLimit';
import { sha256 } from '../../src/server/lib/ids';
import { API_KEY, DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [t, proxied] = await Promise.all([
    startTestApp({ RATE_LIMIT_SCALE: '1' }),
    startTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.1' }),
  ]);
});
afterAll(async () => Promise.all([t?.close(), proxied?.close()]));

interface Attempt {
  email: string;
  password?: string;
  ip?: string;
  xff?: string;
  language?: string;
  app?: FastifyInstance;
  kind?: 'usr' | 'com' | 'adm';
}

function attempt({
  email,
  password = 'wrong-password',
  ip = '127.0.0.1',
  xff,
  language = 'en',
  app = t.app,
  kind = 'usr',
}: Attempt) {
  const headers: Record<string, string> = { apiKey: API_KEY, language };
  if (xff) headers['x-forwarded-for'] = xff;
  return app.inject({
    method: 'POST',
    url: `/${kind}/login`,
    remoteAddress: ip,
    headers,
    payload: { email, password },
  });
}

const codes = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode);

describe('sign-in attempts are counted before the password is judged', () => {
  it('30 concurrent wrong passwords: at most 5 are judged, the rest 429; then the right password is refused too', async () => {
    const email = 'bold@demo.test';
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => attempt({ email, ip: '10.1.0.1', language: 'es' })),
    );
    const judged = burst.filter((r) => r.statusCode === 401).length;
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(judged).toBeGreaterThan(0);
    expect(judged).toBeLessThanOrEqual(5);
    expect(judged + refused.length).toBe(30);
    const sample = refused[0]!;
    expect(sample.json()).toEqual({
      statusCode: 429,
      code: 'auth.tooManyAttempts',
      message: expect.stringMatching(/^Demasiados intentos.*15 minutos/),
    });
    expect(Number(sample.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(sample.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    const right = await attempt({ email, password: DEMO_PASSWORD, ip: '10.1.0.1' });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('auth.tooManyAttempts');
  });

  it('a stranger at another address cannot lock a member out of their account', async () => {
    const email = 'regular@demo.test';
    const attacker = [];
    for (let i = 0; i < 6; i++) attacker.push(await attempt({ email, ip: '10.2.0.66' }));
    expect(codes(attacker)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await attempt({ email, password: DEMO_PASSWORD, ip: '10.2.0.66' })).statusCode).toBe(429);
    // near the end of the window the answer says so, in the singular
    const key = `signin:account:${sha256(`user\n${email}\n10.2.0.66`)}`;
    await t.app.db
      .updateTable('rate_counters')
      .set({ reset_at: Date.now() + 30_000 })
      .where('key', '=', key)
      .execute();
    const soon = await attempt({ email, ip: '10.2.0.66' });
    expect(soon.json().message).toBe('Too many failed attempts. Wait 1 minute and try again.');
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(30);
    const member = await attempt({ email, password: DEMO_PASSWORD, ip: '10.2.0.7' });
    expect(member.statusCode).toBe(200);
    expect(member.json().user.email).toBe(email);
  });

  it('limits one address to 20 failures across accounts; other addresses are unaffected', async () => {
    const ip = '10.3.0.1';
    const spray = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt({ email: `nobody${i}@demo.test`, ip })),
    );
    expect(codes(spray)).toEqual(Array(20).fill(401));
    const next = await attempt({ email: 'nobody-else@demo.test', ip, language: 'ca' });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({
      statusCode: 429,
      code: 'auth.tooManyAttempts',
      message: expect.stringContaining('15 minuts'),
    });
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt({ email: 'gratis@demo.test', password: DEMO_PASSWORD, ip })).statusCode).toBe(429);
    expect((await attempt({ email: 'gratis@demo.test', password: DEMO_PASSWORD, ip: '10.3.0.2' })).statusCode).toBe(
      200,
    );
  });

  it('a successful sign-in clears the account+address counter', async () => {
    const email = 'gratis@demo.test';
    const ip = '10.4.0.1';
    for (let i = 0; i < 4; i++) expect((await attempt({ email, ip })).statusCode).toBe(401);
    expect((await attempt({ email, password: DEMO_PASSWORD, ip })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt({ email, ip })).statusCode).toBe(401);
  });

  it('slows repeated failures down a little (progressive, capped)', async () => {
    const email = 'company@demo.test';
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = Date.now();
      await t.app.inject({
        method: 'POST',
        url: '/com/login',
        remoteAddress: '10.5.0.1',
        headers: { apiKey: API_KEY },
        payload: { email, password: 'nope' },
      });
      times.push(Date.now() - start);
    }
    expect(times[2]!).toBeGreaterThanOrEqual(400);
    expect(times[2]!).toBeLessThan(3000);
  });
});

describe('X-Forwarded-For is believed only from a proxy named in TRUST_PROXY', () => {
  it('ignores the header by default: rotating it does not reset the count', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await attempt({ email: 'bold@demo.test', xff: `203.0.113.${i + 1}` }));
    expect(codes(answers)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('believes it from a listed proxy: each forwarded client has its own count', async () => {
    const app = proxied.app;
    const rotating = [];
    for (let i = 0; i < 6; i++)
      rotating.push(await attempt({ app, email: 'bold@demo.test', xff: `198.51.100.${i + 1}` }));
    expect(codes(rotating)).toEqual(Array(6).fill(401));
    const one = [];
    for (let i = 0; i < 6; i++) one.push(await attempt({ app, email: 'regular@demo.test', xff: '198.51.100.200' }));
    expect(codes(one)).toEqual([401, 401, 401, 401, 401, 429]);
    // the proxy's own address was never counted against the member
    expect((await attempt({ app, email: 'regular@demo.test', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });
});

describe('general limits (@fastify/rate-limit with a store in the database)', () => {
  it('sign-in: 40 a minute per address, shared by every instance on the same database; 429 with Retry-After', async () => {
    // a second instance on the same database, as several processes behind a balancer
    const other = await buildApp(t.app.config, { db: t.app.db, migrate: false });
    try {
      const answers = [];
      for (let i = 0; i < 41; i++) {
        answers.push(
          await attempt({
            app: i % 2 ? other : t.app,
            kind: 'adm',
            email: 'admin@demo.test',
            password: DEMO_PASSWORD,
            ip: '10.6.0.1',
            language: 'es',
          }),
        );
      }
      expect(codes(answers.slice(0, 40))).toEqual(Array(40).fill(200));
      const last = answers[40]!;
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({
        statusCode: 429,
        code: 'rateLimited',
        message: 'Demasiadas peticiones. Vuelve a intentarlo dentro de 1 minuto.',
      });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('writes under the API prefixes are limited per caller; public reads are not', async () => {
    const writes = [];
    for (let i = 0; i < 121; i++) {
      writes.push(
        await t.app.inject({
          method: 'POST',
          url: '/usr/refresh',
          remoteAddress: '10.7.0.1',
          headers: { apiKey: API_KEY },
          payload: { refreshToken: 'x'.repeat(40), deviceId: 'abcdefgh12' },
        }),
      );
    }
    expect(codes(writes.slice(0, 120))).toEqual(Array(120).fill(401));
    expect(writes[120]!.statusCode).toBe(429);
    expect(writes[120]!.json().code).toBe('rateLimited');
    const reads = [];
    for (let i = 0; i < 150; i++)
      reads.push(
        await t.app.inject({
          method: 'GET',
          url: '/api/init',
          remoteAddress: '10.7.0.1',
          headers: { apiKey: API_KEY },
        }),
      );
    expect(codes(reads)).toEqual(Array(150).fill(200));
    expect(reads[0]!.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('registration and recovery routes get their own classes by declaration or by path', () => {
    expect(rateClassOf({ method: 'POST', url: '/usr/login', config: {} })).toBe('signIn');
    expect(rateClassOf({ method: 'POST', url: '/com/register', config: {} })).toBe('register');
    expect(rateClassOf({ method: 'POST', url: '/usr/recovery/reset', config: {} })).toBe('recovery');
    expect(rateClassOf({ method: 'PATCH', url: '/usr/users', config: {} })).toBe('write');
    expect(rateClassOf({ method: 'POST', url: '/usr/card/addNotLogged', config: { rateClass: 'register' } })).toBe(
      'register',
    );
    expect(rateClassOf({ method: 'GET', url: '/api/jobs', config: {} })).toBeNull();
    expect(rateClassOf({ method: 'POST', url: '/uploads/x', config: {} })).toBeNull();
  });
});
