/**
 * The request validators and response serializers are kept for the process, keyed by the schemas' content (a test
 * worker builds ~120 apps). What that must never do: hand an app built on changed schemas the validators of the old
 * ones, or let one app's compile reach another app's answers.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifySchemaCompiler } from 'fastify';
import { requestValidators, SCHEMAS_DIR } from '../../src/server/plugins/schemas';
import { buildSerializerFactory } from '../../src/server/plugins/serializers';

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of schemas/ whose sign-in schema also requires `otp`. */
function changedCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  copies.push(dir);
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  const login = JSON.parse(readFileSync(join(dir, 'login.json'), 'utf8'));
  login.required = [...login.required, 'otp'];
  login.properties.otp = { type: 'string', pattern: '^[0-9]{6}$' };
  writeFileSync(join(dir, 'login.json'), JSON.stringify(login));
  return dir;
}

const bodyOf = (compiler: FastifySchemaCompiler<unknown>) =>
  compiler({ schema: { $ref: 'login#' }, httpPart: 'body', method: 'POST', url: '/usr/login' }) as (
    value: unknown,
  ) => boolean;

const signIn = { email: 'ana@example.org', password: 'secret-password' };

describe('request validators kept for the process', () => {
  it('are reused for the same schemas, and compiled anew for changed ones', () => {
    const first = requestValidators();
    expect(requestValidators()).toBe(first);
    expect(bodyOf(first)).toBe(bodyOf(requestValidators()));
    expect(bodyOf(first)(signIn)).toBe(true);

    const changed = requestValidators(changedCopy());
    expect(changed).not.toBe(first);
    expect(bodyOf(changed)(signIn)).toBe(false); // the copy requires `otp`
    expect(bodyOf(changed)({ ...signIn, otp: '123456' })).toBe(true);
    expect(bodyOf(first)(signIn)).toBe(true); // and the original is untouched
  });

  it('tell a body (no coercion) from a query string (coerced) for the same schema', () => {
    const compiler = requestValidators();
    const schema = { type: 'object', properties: { page: { type: 'integer' } } };
    const body = compiler({ schema, httpPart: 'body', method: 'POST', url: '/x' }) as (value: unknown) => boolean;
    const query = compiler({ schema, httpPart: 'querystring', method: 'GET', url: '/x' }) as (
      value: unknown,
    ) => boolean;
    expect(body({ page: '2' })).toBe(false);
    expect(query({ page: '2' })).toBe(true);
  });
});

describe('response serializers kept for the process', () => {
  it('are reused for the same shared schemas, and compiled anew when a shared schema differs', () => {
    const shared = { item: { $id: 'item', type: 'object', properties: { name: { type: 'string' } } } };
    const schema = { $ref: 'item#' };
    const one = buildSerializerFactory(shared)({ schema });
    expect(buildSerializerFactory(structuredClone(shared))({ schema })).toBe(one);
    expect(one({ name: 'Ana', secret: 'x' })).toBe('{"name":"Ana"}');

    const wider = {
      item: { $id: 'item', type: 'object', properties: { name: { type: 'string' }, city: { type: 'string' } } },
    };
    const other = buildSerializerFactory(wider)({ schema });
    expect(other).not.toBe(one);
    expect(other({ name: 'Ana', city: 'Vic' })).toBe('{"name":"Ana","city":"Vic"}');
    expect(one({ name: 'Ana', city: 'Vic' })).toBe('{"name":"Ana"}');
  });
});
