/**
 * Registers every schemas/*.json (the one source of truth, DESIGN §2) with Fastify, and the ajv
 * options and custom formats that the browser's rjsf validator shares.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { customFormats } from '../../shared/formats';

export const SCHEMAS_DIR = resolve(import.meta.dirname, '../../../schemas');

export function loadSchemas(): Array<Record<string, unknown> & { $id: string }> {
  return readdirSync(SCHEMAS_DIR)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')));
}

/** Same ajv options on both sides; coerceTypes only so query strings reach integers and booleans. */
export const ajvCustomOptions = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  coerceTypes: 'array',
  strict: true,
  strictTypes: false,
} as const;

export function registerFormats(ajv: Ajv): Ajv {
  // `date` and `url` are ours (SPEC §5); the standard formats we also use come from ajv-formats.
  addFormats(ajv, ['email', 'date-time', 'uri', 'time']);
  for (const [name, validate] of Object.entries(customFormats)) ajv.addFormat(name, { type: 'string', validate });
  return ajv;
}

export function registerSchemas(app: FastifyInstance): void {
  for (const schema of loadSchemas()) app.addSchema(schema);
}
