/**
 * Response serializers for Fastify, compiled with fast-json-stringify as Fastify itself does, with two differences
 * that take the app's start from ~10 s to well under one on this machine (a profile of `buildApp` showed 60 % of it
 * in fast-json-stringify):
 * - each response schema is compiled with only the shared schemas it refers to (transitively), not with all ~200 of
 *   `schemas/`; Fastify's default hands every shared schema to every route, which re-checks and re-indexes the whole
 *   set once per route;
 * - a schema met again (the same `$ref` answered by many routes) reuses the serializer compiled the first time, also
 *   in another app built on the same shared schemas and options in this process (the test workers build one per file;
 *   a serializer is a function of its schemas and options alone, so it carries nothing from one app to another).
 * The output is fast-json-stringify's, byte for byte: same options, same schemas.
 */
import { createHash } from 'node:crypto';
import fastJsonStringify, { type Options } from 'fast-json-stringify';

type Schema = Record<string, unknown>;
type Serializer = (data: unknown) => string;

/** The shared schemas (by `$id`) that `schema` names in a `$ref`, and those they name, and so on. */
export function referencedSchemas(schema: unknown, shared: Record<string, Schema>): Record<string, Schema> {
  const found: Record<string, Schema> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const id = value.split('#')[0] ?? '';
        const target = shared[id];
        if (id && target && !found[id]) {
          found[id] = target;
          visit(target);
        }
      } else visit(value);
    }
  };
  visit(schema);
  return found;
}

/** The serializers compiled so far, by shared schema set and options, then by response schema. */
const COMPILED = new Map<string, Map<string, Serializer>>();

/** Fastify's `schemaController.compilersFactory.buildSerializer`. */
export function buildSerializerFactory(externalSchemas: unknown, serializerOpts?: Options) {
  const shared = (externalSchemas ?? {}) as Record<string, Schema>;
  const set = createHash('sha256')
    .update(JSON.stringify([shared, serializerOpts ?? null]))
    .digest('hex');
  const compiled = COMPILED.get(set) ?? new Map<string, Serializer>();
  COMPILED.set(set, compiled);
  return ({ schema }: { schema: Schema }): Serializer => {
    const key = JSON.stringify(schema);
    let serializer = compiled.get(key);
    if (!serializer) {
      const schemas = referencedSchemas(schema, shared);
      // a root that is itself a shared schema must not be given twice (fast-json-stringify refuses a duplicate $id)
      if (typeof schema.$id === 'string') delete schemas[schema.$id];
      serializer = fastJsonStringify(schema as never, { ...serializerOpts, schema: schemas as never }) as Serializer;
      compiled.set(key, serializer);
    }
    return serializer;
  };
}
