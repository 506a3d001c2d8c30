/**
 * Who sees a field of a schema a maintainer extends (issue 24 §3, docs/schemas.md): `"x-audience"` on the property —
 * `public` (anyone), `members` (signed-in members) or `private` (the owner alone, the default). A response schema
 * declares where those fields go with an object marked `"x-audience-of": "<schema id>"`; when the schemas load,
 * withAudienceFields() fills it with that schema's public and members properties, so the response serializer (the
 * output whitelist) and the generated types carry a new field with no code edit, and presenters pick the values a
 * viewer may see with audienceValues().
 */
import type { Actor } from '../types';

export const AUDIENCES = ['public', 'members', 'private'] as const;
export type Audience = (typeof AUDIENCES)[number];
/** Who is looking: members see public and members fields; everyone else (visitors, companies, administrators) public ones. */
export type Viewer = 'public' | 'members';

type Schema = Record<string, unknown>;

export function audienceOf(property: unknown): Audience {
  const value = (property as { 'x-audience'?: unknown } | null)?.['x-audience'];
  return AUDIENCES.includes(value as Audience) ? (value as Audience) : 'private';
}

export function viewerOf(actor: Actor): Viewer {
  return actor.type === 'user' ? 'members' : 'public';
}

/** The fields of `schema` anyone but the owner may see, with their audience, in the schema's order. */
export function sharedFields(schema: Schema): Array<{ name: string; audience: Exclude<Audience, 'private'> }> {
  const properties = (schema['properties'] ?? {}) as Record<string, unknown>;
  return Object.entries(properties)
    .map(([name, property]) => ({ name, audience: audienceOf(property) }))
    .filter((field): field is { name: string; audience: 'public' | 'members' } => field.audience !== 'private');
}

/** A property as a response declares it: its type (nullable), items and nested properties; no validation keywords. */
function outputShape(property: Schema): Schema {
  const out: Schema = {};
  const types = ([] as unknown[]).concat(property['type'] ?? []);
  if (types.length) out['type'] = [...new Set([...types, 'null'])];
  if (property['items'] && typeof property['items'] === 'object')
    out['items'] = outputShape(property['items'] as Schema);
  if (property['properties'] && typeof property['properties'] === 'object') {
    out['properties'] = Object.fromEntries(
      Object.entries(property['properties'] as Record<string, Schema>).map(([name, p]) => [name, outputShape(p)]),
    );
  }
  return out;
}

/**
 * Copies of `schemas` where every object marked `x-audience-of` lists the shared fields of the schema it names, and every
 * object marked `x-fields-of` (the owner's view) all its fields; both leave out the names the response already declares
 * beside the object.
 */
export function withAudienceFields<S extends Schema & { $id: string }>(schemas: S[]): S[] {
  const byId = new Map(schemas.map((schema) => [schema.$id, schema]));
  const fill = (node: unknown, siblings: readonly string[] = []): unknown => {
    if (Array.isArray(node)) return node.map((item) => fill(item));
    if (!node || typeof node !== 'object') return node;
    const marker = (['x-audience-of', 'x-fields-of'] as const).find((key) => typeof (node as Schema)[key] === 'string');
    if (marker) {
      const source = (node as Schema)[marker] as string;
      const of = byId.get(source);
      if (!of) throw new Error(`"${marker}": "${source}" names no schema of schemas/`);
      const properties = (of['properties'] ?? {}) as Record<string, Schema>;
      const names = marker === 'x-audience-of' ? sharedFields(of).map(({ name }) => name) : Object.keys(properties);
      return {
        ...node,
        properties: Object.fromEntries(
          names.filter((name) => !siblings.includes(name)).map((name) => [name, outputShape(properties[name]!)]),
        ),
      };
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== 'properties' || !value || typeof value !== 'object') return [key, fill(value)];
        const names = Object.keys(value);
        return [key, Object.fromEntries(Object.entries(value).map(([name, child]) => [name, fill(child, names)]))];
      }),
    );
  };
  return schemas.map((schema) => fill(schema) as S);
}

/** The values of `fields` this viewer may see; empty ones are left out (nothing to show). */
export function audienceValues(
  fields: ReturnType<typeof sharedFields>,
  values: (name: string) => unknown,
  viewer: Viewer,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name, audience } of fields) {
    if (audience === 'members' && viewer !== 'members') continue;
    const value = values(name);
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[name] = value;
  }
  return out;
}
