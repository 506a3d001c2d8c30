/**
 * Account bodies are validated without type coercion: the app's shared ajv coerces (query strings need
 * it), which turned `"is_privacy": "true"` into consent and `"mobile": 612345678` into a phone. Here a
 * wrong type answers 400 like any other bad field. Same schemas, formats and `finite` keyword; the
 * schemas were already checked strictly when the app registered them.
 */
import Ajv from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { ajvCustomOptions, registerFormats } from '../../../shared/ajv';
import { loadSchemas, registerFiniteKeyword, withFiniteNumbers } from '../../plugins/schemas';

export function uncoercedValidator(): FastifySchemaCompiler<unknown> {
  let ajv: Ajv | undefined;
  return ({ schema }) => {
    if (!ajv) {
      ajv = registerFiniteKeyword(registerFormats(new Ajv({ ...ajvCustomOptions, coerceTypes: false, strict: false })));
      for (const shared of loadSchemas()) ajv.addSchema(withFiniteNumbers(shared));
    }
    return ajv.compile(schema as object);
  };
}
