/**
 * Every form rendered from schemas/ (DESIGN §2): the schema file and the fields the form shows (the
 * others stay in the schema for the server). The build precompiles one validator per entry
 * (scripts/precompile-validators.ts), because the Content-Security-Policy forbids compiling them in
 * the browser; a form missing here has no validator and does not build.
 */
export const FORMS = {
  login: { schema: 'login', fields: ['email', 'password'] },
} as const satisfies Record<string, { schema: string; fields?: readonly string[] }>;

export type FormName = keyof typeof FORMS;

type Schema = { properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

/** The schema a form validates: its file, narrowed to the fields it shows. Pure, so build and browser agree. */
export function narrowSchema<S extends Schema>(schema: S, fields?: readonly string[]): S {
  if (!fields || !schema.properties) return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties).filter(([key]) => fields.includes(key)));
  return { ...schema, properties, required: (schema.required ?? []).filter((key) => fields.includes(key)) };
}
