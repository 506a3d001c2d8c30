/**
 * The fuzzer (issue 23 §9), driven by the served description (/docs/json): every operation, as every role
 * (anonymous, Regular, Bold, company, administrator), with valid and mutated bodies, queries and path ids
 * (real ids of the demo data for most). Each answer must be: not a 5xx; a status the description declares for
 * the operation; a body matching the declared schema of that status (ajv over the document) or, for a file, the
 * declared media type; a 400 naming a field the description's own schema refuses; and a refused write must leave
 * every table's row count as it was. A body the description refuses must not be accepted.
 *
 * `npm test` runs FUZZ_RUNS (default 5) cases per operation; `npm run test:fuzz` runs 1,000 per write and 200 per
 * read (FUZZ_RUNS, FUZZ_READ_RUNS) and prints the totals. docs/testing.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { validationErrors } from '../../src/server/plugins/errors';
import { startTestApp, type TestApp } from '../helpers/app';
import { mutated, pathId, query, valid, type Mutation } from '../helpers/fuzz/arbitraries';
import { documentAjv, operationsOf, realIds, rowCounter, type Operation } from '../helpers/fuzz/openapi';

const WRITE_RUNS = Number(process.env['FUZZ_RUNS'] ?? 5);
const READ_RUNS = Number(process.env['FUZZ_READ_RUNS'] ?? WRITE_RUNS);
const SEED = Number(process.env['FUZZ_SEED'] ?? 23);
const ACCOUNTS = [
  ['regular@demo.test', 'usr'],
  ['bold@demo.test', 'usr'],
  ['company@demo.test', 'com'],
  ['admin@demo.test', 'adm'],
] as const;

interface Actor {
  name: string;
  account?: (typeof ACCOUNTS)[number];
  token?: string;
  deviceId?: string;
}

let t: TestApp;
let doc: OpenAPIV3.Document;
const actors: Actor[] = [{ name: 'anonymous' }];

beforeAll(async () => {
  t = await startTestApp();
  for (const account of ACCOUNTS) {
    const session = await t.login(account[0], account[1]);
    actors.push({ name: account[0], account, token: session.token, deviceId: session.deviceId });
  }
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(async () => t?.close());

interface Totals {
  operations: number;
  requests: number;
  statuses: Record<string, number>;
  failures: string[];
}

const isWrite = (op: Operation) => op.method !== 'GET';
/** A server-sent events stream never ends, so app.inject would wait for ever: tests/api/messages-events.test.ts reads it. */
const isStream = (op: Operation) => 'text/event-stream' in (op.responses['200']?.content ?? {});

/** Fields as SPEC §8 names them, for what ajv says is wrong with `body`. */
function refusedFields(errors: Parameters<typeof validationErrors>[0]): string[] {
  return validationErrors(errors, 'en').map((e) => e.field);
}

async function fuzz(ops: Operation[], totals: Totals) {
  const { resolve, validator } = documentAjv(doc);
  const excluded = new Set<string>();
  for (const [email] of ACCOUNTS) {
    for (const table of ['users', 'companies', 'admins'] as const) {
      const row = await t.app.db.selectFrom(table).select('hash').where('email', '=', email).executeTakeFirst();
      if (row) excluded.add(row.hash); // the fuzzing accounts stay able to sign in
    }
  }
  const idsFor = await realIds(t, excluded);
  const counts = await rowCounter(t);
  const fail = (message: string) => totals.failures.push(message);

  for (const op of ops) {
    totals.operations += 1;
    const runs = isWrite(op) ? WRITE_RUNS : READ_RUNS;
    const ids = Object.fromEntries(
      op.pathParams.map((p) => [
        p.name,
        pathId(Array.isArray(p.schema.enum) ? p.schema.enum.map(String) : idsFor(op.path, p.name)),
      ]),
    );
    const pathArb = op.pathParams.length ? fc.record(ids) : fc.constant({} as Record<string, string>);
    const bodyArb: fc.Arbitrary<Mutation | undefined> = op.body
      ? fc.oneof(
          valid(op.body.schema, resolve).map((body) => ({ body })),
          mutated(op.body.schema, resolve),
        )
      : fc.oneof(
          { weight: 9, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constant({ body: { unexpected: true } }) },
        );
    const cases = fc.sample(fc.tuple(pathArb, query(op.queryParams, resolve), bodyArb), {
      numRuns: runs,
      seed: SEED + totals.operations,
    });
    const bodyValidator = op.body?.mediaType === 'application/json' ? validator(op.body.schema) : null;

    for (const [i, [pathValues, search, mutation]] of cases.entries()) {
      const actor = actors[i % actors.length]!;
      const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? 'x') + search;
      const before = isWrite(op) ? await counts() : null;
      const res = await t.api(op.method as 'GET', url, {
        token: actor.token,
        deviceId: actor.deviceId,
        ...(mutation ? { body: JSON.stringify(mutation.body) ?? 'null', json: true } : {}),
      });
      totals.requests += 1;
      totals.statuses[res.statusCode] = (totals.statuses[res.statusCode] ?? 0) + 1;
      const where = `${op.method} ${url.slice(0, 160)} as ${actor.name}${mutation ? ` body ${JSON.stringify(mutation.body)?.slice(0, 120)}` : ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;

      if (res.statusCode >= 500) fail(`5xx: ${where}`);
      const declared = op.responses[String(res.statusCode)];
      if (!declared) fail(`undeclared status: ${where}`);
      const mediaTypes = Object.keys(declared?.content ?? {});
      const contentType = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      if (declared && mediaTypes.length && !mediaTypes.includes(contentType))
        fail(`content type ${contentType}, declared ${mediaTypes.join(', ')}: ${where}`);
      const schema = declared?.content?.['application/json']?.schema;
      let json: any;
      if (schema && contentType === 'application/json') {
        json = res.json();
        const validate = validator(schema as never);
        if (!validate(json))
          fail(
            `body does not match the ${res.statusCode} schema (${JSON.stringify(validate.errors?.slice(0, 2))}): ${where}`,
          );
      }
      if (
        res.statusCode === 400 &&
        json?.code === 'validation.failed' &&
        mutation &&
        bodyValidator &&
        !bodyValidator(structuredClone(mutation.body))
      ) {
        const named = (json.errors as Array<{ field: string }>).map((e) => e.field);
        const expected = refusedFields(bodyValidator.errors ?? []);
        const pathOrQuery = named.some(
          (field) =>
            op.pathParams.some((p) => p.name === field) ||
            op.queryParams.some((p) => p.name === field) ||
            field === 'url' ||
            field === 'querystring' ||
            field === 'params',
        );
        if (
          !pathOrQuery &&
          !named.some((field) =>
            expected.some((e) => e === field || e.startsWith(`${field}.`) || field.startsWith(`${e}.`) || e === 'body'),
          )
        ) {
          fail(`400 names ${named.join(', ')}, the description refuses ${expected.join(', ')}: ${where}`);
        }
      }
      if (res.statusCode < 300 && mutation && bodyValidator && !bodyValidator(structuredClone(mutation.body))) {
        fail(
          `accepted a body its description refuses (${refusedFields(bodyValidator.errors ?? []).join(', ')}): ${where}`,
        );
      }
      if (before && res.statusCode >= 400) {
        const after = await counts();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length) fail(`a refused write changed ${changed.join(', ')}: ${where}`);
      }
      // a write may have ended the actor's session (sign-out, a new password): sign in again
      if (actor.account && res.statusCode === 401) {
        const session = await t.login(actor.account[0], actor.account[1]).catch(() => null);
        if (session) Object.assign(actor, { token: session.token, deviceId: session.deviceId });
      }
    }
  }
}

function report(label: string, totals: Totals) {
  const statuses = Object.entries(totals.statuses)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
  console.log(
    `[fuzz ${label}] operations ${totals.operations}, requests ${totals.requests}, statuses { ${statuses} }, failures ${totals.failures.length}`,
  );
  for (const failure of totals.failures.slice(0, 60)) console.log(`  ${failure}`);
}

describe('the API under the fuzzer, driven by its description', () => {
  it('answers reads with declared statuses and bodies, never a 5xx', async () => {
    const ops = operationsOf(doc).filter((op) => !isWrite(op) && !isStream(op));
    expect(ops.length).toBeGreaterThan(60);
    const totals: Totals = { operations: 0, requests: 0, statuses: {}, failures: [] };
    await fuzz(ops, totals);
    report('reads', totals);
    expect(totals.requests).toBe(ops.length * READ_RUNS);
    expect(totals.failures).toEqual([]);
  }, 3_600_000);

  it('answers writes with declared statuses and bodies, never a 5xx, and writes nothing when it refuses', async () => {
    const ops = operationsOf(doc).filter(isWrite);
    expect(ops.length).toBeGreaterThan(60);
    const totals: Totals = { operations: 0, requests: 0, statuses: {}, failures: [] };
    await fuzz(ops, totals);
    report('writes', totals);
    expect(totals.requests).toBe(ops.length * WRITE_RUNS);
    expect(totals.failures).toEqual([]);
  }, 3_600_000);
});

describe('what the fuzzer found', () => {
  it('refuses a control character in a path id with a 400 naming it (PostgreSQL answered 500 to a NUL byte)', async () => {
    const regular = actors.find((actor) => actor.name === 'regular@demo.test')!;
    const cases = [
      ['PATCH', '/usr/portfolios/%00', { content: 'x' }, 'id'],
      ['GET', '/api/jobs/a%00b', undefined, 'id'],
      ['DELETE', '/usr/workExperiences/%1F', undefined, 'id'],
    ] as const;
    expect(cases.length).toBe(3);
    for (const [method, url, body, field] of cases) {
      const res = await t.api(method, url, {
        token: regular.token,
        deviceId: regular.deviceId,
        ...(body ? { body } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual([{ field, message: 'This address is not valid.' }]);
    }
  });
});

describe('what the fuzzer found on PostgreSQL', () => {
  it('refuses a NUL character anywhere in a JSON body with a 400 naming the field (PostgreSQL answered 500)', async () => {
    const admin = actors.find((actor) => actor.name === 'admin@demo.test')!;
    const tag = await t.app.db.selectFrom('tags').select('hash').executeTakeFirstOrThrow();
    const cases = [
      ['POST', `/adm/tags/${tag.hash}/merge`, { into: '\u0000' }, 'into'],
      [
        'PATCH',
        `/adm/tags/${tag.hash}`,
        { texts: { es: { title: 'a\u0000b' }, en: { title: 'x' }, ca: { title: 'x' } } },
        'texts.es.title',
      ],
    ] as const;
    expect(cases.length).toBe(2);
    for (const [method, url, body, field] of cases) {
      const res = await t.api(method, url, { token: admin.token, deviceId: admin.deviceId, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(400);
      // a one-line text's own rule (x-text) answers first; the body-wide NUL check stays behind it for any other string
      expect(res.json().errors).toEqual([
        { field, message: expect.stringMatching(/must be a single line|character that is not allowed/) },
      ]);
    }
  });
});
