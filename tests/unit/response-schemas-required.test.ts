/**
 * Response schemas say which properties the server always sends (issue 24 §4): every object in a schema the
 * routes answer with declares `required`, so the generated types (src/shared/schema-types.ts) have non-optional
 * properties and the web can use them as they are. fast-json-stringify throws on a missing required property, so
 * `required` names only what the presenters always set (null counts as set when the schema allows it).
 *
 * Which schemas are answers is read from the server's code: a schema named in a response position
 * (`200: { $ref: 'x#' }`, `listSchema('x')`, `items: { $ref: 'x#' }`, a `const` of one used as the answer,
 * `getSchema('user.me')`), and every schema those reference. Request schemas (`body`, `querystring`, `params`,
 * `allOf` of a create body) are left alone: `required` there changes what a request may leave out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SCHEMAS_DIR = join(ROOT, 'schemas');

type Node = Record<string, unknown>;

const schemas = new Map<string, Node>(
  readdirSync(SCHEMAS_DIR)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
    .map((file) => JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')) as Node)
    .map((schema) => [String(schema['$id']), schema]),
);

/**
 * Objects that genuinely cannot list what they always hold, by `<schema id>#<json pointer>`:
 * - a schema that is both a request body and an answer: `required` would make the body's fields mandatory;
 * - maps keyed by language or network that hold only what was written or saved.
 * (The `extra` bags have no properties in schemas/: loadSchemas fills them per audience, lib/audience.ts.)
 */
const ALLOW_WITHOUT_REQUIRED = new Set<string>([
  'site.settings#', // also the body of PUT /adm/settings
  'site.settings#/properties/social', // (the same body: an administrator may save some networks only)
  'user.jobAlerts#', // also the body of PATCH /usr/jobAlerts, which changes any part of it
  'init#/properties/settings/properties/social', // what was saved: some networks only, when so saved
  'admin.article#/properties/texts', // only the languages the article was written in
  'admin.page#/properties/texts', // (the same for a page)
]);

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}

/** The ids the server names, split into those it validates requests with and those it answers with. */
export function classify(sources: string[]): { request: Set<string>; response: Set<string> } {
  const request = new Set<string>();
  const response = new Set<string>();
  const requestBefore =
    /(?:body|querystring|params|headers|payment|allOf)\s*:\s*\[?\s*\{\s*\$ref:\s*$|const params\s*=\s*\{\s*\$ref:\s*$/;
  for (const source of sources) {
    for (const match of source.matchAll(/\$ref:\s*'([^'#]+)#'/g)) {
      const before = source.slice(Math.max(0, match.index - 80), match.index + match[0].indexOf("'"));
      (requestBefore.test(before) ? request : response).add(match[1]!);
    }
    for (const match of source.matchAll(/listSchema\('([^']+)'\)/g)) response.add(match[1]!);
  }
  // the member's own answer (users/profileFields.ts profileModel): user.me's properties plus user.profile's
  response.add('user.me');
  return { request, response };
}

/** Every schema id a schema references (`"$ref": "tag#"`), at any depth. */
function referenced(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => referenced(item, into));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && /^[^#]+#$/.test(value)) into.add(value.slice(0, -1));
      else referenced(value, into);
    }
  }
  return into;
}

function responseSchemaIds(): string[] {
  const { response } = classify(serverSources(join(ROOT, 'src/server')));
  const all = new Set<string>();
  const queue = [...response];
  while (queue.length) {
    const id = queue.pop()!;
    if (all.has(id) || !schemas.has(id)) continue;
    all.add(id);
    queue.push(...referenced(schemas.get(id), new Set()));
  }
  return [...all].sort();
}

/** The pointers of objects with `properties` and no `required` in one schema. */
export function objectsWithoutRequired(node: unknown, pointer = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => objectsWithoutRequired(item, `${pointer}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const object = node as Node;
  const here =
    object['properties'] && Object.keys(object['properties'] as object).length > 0 && !Array.isArray(object['required'])
      ? [pointer]
      : [];
  return [
    ...here,
    ...Object.entries(object).flatMap(([key, value]) =>
      key === 'properties'
        ? Object.entries(value as Node).flatMap(([name, sub]) =>
            objectsWithoutRequired(sub, `${pointer}/properties/${name}`),
          )
        : typeof value === 'object'
          ? objectsWithoutRequired(value, `${pointer}/${key}`)
          : [],
    ),
  ];
}

describe('response schemas', () => {
  const ids = responseSchemaIds();

  it('are found in the routes (the answers of the main entities among them)', () => {
    for (const id of ['job', 'company.job', 'user.public', 'portfolio', 'workgroup', 'comment', 'user.me', 'author'])
      expect(ids, id).toContain(id);
    expect(ids).not.toContain('company.job.write');
    expect(ids).not.toContain('jobs.filter');
  });

  it('tells a body from an answer in the route code', () => {
    const { request, response } = classify([
      "schema: { body: { $ref: 'a.write#' }, querystring: { $ref: 'a.filter#' }, response: { 200: { $ref: 'a#' } } }",
      "const params = { $ref: 'params.id#' }; const one = { $ref: 'b#' }; response: { 200: listSchema('c') }",
    ]);
    expect([...request].sort()).toEqual(['a.filter', 'a.write', 'params.id']);
    expect([...response].sort()).toEqual(['a', 'b', 'c', 'user.me']);
  });

  it('finds an object with properties and no required', () => {
    expect(
      objectsWithoutRequired({
        type: 'object',
        required: ['a'],
        properties: { a: { type: 'object', properties: { b: { type: 'string' } } } },
      }),
    ).toEqual(['/properties/a']);
  });

  it('declare `required` on every object with properties', () => {
    expect(ids.length).toBeGreaterThan(30);
    const missing = ids.flatMap((id) =>
      objectsWithoutRequired(schemas.get(id))
        .map((pointer) => `${id}#${pointer}`)
        .filter((where) => !ALLOW_WITHOUT_REQUIRED.has(where)),
    );
    expect(missing).toEqual([]);
  });
});
