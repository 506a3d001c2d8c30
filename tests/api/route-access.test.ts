/**
 * Permissions follow the route Fastify matched, not the URL text (issue 7 §1). Every registered API
 * route is called with odd spellings of its path — percent-encoding, doubled slashes, dot segments,
 * case, trailing slashes — as every actor: without the apiKey, and with it by an actor the route's
 * permission does not allow. No spelling may reach a handler: the answer is the hook's refusal or the
 * router's "no such route", never a handler's answer (2xx, a handler's 404, a 400 from validation, a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { apiRoutes } from '../../src/server/app';
import { can, type Role } from '../../src/shared/permissions';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const actors: Array<{ name: string; role: Role; token?: string; deviceId?: string }> = [
  { name: 'anonymous', role: 'ANONYMOUS' },
];

beforeAll(async () => {
  t = await startTestApp();
  for (const [email, kind, role] of [
    ['regular@demo.test', 'usr', 'REGULAR'],
    ['bold@demo.test', 'usr', 'BOLD'],
    ['gratis@demo.test', 'usr', 'GRATIS'],
    ['company@demo.test', 'com', 'COMPANY'],
    ['admin@demo.test', 'adm', 'ADMIN'],
  ] as const) {
    const session = await t.login(email, kind);
    actors.push({ name: email, role, token: session.token, deviceId: session.deviceId });
  }
});
afterAll(async () => t?.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'zzzzzzzzzzzzzzzz');
const encodeAll = (segment: string) =>
  [...segment].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

/** The odd spellings of one concrete path `/prefix/rest…`. */
export function spellings(path: string): string[] {
  const [, prefix, ...rest] = path.split('/') as [string, string, ...string[]];
  const tail = rest.join('/');
  const after = tail ? `/${tail}` : '';
  const forms = [
    path,
    `/%${prefix.charCodeAt(0).toString(16)}${prefix.slice(1)}${after}`,
    `/%${prefix.charCodeAt(0).toString(16).toUpperCase()}${prefix.slice(1)}${after}`,
    `/${encodeAll(prefix)}${after}`,
    `/${prefix}${tail ? `/${encodeAll(rest[0]!)}${rest.length > 1 ? `/${rest.slice(1).join('/')}` : ''}` : ''}`,
    `/%25${prefix.charCodeAt(0).toString(16)}${prefix.slice(1)}${after}`,
    `/${prefix.toUpperCase()}${after}`,
    `/${prefix[0]!.toUpperCase()}${prefix.slice(1)}${after}`,
    `/${path}`,
    `//${path}`,
    `/${prefix}/${after}`,
    `/${prefix}/.${after}`,
    `/./${prefix}${after}`,
    `/zz/../${prefix}${after}`,
    `/zz/%2e%2e/${prefix}${after}`,
    `/zz/%2E%2E/${prefix}${after}`,
    `/%2e/${prefix}${after}`,
    `/${prefix}%2f${tail}`,
    `${path}/`,
    `${path}//`,
    `${path}/.`,
  ];
  return [...new Set(forms)];
}

/** Answers that prove no handler ran: the hook's refusals, or the router finding no route. */
function refusedBeforeHandler(res: LightMyRequestResponse, refusals: number[]): boolean {
  if (refusals.includes(res.statusCode)) return true;
  if (res.statusCode !== 404) return false;
  if (String(res.headers['content-type']).startsWith('text/html')) return true;
  return res.json().code === 'route.notFound';
}

describe('odd spellings of every API route', () => {
  it('produces distinct spellings', () => {
    const forms = spellings('/api/jobs/abc');
    expect(forms.length).toBeGreaterThan(15);
    expect(forms).toContain('/%61pi/jobs/abc');
    expect(forms).toContain('/zz/../api/jobs/abc');
  });

  it('never reach a handler without the apiKey, whoever calls', async () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    let calls = 0;
    for (const route of routes) {
      const method = route.method.split(',')[0] as 'GET';
      for (const url of spellings(concrete(route.url))) {
        for (const actor of actors) {
          const res = await t.api(method, url, {
            apiKey: null,
            token: actor.token,
            deviceId: actor.deviceId,
            body: /GET|DELETE/.test(method) ? undefined : {},
          });
          calls++;
          expect(
            refusedBeforeHandler(res, [401]),
            `${method} ${url} as ${actor.name} → ${res.statusCode} ${res.body.slice(0, 120)}`,
          ).toBe(true);
          if (res.statusCode === 401) expect(res.json().code).toBe('apiKey.invalid');
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
  });

  it('never reach a handler for an actor the route does not allow', async () => {
    let checked = 0;
    for (const route of apiRoutes(t.app)) {
      const method = route.method.split(',')[0] as 'GET';
      for (const actor of actors.filter((a) => !can(a.role, route.permission as never))) {
        for (const url of spellings(concrete(route.url))) {
          const res = await t.api(method, url, {
            token: actor.token,
            deviceId: actor.deviceId,
            body: /GET|DELETE/.test(method) ? undefined : {},
          });
          checked++;
          expect(
            refusedBeforeHandler(res, [401, 403, 418]),
            `${method} ${url} as ${actor.name} → ${res.statusCode} ${res.body.slice(0, 120)}`,
          ).toBe(true);
        }
      }
    }
    // the member, company and admin areas have routes some actors may not call
    expect(checked).toBeGreaterThan(500);
  });

  it('answers the allowed actor the same whatever the spelling the router accepts', async () => {
    const bold = actors.find((a) => a.role === 'BOLD')!;
    const canonical = await t.api('GET', '/usr/users/me', { token: bold.token, deviceId: bold.deviceId });
    expect(canonical.statusCode).toBe(200);
    for (const url of spellings('/usr/users/me')) {
      const res = await t.api('GET', url, { token: bold.token, deviceId: bold.deviceId });
      expect([200, 404], url).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().email, url).toBe('bold@demo.test');
    }
  });

  it('refuses the reported bypasses', async () => {
    const admin = actors.find((a) => a.role === 'ADMIN')!;
    expect((await t.api('GET', '/%61pi/jobs', { apiKey: null })).statusCode).toBe(401);
    expect(
      (await t.api('GET', '/%61dm/logout', { apiKey: null, token: admin.token, deviceId: admin.deviceId })).statusCode,
    ).toBe(401);
    expect((await t.api('GET', '/%75sr/users/me', { token: admin.token, deviceId: admin.deviceId })).statusCode).toBe(
      403,
    );
    // the admin's session was not ended by any of the spellings above
    expect((await t.api('GET', '/api/init', { token: admin.token, deviceId: admin.deviceId })).json().role).toBe(
      'ADMIN',
    );
  });
});
