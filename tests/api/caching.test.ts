/**
 * Nothing private is cached (issue 7 §7): sign-in and refresh answers, and every answer that depends on
 * who is signed in, carry `Cache-Control: no-store`; API answers name the headers they depend on in `Vary`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiRoutes } from '../../src/server/app';
import { can, type Role } from '../../src/shared/permissions';
import { DEMO_PASSWORD, TEST_DEVICE, startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const sessions: Partial<Record<Role, { token: string; deviceId: string }>> = {};

beforeAll(async () => {
  t = await startTestApp();
  sessions.BOLD = await t.login('bold@demo.test');
  sessions.COMPANY = await t.login('company@demo.test', 'com');
  sessions.ADMIN = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'zzzzzzzzzzzzzzzz');
const varyOf = (res: LightMyRequestResponse) =>
  String(res.headers['vary'] ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

describe('private answers are never stored', () => {
  it('sign-in answers, right or wrong, say no-store', async () => {
    for (const kind of ['usr', 'com', 'adm'] as const) {
      const email = { usr: 'bold@demo.test', com: 'company@demo.test', adm: 'admin@demo.test' }[kind];
      const ok = await t.api('POST', `/${kind}/login`, {
        body: { email, password: DEMO_PASSWORD, deviceId: TEST_DEVICE },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['cache-control'], kind).toContain('no-store');
      const refreshed = await t.api('POST', `/${kind}/refresh`, {
        body: { refreshToken: ok.json().refreshToken, deviceId: TEST_DEVICE },
      });
      expect(refreshed.statusCode).toBe(200);
      expect(refreshed.headers['cache-control'], kind).toContain('no-store');
      const wrong = await t.api('POST', `/${kind}/login`, {
        body: { email, password: 'not-the-password', deviceId: TEST_DEVICE },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers['cache-control'], kind).toContain('no-store');
    }
  });

  it('every API answer to a signed-in actor says no-store and varies on the token', async () => {
    const reads = apiRoutes(t.app).filter((route) => route.method === 'GET');
    expect(reads.length).toBeGreaterThan(10);
    let checked = 0;
    for (const route of reads) {
      for (const role of ['BOLD', 'COMPANY', 'ADMIN'] as const) {
        if (!can(role, route.permission as never)) continue;
        if (route.url.endsWith('/logout')) continue; // would end the session the loop relies on
        // an endless server-sent stream never ends under inject; its no-store is checked over HTTP
        // (tests/api/messages-events.test.ts)
        if (route.url.endsWith('/messages/events')) continue;
        const res = await t.api('GET', concrete(route.url), sessions[role]);
        checked++;
        expect(res.headers['cache-control'], `${route.url} as ${role} → ${res.statusCode}`).toContain('no-store');
        expect(varyOf(res), route.url).toEqual(expect.arrayContaining(['token', 'deviceid', 'language', 'apikey']));
      }
    }
    expect(checked).toBeGreaterThan(20);
    const me = await t.api('GET', '/usr/users/me', sessions.BOLD);
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toContain('no-store');
  });

  it('a public list read anonymously may be revalidated, never stored for someone else, and varies on who asks', async () => {
    const anonymous = await t.api('GET', '/api/jobs');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).not.toMatch(/public|max-age=[1-9]/);
    expect(varyOf(anonymous)).toEqual(expect.arrayContaining(['token', 'language', 'apikey', 'accept-language']));
    const signedIn = await t.api('GET', '/api/jobs', sessions.BOLD);
    expect(signedIn.headers['cache-control']).toContain('no-store');
  });

  it('refusals are not stored either', async () => {
    const res = await t.api('GET', '/usr/users/me');
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('the language redirect varies on the cookie and the browser language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ca' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers['location']).toBe('/ca');
    expect(varyOf(res)).toEqual(expect.arrayContaining(['cookie', 'accept-language']));
    expect(res.headers['cache-control']).toContain('no-store');
  });
});
