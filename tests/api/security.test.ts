/**
 * The security harness that grows with the product: every API route declares who may call it and
 * what it accepts and returns; every write route, fed schema-violating bodies by every actor,
 * answers 400/401/403 — never 500 — and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Ajv from 'ajv';
import { apiRoutes } from '../../src/server/app';
import { TABLES } from '../../src/server/db/migrations/001_initial';
import { ajvCustomOptions, loadSchemas, registerFormats } from '../../src/server/plugins/schemas';
import { PERMISSIONS } from '../../src/shared/permissions';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const actors: Array<{ name: string; token?: string; deviceId?: string }> = [{ name: 'anonymous' }];

beforeAll(async () => {
  t = await startTestApp();
  for (const [email, kind] of [
    ['regular@demo.test', 'usr'],
    ['bold@demo.test', 'usr'],
    ['gratis@demo.test', 'usr'],
    ['company@demo.test', 'com'],
    ['admin@demo.test', 'adm'],
  ] as const) {
    const session = await t.login(email, kind);
    actors.push({ name: email, token: session.token, deviceId: session.deviceId });
  }
});
afterAll(async () => t?.close());

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.app.db
      .selectFrom(table as any)
      .select((eb: any) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number((row as { n: number }).n);
  }
  return counts;
}

/** Concrete URL for a route pattern: every parameter gets an id that exists nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'zzzzzzzzzzzzzzzz');

describe('route table', () => {
  it('declares a known permission, a response schema and request schemas on every API route', () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      expect(PERMISSIONS, `${route.method} ${route.url}`).toContain(route.permission);
      expect(route.hasResponseSchema, `${route.method} ${route.url}`).toBe(true);
    }
    const writes = routes.filter((route) => /POST|PUT|PATCH/.test(route.method));
    const withParams = routes.filter((route) => route.url.includes(':'));
    expect(writes.length).toBeGreaterThan(0);
    expect(withParams.length).toBeGreaterThan(0);
    expect(writes.filter((route) => !route.hasBodySchema).map((route) => `${route.method} ${route.url}`)).toEqual([]);
    expect(withParams.filter((route) => !route.hasParamsSchema).map((route) => `${route.method} ${route.url}`)).toEqual(
      [],
    );
  });

  it('refuses every API route without the apiKey, or with a wrong one, or with a forged token', async () => {
    expect(apiRoutes(t.app).length).toBeGreaterThan(10);
    for (const route of apiRoutes(t.app)) {
      const method = route.method.split(',')[0] as 'GET';
      for (const apiKey of [null, 'wrong-key-123']) {
        const res = await t.api(method, concrete(route.url), {
          apiKey,
          body: /GET|DELETE/.test(method) ? undefined : {},
        });
        expect(res.statusCode, `${method} ${route.url}`).toBe(401);
        expect(res.json().code).toBe('apiKey.invalid');
      }
      const forged = await t.api(method, concrete(route.url), {
        token: 'forged-token',
        deviceId: 'abcdefgh12',
        body: /GET|DELETE/.test(method) ? undefined : {},
      });
      expect(forged.statusCode, `${method} ${route.url}`).toBe(401);
    }
  });
});

describe('write routes under schema-violating bodies', () => {
  it('answer 400, 401 or 403 for every actor and write nothing', async () => {
    const ajv = registerFormats(new Ajv({ ...ajvCustomOptions, coerceTypes: false }));
    for (const schema of loadSchemas()) ajv.addSchema(schema);
    const writes = apiRoutes(t.app).filter((route) => /POST|PUT|PATCH/.test(route.method));
    expect(writes.length).toBeGreaterThan(0);
    const before = await rowCounts();
    const hostile = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue()),
      fc.record({
        email: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
        password: fc.oneof(fc.integer(), fc.string({ maxLength: 300 }), fc.constant(null)),
      }),
      fc.record({
        email: fc.constant(`${'a'.repeat(300)}@x.io`),
        password: fc.string({ minLength: 129, maxLength: 400 }),
      }),
    );
    for (const route of writes) {
      const validate = route.bodySchema ? ajv.compile(route.bodySchema as object) : () => false;
      const bodies = fc.sample(
        hostile.filter((body) => !validate(structuredClone(body))),
        { numRuns: 25, seed: 42 },
      );
      for (const actor of actors) {
        for (const body of bodies) {
          const res = await t.api(route.method.split(',')[0] as 'POST', concrete(route.url), {
            body: JSON.stringify(body),
            token: actor.token,
            deviceId: actor.deviceId,
            json: true,
          });
          const context = `${route.method} ${route.url} as ${actor.name}: ${JSON.stringify(body).slice(0, 80)} → ${res.body.slice(0, 200)}`;
          // 418 only as the Regular member's "upgrade to Bold" answer (SPEC §6), never for anything else
          const allowed = res.json().code === 'auth.upgradeRequired' ? [418] : [400, 401, 403];
          expect(allowed, context).toContain(res.statusCode);
          expect(res.body).not.toMatch(/at .*\.ts:\d+|SQLITE|syntax error/);
        }
      }
    }
    expect(await rowCounts()).toEqual(before);
    // thousands of requests that grow with every write route; what it checks is the answers, not the time
  }, 300_000);
});
