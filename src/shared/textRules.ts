/**
 * Texts are one line unless their schema says otherwise (issue 23 §7, docs/decisions.md "One-line and long texts").
 * withTextRules() gives every string of a request schema the keyword `x-text`: `"line"` — no control character at
 * all (C0 including TAB, CR and LF, DEL, C1) — or, for a property marked `"x-multiline": true` (descriptions, posts,
 * comments, reasons, Markdown bodies), `"long"` — no NUL, line breaks and tabs welcome. A field added to a schema is
 * one-line without anyone thinking of it; a long text has to be marked. The keyword is generated code (not a
 * function), so the browser's precompiled validators carry it like the server's (scripts/precompile-validators.ts).
 */
import { _, str, type KeywordCxt, type KeywordDefinition } from 'ajv';

export const TEXT_KEYWORD = 'x-text';
export const MULTILINE_KEYWORD = 'x-multiline';
export type TextKind = 'line' | 'long';

/** What a one-line text may not hold: C0 controls (TAB, LF, CR among them), DEL and C1 controls. */
export const LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
export const isOneLineText = (value: string) => !LINE_FORBIDDEN.test(value);
export const isLongText = (value: string) => !value.includes('\u0000');

export const textKeywords: KeywordDefinition[] = [
  // the mark a schema puts on a long text; it validates nothing itself
  { keyword: MULTILINE_KEYWORD, schemaType: 'boolean' },
  {
    keyword: TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    metaSchema: { enum: ['line', 'long'] },
    error: {
      message: ({ schema }) =>
        schema === 'long' ? str`must not contain NUL characters` : str`must be one line without control characters`,
      params: ({ schema }) => _`{text: ${schema as string}}`,
    },
    code(cxt: KeywordCxt) {
      const { data, schema } = cxt;
      // written into the validator's code: the standalone (browser) validators cannot call a function of ours
      cxt.fail(
        schema === 'long' ? _`${data}.includes("\\u0000")` : _`/[\\u0000-\\u001f\\u007f-\\u009f]/.test(${data})`,
      );
    },
  },
];

const NESTED = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
const SINGLE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'] as const;
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/** A copy of `schema` with `change` applied to every subschema (properties, items, combinations…). */
export function mapSchema<S>(schema: S, change: (node: Record<string, unknown>) => Record<string, unknown>): S {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = change({ ...(schema as Record<string, unknown>) });
  for (const key of NESTED) {
    const group = out[key];
    if (group && typeof group === 'object')
      out[key] = Object.fromEntries(Object.entries(group).map(([k, v]) => [k, mapSchema(v, change)]));
  }
  for (const key of SINGLE) if (out[key] && typeof out[key] === 'object') out[key] = mapSchema(out[key], change);
  for (const key of LISTS)
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((item) => mapSchema(item, change));
  return out as S;
}

/** A copy of `schema` whose every string carries `x-text`: "long" where marked `x-multiline`, else "line". */
export function withTextRules<S>(schema: S): S {
  return mapSchema(schema, (node) => {
    const types = ([] as unknown[]).concat(node['type'] ?? []);
    if (!types.includes('string') || node[TEXT_KEYWORD] !== undefined) return node;
    return { ...node, [TEXT_KEYWORD]: node[MULTILINE_KEYWORD] === true ? 'long' : 'line' };
  });
}
