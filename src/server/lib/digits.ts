/**
 * Numbers in query strings and paths are plain decimal digits (issue 23 §7). ajv coerces a text with
 * JavaScript's Number(), which also reads `0x10`, `1e1`, `+1`, ` 1` and `1.0`: one number, many URLs, and
 * a door for whatever reads the raw text later. strictDigits() wraps a compiled query or params validator:
 * every integer (or number) property of the schema, followed through `$ref`s and `allOf`/`anyOf`/`oneOf`, must be
 * spelled `^[0-9]+$` — with a leading minus only where the schema allows negatives (no minimum, or a negative one),
 * and a decimal fraction only for `number` — before ajv coerces it. A refusal is a 400 naming the field
 * (keyword `digits`, translated by plugins/errors.ts).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';

type Node = Record<string, unknown>;
type Lookup = (id: string) => unknown;

const isNode = (value: unknown): value is Node => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

function resolve(node: unknown, lookup: Lookup, depth = 0): Node | null {
  if (!isNode(node)) return null;
  if (typeof node['$ref'] === 'string' && depth < 10)
    return resolve(lookup(node['$ref'].replace(/#$/, '')), lookup, depth + 1);
  return node;
}

const typesOf = (node: Node | null): unknown[] => ([] as unknown[]).concat(node?.['type'] ?? []);

/** The spelling a property's numbers must have, or null when it holds no number. */
function spellingOf(property: Node | null, lookup: Lookup): RegExp | null {
  const own = typesOf(property);
  const items = own.includes('array') ? resolve(property?.['items'], lookup) : null;
  const holder = own.includes('integer') || own.includes('number') ? property : items;
  const types = typesOf(holder);
  if (!holder || !(types.includes('integer') || types.includes('number'))) return null;
  const min = [holder['minimum'], holder['exclusiveMinimum']].find((v) => typeof v === 'number') as number | undefined;
  const sign = min === undefined || min < 0 ? '-?' : '';
  const fraction = types.includes('integer') ? '' : '(\\.[0-9]+)?';
  return new RegExp(`^${sign}[0-9]+${fraction}$`);
}

/** Every numeric property of an object schema, by name. */
export function numericProperties(schema: unknown, lookup: Lookup): Map<string, RegExp> {
  const out = new Map<string, RegExp>();
  const visit = (raw: unknown, depth: number) => {
    const node = resolve(raw, lookup);
    if (!node || depth > 10) return;
    if (isNode(node['properties'])) {
      for (const [name, property] of Object.entries(node['properties'])) {
        const spelling = spellingOf(resolve(property, lookup), lookup);
        if (spelling) out.set(name, spelling);
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
      if (Array.isArray(node[key])) for (const sub of node[key]) visit(sub, depth + 1);
    for (const key of ['if', 'then', 'else'] as const) visit(node[key], depth + 1);
  };
  visit(schema, 0);
  return out;
}

export function strictDigits(schema: unknown, validate: ValidateFunction, lookup: Lookup): ValidateFunction {
  const numeric = numericProperties(schema, lookup);
  if (numeric.size === 0) return validate;
  const wrapped = ((data: unknown) => {
    const errors: ErrorObject[] = [];
    if (isNode(data)) {
      for (const [name, spelling] of numeric) {
        const values = ([] as unknown[]).concat(data[name] ?? []);
        if (values.some((value) => typeof value === 'string' && !spelling.test(value))) {
          errors.push({
            instancePath: `/${name}`,
            schemaPath: `#/properties/${name}`,
            keyword: 'digits',
            params: {},
            message: 'must be written in plain digits',
          });
        }
      }
    }
    if (errors.length > 0) {
      wrapped.errors = errors;
      return false;
    }
    const valid = validate(data);
    wrapped.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  wrapped.errors = null;
  return wrapped;
}
