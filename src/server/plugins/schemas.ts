/**
 * Registers every schemas/*.json (the one source of truth, DESIGN §2) with Fastify, and the ajv
 * options and custom formats that the browser's rjsf validator shares.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const SCHEMAS_DIR = resolve(import.meta.dirname, '../../../schemas');

export function loadSchemas(): Array<Record<string, unknown> & { $id: string }> {
  return readdirSync(SCHEMAS_DIR)
    .filter((file) => file.endsWith('.json') && !file.endsWith('.ui.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')));
}

export { ajvCustomOptions, registerFormats } from '../../shared/ajv';

export function registerSchemas(app: FastifyInstance): void {
  for (const schema of loadSchemas()) app.addSchema(schema);
}
