/**
 * The ajv set-up both sides share (Fastify's validator and rjsf's), so the browser and the server
 * accept exactly the same documents.
 */
import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { customFormats } from './formats';
import { textKeywords } from './textRules';

/** Query strings need coercion to reach integers and booleans; unknown fields are refused, not stripped. */
export const ajvCustomOptions = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  coerceTypes: 'array',
  strict: true,
  strictTypes: false,
} as const;

const PROFILE_KEYWORDS = [
  { keyword: 'x-profile-weight', schemaType: 'number', metaSchema: { type: 'number', minimum: 0 } },
  { keyword: 'x-profile-required', schemaType: 'boolean' },
  // who sees a field on the public profile (issue 24 §3, docs/schemas.md); private, the default, is its owner alone
  { keyword: 'x-audience', schemaType: 'string', metaSchema: { enum: ['public', 'members', 'private'] } },
  // an object of a response schema filled, when the schemas load, with the public and members fields of the schema named
  { keyword: 'x-audience-of', schemaType: 'string' },
  // the same for the owner's own view: every field of the schema named that the response does not already declare
  { keyword: 'x-fields-of', schemaType: 'string' },
] as const;

export function registerFormats<T extends Ajv>(ajv: T): T {
  // `date` and `url` are ours (SPEC §5); the standard formats we also use come from ajv-formats.
  addFormats(ajv, ['email', 'date-time', 'uri', 'time']);
  for (const [name, validate] of Object.entries(customFormats)) ajv.addFormat(name, { type: 'string', validate });
  // Annotations read by src/shared/profile.ts (how much a field adds to profile_level, and whether SPEC §4's
  // complete profile needs it); they validate nothing, but strict ajv must know them.
  for (const keyword of PROFILE_KEYWORDS) if (!ajv.getKeyword(keyword.keyword)) ajv.addKeyword(keyword);
  // one-line and long texts (src/shared/textRules.ts): the keyword withTextRules() puts on every string, and the long-text mark
  for (const keyword of textKeywords) if (!ajv.getKeyword(keyword.keyword as string)) ajv.addKeyword(keyword);
  return ajv;
}
