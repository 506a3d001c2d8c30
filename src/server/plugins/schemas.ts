/**
 * Registers every schemas/*.json (the one source of truth, DESIGN §2) with Fastify, and the ajv
 * options and custom formats that the browser's rjsf validator shares.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AjvClass, { type default as Ajv } from 'ajv';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { ajvCustomOptions, registerFormats } from '../../shared/ajv';
import { strictDigits } from '../lib/digits';
import { mapSchema, withTextRules } from '../../shared/textRules';
import { withAudienceFields } from '../lib/audience';

export const SCHEMAS_DIR = resolve(import.meta.dirname, '../../../schemas');

/**
 * `dir`: another schema folder (a test proves that a field added to a copy of one schema needs no code change).
 * Objects marked `x-audience-of` get the shared fields of the schema they name (lib/audience.ts).
 */
export function loadSchemas(dir: string = SCHEMAS_DIR): Array<Record<string, unknown> & { $id: string }> {
  return withAudienceFields(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown> & { $id: string }),
  );
}

export { ajvCustomOptions, registerFormats } from '../../shared/ajv';

/**
 * ajv coerces a query string's "Infinity" or "1e309" to a number and then skips every numeric keyword
 * (they only apply to finite numbers), so `page=Infinity` passed `maximum` and reached SQL. The server
 * marks every number and integer in its schemas with `finite`, checked after coercion. The browser's
 * copies are untouched (JSON form data cannot hold a non-finite number).
 */
export function registerFiniteKeyword<T extends Ajv>(ajv: T): T {
  ajv.addKeyword({
    keyword: 'finite',
    schemaType: 'boolean',
    errors: true,
    validate: function finite(enabled: boolean, data: unknown) {
      if (!enabled || typeof data !== 'number' || Number.isFinite(data)) return true;
      (finite as unknown as { errors: unknown[] }).errors = [
        { keyword: 'finite', message: 'must be a finite number', params: {} },
      ];
      return false;
    },
  });
  return ajv;
}

/** A copy of `schema` with `finite: true` on every number and integer. */
export function withFiniteNumbers<S>(schema: S): S {
  return mapSchema(schema, (node) => {
    const types = ([] as unknown[]).concat(node['type'] ?? []);
    return types.includes('number') || types.includes('integer') ? { ...node, finite: true } : node;
  });
}

/**
 * The request validators: query strings, params and headers carry only text, so they are coerced
 * (`page=2` → 2); bodies are JSON and are not (`"email": ["x"]`, `"password": 42`, `"is_privacy": "true"`
 * answer 400 rather than being bent into shape). Same schemas, formats and `finite` keyword on both, and every
 * string one line unless marked long (src/shared/textRules.ts: withTextRules; the browser's forms get the same).
 * ajv's coercion reads a text as JavaScript's Number() does (`0x10`, `1e1`, `+1`, ` 1`, `1.0` all pass), so a
 * query string's or a path's numbers are first checked to be plain digits (lib/digits.ts: strictDigits).
 */
export function requestValidators(dir: string = SCHEMAS_DIR): FastifySchemaCompiler<unknown> {
  const key = createHash('sha256')
    .update(JSON.stringify(loadSchemas(dir)))
    .digest('hex');
  let compiler = COMPILERS.get(key);
  if (!compiler) COMPILERS.set(key, (compiler = compileRequestValidators(dir)));
  return compiler;
}

/**
 * The request validators of each schema set, kept for the process and keyed by the schemas' content: an app built
 * again on the same schemas (the test workers build one per file, ~370 a run) reuses what ajv compiled instead of
 * compiling every route's schemas again (~40 % of building an app). A validator is a function of its schema and the
 * schema set alone, so sharing one cannot carry one app's state into another; a changed schema file is another key.
 */
const COMPILERS = new Map<string, FastifySchemaCompiler<unknown>>();

function compileRequestValidators(dir: string): FastifySchemaCompiler<unknown> {
  const make = (coerceTypes: false | 'array') => {
    const ajv = registerFiniteKeyword(registerFormats(new AjvClass({ ...ajvCustomOptions, coerceTypes })));
    for (const schema of loadSchemas(dir)) ajv.addSchema(withTextRules(withFiniteNumbers(schema)));
    return ajv;
  };
  const body = make(false);
  const text = make('array');
  const lookup = (id: string) => text.getSchema(id)?.schema;
  const compiled = new Map<string, ReturnType<FastifySchemaCompiler<unknown>>>();
  return ({ schema, httpPart }) => {
    const key = `${httpPart}\n${JSON.stringify(schema)}`;
    const known = compiled.get(key);
    if (known) return known;
    let validate: ReturnType<FastifySchemaCompiler<unknown>>;
    if (httpPart === 'body') validate = body.compile(withTextRules(schema as object));
    else {
      const plain = text.compile(withTextRules(schema as object));
      validate = httpPart === 'querystring' || httpPart === 'params' ? strictDigits(schema, plain, lookup) : plain;
    }
    compiled.set(key, validate);
    return validate;
  };
}

export function registerSchemas(app: FastifyInstance, dir: string = SCHEMAS_DIR): void {
  for (const schema of loadSchemas(dir)) app.addSchema(withFiniteNumbers(schema));
  app.setValidatorCompiler(requestValidators(dir));
  // inline request schemas of routes get the same treatment
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const schema = { ...route.schema };
    for (const part of ['querystring', 'params', 'body', 'headers'] as const)
      if (schema[part]) schema[part] = withFiniteNumbers(schema[part]);
    route.schema = schema;
  });
}
