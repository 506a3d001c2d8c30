/**
 * The format checks the precompiled validators call (ajv's `code.formats`): the same definitions
 * src/shared/ajv.ts registers, as values, because standalone code cannot carry functions. Formats
 * that are regular expressions (e-mail) are written into the generated code instead. The build fails
 * when this map and registerFormats() disagree (scripts/precompile-validators.ts).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { customFormats } from '../../shared/formats';

const custom = Object.fromEntries(
  Object.entries(customFormats).map(([name, validate]) => [name, { type: 'string', validate }]),
);

export const formats: Record<string, unknown> = {
  email: fullFormats.email,
  'date-time': fullFormats['date-time'],
  uri: fullFormats.uri,
  time: fullFormats.time,
  ...custom,
};
