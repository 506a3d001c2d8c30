/**
 * The served API description (issue 23 §6): /docs and /docs/json only in development or with DOCS_PUBLIC=true;
 * a valid OpenAPI 3 document that lists, per operation, the error statuses the route can answer (SPEC §8 shapes)
 * and the real media types of its binary answers, matching what the server sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { apiRoutes, buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { can, ROLES } from '../../src/shared/permissions';
import { rateClassOf } from '../../src/server/plugins/rateLimit';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

const PRODUCTION = {
  PAYMENT_PROVIDER: 'none',
  NODE_ENV: 'production',
  API_KEY: 'production-api-key-123',
  SECRET_KEY: 'a-production-secret-key-of-32-chars-or-more',
  PUBLIC_URL: 'https://alumni.example',
};
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

let t: TestApp;
let doc: OpenAPIV3.Document;
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://alumni.example' });
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  for (const [who, kind] of [
    ['regular', 'usr'],
    ['bold', 'usr'],
    ['admin', 'adm'],
    ['company', 'com'],
  ] as const)
    sessions[who] = await t.login(`${who}@demo.test`, kind);
});
afterAll(async () => t?.close());

function operation(method: string, url: string): OpenAPIV3.OperationObject {
  const op = (doc.paths[openApiPath(url)] as Record<string, OpenAPIV3.OperationObject> | undefined)?.[
    method.toLowerCase()
  ];
  if (!op) throw new Error(`no operation ${method} ${url} in the description`);
  return op;
}

/** A production app on the test's own database (no second seed): only the configuration differs. */
async function productionApp(env: Record<string, string> = {}) {
  const config = loadConfig({
    ...PRODUCTION,
    DATABASE_URL: t.app.config.databaseUrl,
    DATA_DIR: t.app.config.dataDir,
    DIST_DIR: t.app.config.distDir,
    LOG_LEVEL: 'silent',
    TASKS_POLL_SECONDS: '0',
    ...env,
  });
  return buildApp(config, { db: t.app.db, migrate: false });
}

describe('who may read the description', () => {
  it('answers 404 for /docs and /docs/json in production without DOCS_PUBLIC', async () => {
    const app = await productionApp();
    try {
      for (const url of ['/docs', '/docs/json', '/docs/yaml'])
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('serves them in production with DOCS_PUBLIC=true', async () => {
    const app = await productionApp({ DOCS_PUBLIC: 'true' });
    try {
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
    } finally {
      await app.close();
    }
  });
});

/** A schema, or the component a local `$ref` names. */
function resolve(
  schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject | undefined,
): OpenAPIV3.SchemaObject | undefined {
  if (!schema || !('$ref' in schema)) return schema;
  return doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] as
    OpenAPIV3.SchemaObject | undefined;
}

describe('the document', () => {
  it('validates as OpenAPI 3', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const validated = await SwaggerParser.validate(structuredClone(doc) as never);
    expect(Object.keys(validated.paths ?? {}).length).toBeGreaterThan(100);
  });

  it('lists on every API operation the error statuses its route can answer, with SPEC §8 shapes', () => {
    const routes = apiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(100);
    const signedIn = ROLES.filter((role) => role !== 'ANONYMOUS');
    const missing: string[] = [];
    for (const route of routes) {
      for (const method of route.method.split(',')) {
        const responses = operation(method, route.url).responses as Record<string, OpenAPIV3.ResponseObject>;
        const expected = ['400', '401'];
        const refusedTo = signedIn.filter((role) => !can(role, route.permission!));
        const upgrade = can('BOLD', route.permission!) && !can('REGULAR', route.permission!);
        if (refusedTo.some((role) => !(upgrade && role === 'REGULAR'))) expected.push('403');
        if (upgrade) expected.push('418');
        if (route.url.includes(':')) expected.push('404');
        if (route.hasBodySchema) expected.push('413', '415');
        if (rateClassOf({ method: route.method.split(','), url: route.url, config: {} })) expected.push('429');
        for (const status of expected) {
          const schema = resolve(responses[status]?.content?.['application/json']?.schema);
          if (!schema) missing.push(`${method} ${route.url} ${status}`);
          else if (
            !schema.required?.includes('code') ||
            !schema.required.includes('message') ||
            (status === '400') !== !!schema.required.includes('errors')
          )
            missing.push(`${method} ${route.url} ${status}: not the SPEC §8 shape`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares 409 where a service answers a conflict', () => {
    for (const [method, url] of [
      ['PATCH', '/adm/users/:hash'],
      ['PATCH', '/adm/companies/:hash'],
      ['PATCH', '/adm/workgroups/:hash'],
      ['PATCH', '/usr/workgroups/:hash'],
      ['PATCH', '/usr/workgroups/:hash/users/:member'],
      ['PATCH', '/api/workgroups/:id/comments/:hash'],
      ['POST', '/api/workgroups/:id/comments/:hash/report'],
      ['POST', '/adm/payments/sepa'],
    ] as const) {
      expect(Object.keys(operation(method, url).responses), `${method} ${url}`).toContain('409');
    }
  });
});

describe('binary answers', () => {
  const as = (who: string) => ({ token: sessions[who]!.token, deviceId: sessions[who]!.deviceId });

  async function pendingDebitOfRegular() {
    const s = as('regular');
    expect(
      (
        await t.api('PATCH', '/usr/users', {
          ...s,
          body: { payment: { bank: 'Caixa', name: 'Regular Demo', iban: 'ES91 2100 0418 4502 0005 1332' } },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.api('POST', '/usr/users/mandate', { ...s, body: {} })).statusCode).toBe(200);
    expect((await t.api('POST', '/usr/subscription/iban/create', { ...s, body: {} })).statusCode).toBe(200);
  }

  it('declares the real media type of each and serves that type', async () => {
    const bold = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    const receipt = await t.app.db
      .selectFrom('payments')
      .select('hash')
      .where('user_hash', '=', bold.hash)
      .where('status', '=', 'PAID')
      .executeTakeFirstOrThrow();
    const article = await t.app.db.selectFrom('articles').select('hash').executeTakeFirstOrThrow();
    const job = await t.app.db
      .selectFrom('jobs')
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      .select('jobs.hash')
      .where('companies.email', '=', 'company@demo.test')
      .executeTakeFirstOrThrow();
    await pendingDebitOfRegular();
    const in5 = new Date(Date.now() + 5 * 86_400_000);
    const collection = `${String(in5.getUTCDate()).padStart(2, '0')}/${String(in5.getUTCMonth() + 1).padStart(2, '0')}/${in5.getUTCFullYear()}`;
    const sepa = await t.api('POST', '/adm/payments/sepa', { ...as('admin'), body: { collection_date: collection } });
    expect(sepa.statusCode, sepa.body).toBe(200);
    const cases: Array<[string, string, string, string, unknown?]> = [
      ['GET', '/usr/users/me/export', '/usr/users/me/export', 'bold'],
      ['GET', '/usr/member-card/pdf', '/usr/member-card/pdf', 'bold'],
      ['GET', '/usr/payments/:id/receipt', `/usr/payments/${receipt.hash}/receipt`, 'bold'],
      ['GET', '/adm/payments/export', '/adm/payments/export', 'admin'],
      ['GET', '/adm/articles/:hash/attendees/export', `/adm/articles/${article.hash}/attendees/export`, 'admin'],
      ['GET', '/com/jobs/:hash/users/export', `/com/jobs/${job.hash}/users/export`, 'company'],
      ['GET', '/adm/payments/sepa/:batch', `/adm/payments/sepa/${String(sepa.headers['x-sepa-batch'])}`, 'admin'],
    ];
    const mediaOf = (method: string, url: string) =>
      Object.keys((operation(method, url).responses['200'] as OpenAPIV3.ResponseObject).content ?? {});
    expect(mediaOf('POST', '/adm/payments/sepa')).toEqual(['application/xml']);
    expect(String(sepa.headers['content-type']).split(';')[0]).toBe('application/xml');
    expect(mediaOf('GET', '/usr/member-card/pkpass')).toEqual(['application/vnd.apple.pkpass']);
    for (const [method, pattern, url, who] of cases) {
      const declared = mediaOf(method, pattern);
      const res = await t.api(method as 'GET', url, as(who));
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(declared, pattern).toEqual([String(res.headers['content-type']).split(';')[0]!.trim()]);
      expect(declared[0], pattern).not.toBe('application/json');
    }
  });
});

describe('400 answers name the offending field (found by the fuzzer)', () => {
  it('names the body for an unknown property called ""', async () => {
    const s = sessions['regular']!;
    const res = await t.api('PATCH', '/usr/users', {
      token: s.token,
      deviceId: s.deviceId,
      body: JSON.stringify({ '': 1 }),
      json: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['body']);
  });

  it('names the post when a member reports their own', async () => {
    const bold = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    const own = await t.app.db
      .selectFrom('comments')
      .innerJoin('workgroup_members', (join) =>
        join
          .onRef('workgroup_members.workgroup_hash', '=', 'comments.workgroup_hash')
          .onRef('workgroup_members.user_hash', '=', 'comments.user_hash'),
      )
      .select(['comments.hash', 'comments.workgroup_hash'])
      .where('comments.user_hash', '=', bold.hash)
      .where('workgroup_members.status', '=', 'ACCEPTED')
      .where('comments.deleted', '=', 0)
      .executeTakeFirstOrThrow();
    const s = sessions['bold']!;
    const res = await t.api('POST', `/api/workgroups/${own.workgroup_hash}/comments/${own.hash}/report`, {
      token: s.token,
      deviceId: s.deviceId,
      body: { reason: 'mine' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'workgroups.ownPostReport', errors: [{ field: 'hash' }] });
  });
});
