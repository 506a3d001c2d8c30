/**
 * Numbers are numbers and bodies are what the route expects (issue 7 §6, §9): every numeric query
 * field of every route refuses Infinity, 1e309, NaN, negatives and fractions with a 400 naming the
 * field; a route without a body refuses one; a write route refuses arrays, strings, numbers and null
 * where an object is expected. Never a 500, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/server/app';
import { loadSchemas } from '../../src/server/plugins/schemas';
import { can, type Role } from '../../src/shared/permissions';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const sessions: Partial<Record<Role, { token: string; deviceId: string }>> = {};

beforeAll(async () => {
  t = await startTestApp();
  sessions.BOLD = await t.login('bold@demo.test');
  sessions.REGULAR = await t.login('regular@demo.test');
  sessions.COMPANY = await t.login('company@demo.test', 'com');
  sessions.ADMIN = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const schemas = new Map(loadSchemas().map((s) => [s.$id, s as Record<string, any>]));
const resolve = (schema: any): any => (schema?.$ref ? schemas.get(String(schema.$ref).replace(/#$/, '')) : schema);
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'zzzzzzzzzzzzzzzz');

/** Someone the route lets in (anonymous when the permission is public). */
function callerFor(permission: string) {
  const role = (['ANONYMOUS', 'BOLD', 'REGULAR', 'COMPANY', 'ADMIN'] as Role[]).find((r) =>
    can(r, permission as never),
  );
  return role && role !== 'ANONYMOUS' ? sessions[role] : {};
}

/** Every GET API route with its resolved querystring schema's numeric fields. */
function numericFields(): Array<{ url: string; permission: string; field: string; schema: any }> {
  const out: Array<{ url: string; permission: string; field: string; schema: any }> = [];
  for (const route of apiRoutes(t.app)) {
    if (route.method !== 'GET' || !route.querySchema) continue;
    const query = resolve(route.querySchema);
    for (const [field, schema] of Object.entries<any>(query?.properties ?? {})) {
      if (['integer', 'number'].includes(schema.type))
        out.push({ url: concrete(route.url), permission: route.permission!, field, schema });
    }
  }
  return out;
}

describe('numbers are numbers', () => {
  it('finds page and size on every list route', () => {
    const fields = numericFields();
    const lists = new Set(fields.filter((f) => f.field === 'page').map((f) => f.url));
    expect(lists.size).toBeGreaterThanOrEqual(9);
    for (const url of lists)
      expect(
        fields.some((f) => f.url === url && f.field === 'size'),
        url,
      ).toBe(true);
  });

  it('answers 400 naming the field for non-finite, negative, fractional and non-numeric values', async () => {
    const fields = numericFields();
    expect(fields.length).toBeGreaterThan(15);
    const bad = [
      'Infinity',
      '-Infinity',
      '1e309',
      '-1e309',
      'NaN',
      '-1',
      '1.5',
      '0.5',
      'abc',
      '',
      '1e400',
      '99999999999999999999999',
    ];
    for (const { url, permission, field, schema } of fields) {
      const values = bad
        .filter((v) => !(v === '' && schema.minimum === undefined))
        .concat(schema.minimum === 1 ? ['0'] : []);
      for (const value of values) {
        const res = await t.api('GET', `${url}?${field}=${encodeURIComponent(value)}`, { ...callerFor(permission) });
        const context = `${url}?${field}=${value} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        expect(res.statusCode, context).toBe(400);
        expect(
          res.json().errors.map((e: { field: string }) => e.field),
          context,
        ).toContain(field);
      }
    }
  });

  it('still accepts the numbers lists are meant to take', async () => {
    const res = await t.api('GET', '/api/jobs?page=2&size=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(5);
  });

  it('says what is wrong in the request language', async () => {
    const es = await t.api('GET', '/api/jobs?page=Infinity', { language: 'es' });
    const ca = await t.api('GET', '/api/jobs?page=Infinity', { language: 'ca' });
    expect(es.statusCode).toBe(400);
    expect(es.json().errors[0].message).not.toBe(ca.json().errors[0].message);
  });
});

describe('bodies are what the route expects', () => {
  it('a route without a body refuses one', async () => {
    const readers = apiRoutes(t.app).filter((route) => !route.hasBodySchema);
    expect(readers.length).toBeGreaterThan(10);
    for (const route of readers) {
      const method = route.method.split(',')[0] as 'GET';
      const caller = callerFor(route.permission!);
      for (const body of ['{"a":1}', '{}', '[]']) {
        const res = await t.api(method, concrete(route.url), { ...caller, body, json: true });
        const context = `${method} ${route.url} with ${body} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        expect(res.statusCode, context).toBe(400);
        expect(res.json().errors[0].field, context).toBe('body');
      }
    }
  });

  it('a write route refuses arrays, strings, numbers and null where an object is expected', async () => {
    const writes = apiRoutes(t.app).filter((route) => route.hasBodySchema);
    expect(writes.length).toBeGreaterThan(5);
    for (const route of writes) {
      const method = route.method.split(',')[0] as 'POST';
      const caller = callerFor(route.permission!);
      for (const body of ['[]', '[{}]', '"text"', '42', 'null', 'true']) {
        const res = await t.api(method, concrete(route.url), { ...caller, body, json: true });
        const context = `${method} ${route.url} with ${body} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        expect(res.statusCode, context).toBe(400);
        expect(res.json().errors.length, context).toBeGreaterThan(0);
      }
    }
  });

  it('a body is not coerced: an array, a number or a boolean where a string is expected answers 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: ['bold@demo.test'], password: 'demo-password' }, 'email'],
      [{ email: 'bold@demo.test', password: 12345678 }, 'password'],
      [{ email: 'bold@demo.test', password: true }, 'password'],
      [{ email: 'bold@demo.test', password: 'demo-password', deviceId: ['abcdefgh12'] }, 'deviceId'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/usr/login', { body: JSON.stringify(body), json: true });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    // query strings are still coerced: they only carry text
    expect((await t.api('GET', '/api/jobs?page=2&size=3')).json().items).toHaveLength(3);
  });

  it('a toggle still works with an empty object', async () => {
    const job = (await t.api('GET', '/api/jobs?size=1')).json().items[0];
    const res = await t.api('PATCH', `/api/jobs/${job.hash}/subscribe`, { ...sessions.BOLD, body: '{}', json: true });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().active).toBe('boolean');
  });
});
