/**
 * The fuzzer's view of the served description (/docs/json): its operations, ajv validators for their request
 * and response schemas, real ids from the demo data for their path parameters, and row counts of every table.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import { sql } from 'kysely';
import type { OpenAPIV3 } from 'openapi-types';
import { registerFormats } from '../../../src/shared/ajv';
import type { TestApp } from '../app';
import type { Schema } from './arbitraries';

export interface Operation {
  method: string;
  path: string;
  pathParams: Array<{ name: string; schema: Schema }>;
  queryParams: Array<{ name: string; schema: Schema; required?: boolean }>;
  body?: { mediaType: string; schema: Schema };
  responses: Record<string, OpenAPIV3.ResponseObject>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function operationsOf(doc: OpenAPIV3.Document): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = (item as Record<string, OpenAPIV3.OperationObject | undefined>)[method];
      if (!op) continue;
      const parameters = (op.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const content = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content ?? {};
      const mediaType = Object.keys(content)[0];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: (p.schema ?? {}) as Schema })),
        queryParams: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: (p.schema ?? {}) as Schema, required: p.required })),
        ...(mediaType ? { body: { mediaType, schema: (content[mediaType]!.schema ?? {}) as Schema } } : {}),
        responses: op.responses as Record<string, OpenAPIV3.ResponseObject>,
      });
    }
  }
  return out;
}

/** ajv over the document: local `#/components/schemas/x` references resolve against the document itself. */
export function documentAjv(doc: OpenAPIV3.Document) {
  const ajv = registerFormats(new Ajv({ strict: false, allErrors: true }));
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'openapi', components: doc.components } as never);
  const cache = new Map<string, ValidateFunction>();
  const toDocument = (schema: Schema) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as Schema;
  const resolve = (schema: Schema): Schema => {
    const ref = schema?.['$ref'] as string | undefined;
    if (!ref) return schema;
    // a local JSON pointer, possibly into a component (`#/components/schemas/user.profile/properties/name`)
    const target = ref
      .slice(2)
      .split('/')
      .reduce<any>((node, part) => node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
    if (!target) throw new Error(`unresolved reference ${ref}`);
    return resolve(target as Schema);
  };
  return {
    resolve,
    validator(schema: Schema): ValidateFunction {
      const key = JSON.stringify(schema);
      let validate = cache.get(key);
      if (!validate) {
        validate = ajv.compile(toDocument(schema));
        cache.set(key, validate);
      }
      return validate;
    },
  };
}

/** Which table holds the ids of a path segment (`/adm/tags/{hash}` → tags). */
const TABLE_OF_SEGMENT: Record<string, string> = {
  jobs: 'jobs',
  users: 'users',
  articles: 'articles',
  portfolios: 'portfolios',
  workExperiences: 'work_experiences',
  workgroups: 'workgroups',
  comments: 'comments',
  categories: 'categories',
  tags: 'tags',
  companies: 'companies',
  card: 'cards',
  payments: 'payments',
  subscription: 'cards',
  admins: 'admins',
  images: 'portfolio_images',
  files: 'files',
  sepa: 'payments',
};

/** Real ids for each path parameter of `op`: the table its segment names, else every id of the demo data. */
export async function realIds(t: TestApp, excluded: Set<string>): Promise<(path: string, param: string) => string[]> {
  const byTable = new Map<string, string[]>();
  const tables = await t.app.db.introspection.getTables();
  for (const table of tables) {
    const columns = table.columns.map((c) => c.name);
    const column = columns.includes('hash') ? 'hash' : null;
    if (!column) continue;
    const rows = await t.app.db
      .selectFrom(table.name as never)
      .select(column as never)
      .limit(40)
      .execute();
    const ids = rows.map((row) => String((row as Record<string, unknown>)[column])).filter((id) => !excluded.has(id));
    if (columns.includes('slug')) {
      const slugs = await t.app.db
        .selectFrom(table.name as never)
        .select('slug' as never)
        .limit(10)
        .execute();
      ids.push(
        ...slugs.map((row) => String((row as Record<string, unknown>)['slug'])).filter((s) => s && s !== 'null'),
      );
    }
    if (columns.includes('sepa_batch')) {
      const batches = await t.app.db
        .selectFrom(table.name as never)
        .select('sepa_batch' as never)
        .where('sepa_batch' as never, 'is not', null)
        .limit(5)
        .execute();
      ids.push(...batches.map((row) => String((row as Record<string, unknown>)['sepa_batch'])));
    }
    byTable.set(table.name, ids);
  }
  const all = [...byTable.values()].flat();
  return (path, param) => {
    const segments = path.split('/');
    const index = segments.indexOf(`{${param}}`);
    const table = TABLE_OF_SEGMENT[segments[index - 1] ?? ''];
    // a nested id (`/workgroups/{id}/comments/{hash}`) belongs to the segment before it
    return table && byTable.get(table)?.length ? byTable.get(table)! : all;
  };
}

/** Tables a request may write to without writing anything of the caller's: rate-limit counters, sign-in failures, sessions, buffered views. */
const NOT_DATA = new Set(['rate_counters', 'login_failures', 'sessions', 'job_views']);

/** Row counts of every data table, in one statement (SQLite and PostgreSQL). */
export async function rowCounter(t: TestApp): Promise<() => Promise<Record<string, number>>> {
  const tables = (await t.app.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !NOT_DATA.has(name) && !name.startsWith('kysely_'));
  const statement = sql.raw(
    `select ${tables.map((name, i) => `(select count(*) from "${name}") as c${i}`).join(', ')}`,
  );
  return async () => {
    const row = (await statement.execute(t.app.db)).rows[0] as Record<string, unknown>;
    return Object.fromEntries(tables.map((name, i) => [name, Number(row[`c${i}`])]));
  };
}
