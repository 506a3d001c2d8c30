/**
 * fast-check arbitraries from the served description's schemas (OpenAPI 3.0 schema objects, `$ref`s resolved
 * by `resolve`): values meant to be valid, and mutations of them (a required field dropped, a field of the
 * wrong type, an unknown field, an overlong text). Whether a value really is valid is decided by ajv on the
 * same schema, never assumed here.
 */
import fc from 'fast-check';

export type Schema = Record<string, any>;
export type Resolve = (schema: Schema) => Schema;

const FORMAT_SAMPLES: Record<string, string[]> = {
  email: ['fuzz.member@example.com', 'a@b.io'],
  url: ['https://example.com/path', 'http://alumni.example'],
  'url-or-empty': ['', 'https://example.com'],
  uri: ['https://example.com/x'],
  date: ['01/01/2000', '15/06/2031', '29/02/2024'],
  'date-time': ['2030-01-01T10:00:00.000Z', new Date().toISOString()],
  time: ['10:30', '23:59'],
  phone: ['+34 600 123 456', '+44 20 7946 0958'],
  iban: ['ES9121000418450200051332', 'ES79 2100 0813 6101 2345 6789'],
  dni: ['12345678Z'],
  nif: ['12345678Z'],
  nie: ['X1234567L'],
  cif: ['B12345674'],
  passport: ['AB1234567'],
  binary: ['x'],
};

const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'null',
  '0',
  '-1',
  '1e309',
  'NaN',
  "' OR 1=1 --",
  '<script>x</script>',
  '../../etc/passwd',
  '%00',
  'ä'.repeat(3),
  '😀',
];

function mergeAllOf(schema: Schema, resolve: Resolve): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let merged: Schema = { ...rest };
  for (const part of allOf as Schema[]) {
    const p = mergeAllOf(resolve(part), resolve);
    merged = {
      ...p,
      ...merged,
      properties: { ...(p.properties ?? {}), ...(merged.properties ?? {}) },
      required: [...new Set([...(p.required ?? []), ...(merged.required ?? [])])],
    };
    if (p.additionalProperties === false || rest.additionalProperties === false) merged.additionalProperties = false;
  }
  // a property declared `{}` beside an allOf part that describes it takes the part's description
  for (const part of allOf as Schema[]) {
    const p = mergeAllOf(resolve(part), resolve);
    for (const [name, s] of Object.entries(p.properties ?? {}))
      if (Object.keys(merged.properties[name] ?? {}).length === 0) merged.properties[name] = s;
  }
  return merged;
}

/** Values meant to satisfy `schema` (depth-bounded). */
export function valid(schemaIn: Schema, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const schema = mergeAllOf(resolve(schemaIn ?? {}), resolve);
  const nullable =
    schema.nullable === true
      ? (a: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary: a }, { weight: 1, arbitrary: fc.constant(null) })
      : (a: fc.Arbitrary<unknown>) => a;
  if (Array.isArray(schema.enum)) return nullable(fc.constantFrom(...(schema.enum as unknown[])));
  const choices = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choices) && choices.length)
    return nullable(fc.oneof(...(choices as Schema[]).map((s) => valid(s, resolve, depth + 1))));
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string': {
      if (schema.format && FORMAT_SAMPLES[schema.format])
        return nullable(fc.constantFrom(...FORMAT_SAMPLES[schema.format]!));
      if (schema.pattern)
        return nullable(
          fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? 10_000)),
        );
      return nullable(
        fc
          .string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) })
          .filter((s) => s.length >= (schema.minLength ?? 0)),
      );
    }
    case 'integer':
      return nullable(fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 }));
    case 'number':
      return nullable(
        fc.double({
          min: schema.minimum ?? -1000,
          max: schema.maximum ?? 100_000,
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    case 'boolean':
      return nullable(fc.boolean());
    case 'array':
      if (depth > 3) return fc.constant([]);
      return nullable(
        fc.array(valid(schema.items ?? {}, resolve, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        }),
      );
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, s] of Object.entries(properties)) shape[name] = valid(s, resolve, depth + 1);
      const requiredKeys = Object.keys(shape).filter((k) => required.has(k));
      return nullable(fc.record(shape, { requiredKeys }));
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

export interface Mutation {
  body: unknown;
  /** The field the mutation broke, as SPEC §8 names it (dotted path), when it broke exactly one top-level field. */
  field?: string;
}

/** A value meant to be valid with one thing broken (or a wholly hostile value). */
export function mutated(schemaIn: Schema, resolve: Resolve): fc.Arbitrary<Mutation> {
  const schema = mergeAllOf(resolve(schemaIn ?? {}), resolve);
  const base = valid(schema, resolve);
  const hostileValue = fc.oneof(
    fc.constantFrom<unknown>(...HOSTILE_TEXT, null, true, 1e308, -1, [], {}, [null]),
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ minLength: 300, maxLength: 20_000 }),
  );
  const properties = Object.keys(schema.properties ?? {});
  const required: string[] = schema.required ?? [];
  const options: Array<fc.Arbitrary<Mutation>> = [
    hostileValue.map((body) => ({ body })),
    fc
      .tuple(
        base,
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !properties.includes(k) && k !== '__proto__'),
        hostileValue,
      )
      .map(([b, key, value]) => ({
        body: b && typeof b === 'object' && !Array.isArray(b) ? { ...(b as object), [key]: value } : b,
        ...(schema.additionalProperties === false && b && typeof b === 'object' && !Array.isArray(b)
          ? { field: key }
          : {}),
      })),
  ];
  if (required.length) {
    options.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([b, key]) => {
        const copy = { ...(b as Record<string, unknown>) };
        delete copy[key];
        return { body: copy, field: key };
      }),
    );
  }
  if (properties.length) {
    options.push(
      fc.tuple(base, fc.constantFrom(...properties), hostileValue).map(([b, key, value]) => ({
        body: b && typeof b === 'object' && !Array.isArray(b) ? { ...(b as object), [key]: value } : b,
      })),
    );
  }
  return fc.oneof(...options);
}

/** Path ids: most from the demo data, the rest hostile. */
export function pathId(real: string[]): fc.Arbitrary<string> {
  // no dot segments ("..", "%2e%2e"): every URL client (and light-my-request) resolves them before sending, so the
  // request would reach another route (`/usr/workgroups/x/comments/..` is `/usr/workgroups/x`)
  const hostile = fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      'zzzzzzzzzzzzzzzz',
      '...',
      'null',
      'undefined',
      "'",
      '%00',
      'a'.repeat(300),
      '%F0%9F%98%80',
      '1e309',
    ),
    fc
      .string({ minLength: 1, maxLength: 40 })
      .map((s) => encodeURIComponent(s))
      .filter((s) => !/^(\.|%2e){1,2}$/i.test(s)),
  );
  return real.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: hostile })
    : hostile;
}

/** A query string: parameters from their schemas, sometimes broken or joined by an unknown one. */
export function query(
  parameters: Array<{ name: string; schema: Schema; required?: boolean }>,
  resolve: Resolve,
): fc.Arbitrary<string> {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of parameters) {
    shape[p.name] = fc.oneof(
      { weight: 4, arbitrary: valid(p.schema, resolve) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(...HOSTILE_TEXT, 'abc', '100001', '0x10', 'true,false') },
    );
  }
  const requiredKeys = parameters.filter((p) => p.required).map((p) => p.name);
  const record = fc.record(shape, { requiredKeys });
  const extra = fc.option(
    fc.tuple(fc.constantFrom('unknown', 'page[]', '__proto__', 'size'), fc.constantFrom('1', 'x', '')),
    { nil: undefined },
  );
  return fc.tuple(record, extra).map(([values, more]) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) search.set(name, value.map(String).join(','));
      else search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    if (more) search.append(more[0], more[1]);
    const text = search.toString();
    return text ? `?${text}` : '';
  });
}
