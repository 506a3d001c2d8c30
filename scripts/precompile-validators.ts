/**
 * Precompiles one rjsf validator per form of src/web/forms/catalog.ts (DESIGN §2), so the browser never
 * compiles code and the Content-Security-Policy needs no 'unsafe-eval'.
 *
 * The validators are ES modules made at build time by ajv's standalone code (through rjsf's
 * compileSchemaValidatorsCode) with the same options and formats the runtime validator used. Vite serves
 * them as virtual modules (`virtual:forms`, one `virtual:form/<name>` per form; see formValidators() and vite.config.ts), generated from the
 * schema files on every build and dev start, and again when a schema changes: there is no generated file
 * that could go stale. `node --import tsx scripts/precompile-validators.ts [dir]` writes them out to look at.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { _ } from 'ajv';
import type Ajv from 'ajv';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { Plugin } from 'vite';
import { ajvCustomOptions, registerFormats } from '../src/shared/ajv';
import { withTextRules } from '../src/shared/textRules';
import { FORMS, narrowSchema, optionalOf, requiredOf, type FormName } from '../src/web/forms/catalog';
import { formats } from '../src/web/forms/formats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FORMATS_MODULE = join(ROOT, 'src/web/forms/formats.ts');
const FORMS_ID = 'virtual:forms';
const FORM_ID = 'virtual:form/';
const VALIDATORS_ID = 'virtual:form-validators/';

export const formNames = Object.keys(FORMS) as FormName[];
export const schemaFile = (name: FormName) => join(ROOT, 'schemas', `${FORMS[name].schema}.json`);

/**
 * A schema with its references to other files of schemas/ (`{ "$ref": "taxonomy.texts#" }`) replaced by their content,
 * so rjsf and the standalone validator see one self-contained schema, as the server's ajv does with every file loaded.
 */
export function bundleRefs(node: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => bundleRefs(item, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && /^[\w.-]+#$/.test(ref)) {
    const id = ref.slice(0, -1);
    if (seen.includes(id)) throw new Error(`schema ${id} refers to itself: a form cannot render it`);
    const { $id: _id, ...target } = JSON.parse(readFileSync(join(ROOT, 'schemas', `${id}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    return bundleRefs(target, [...seen, id]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, bundleRefs(value, seen)]));
}

/**
 * A schema without its `description`s and `$comment`s: in schemas/ they are notes for maintainers, and rjsf would show a
 * description as help text to users (issue 25 §2). Help meant for users is a translation (src/web/forms/formUi.ts).
 * A property named "description" (an offer's text) is a field, not a note, and stays.
 */
export function withoutNotes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNotes);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !((key === 'description' || key === '$comment') && typeof value === 'string'))
      .map(([key, value]) => [key, withoutNotes(value)]),
  );
}

/**
 * The schema the form renders and validates, read from disk (so a changed schema is picked up), without notes, with the
 * server's one-line/long text rule on every string (src/shared/textRules.ts).
 */
export function formSchema(name: FormName): Record<string, unknown> {
  const schema = withoutNotes(bundleRefs(JSON.parse(readFileSync(schemaFile(name), 'utf8')))) as Record<
    string,
    unknown
  >;
  return withTextRules(
    narrowSchema(schema, (FORMS[name] as { fields?: readonly string[] }).fields, requiredOf(name), optionalOf(name)),
  );
}

/** Every format ajv would call as a function must be in src/web/forms/formats.ts, the same function. */
function checkFormats(ajv: Ajv): Ajv {
  for (const [name, def] of Object.entries(ajv.formats)) {
    if (def instanceof RegExp || def === true || def === undefined) continue; // written into the code
    const mine = formats[name] as typeof def | undefined;
    const same =
      typeof def === 'function'
        ? mine === def
        : typeof mine === 'object' && !(mine instanceof RegExp) && 'validate' in def && mine.validate === def.validate;
    if (!same)
      throw new Error(`format "${name}" is registered by src/shared/ajv.ts but differs in src/web/forms/formats.ts`);
  }
  return ajv;
}

/** ajv's standalone code `require`s its run-time helpers (string length, deep equality): make them imports. */
function toEsm(code: string, formatsModule: string): string {
  const imports = new Map<string, string>();
  const body = code.replace(/^"use strict";/, '').replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    if (!specifier.startsWith('ajv/dist/runtime/'))
      throw new Error(`unexpected require("${specifier}") in a precompiled validator`);
    const file = specifier.endsWith('.js') ? specifier : `${specifier}.js`;
    if (!imports.has(file)) imports.set(file, `__runtime${imports.size}`);
    return `__cjs(${imports.get(file)})`;
  });
  if (/\bnew Function\b|\beval\(/.test(body)) throw new Error('a precompiled validator would still evaluate code');
  const head = [
    `import { formats } from ${JSON.stringify(formatsModule)};`,
    ...[...imports].map(([file, local]) => `import * as ${local} from ${JSON.stringify(file)};`),
    // a CommonJS helper seen through a bundler has its exports on the namespace; through Node, on `default`
    'const __cjs = (m) => (m.default && m.default.__esModule ? m.default : m);',
    // ajv's CommonJS output names exports by schema $id ("user.register" is no ES export name)
    'const exports = {};',
  ];
  return `${head.join('\n')}\n${body}\nexport default exports;\n`;
}

/** One form's validators as an ES module: its default export maps each schema and subschema rjsf asks for to a function. */
export function validatorsCode(name: FormName): string {
  return compileValidators(formSchema(name));
}

/**
 * The server's ajv options and formats (src/shared/ajv.ts), without coercion: a form holds typed values.
 * A schema with an external `$ref` must be bundled first (ajv fails the build on an unresolved one).
 */
export function compileValidators(schema: Record<string, unknown>, formatsModule = FORMATS_MODULE): string {
  const code = compileSchemaValidatorsCode(schema, {
    ajvFormatOptions: false,
    ajvOptionsOverrides: {
      ...ajvCustomOptions,
      coerceTypes: false,
      strict: false,
      code: { lines: false, formats: _`formats` },
    },
    extenderFn: (ajv) => checkFormats(registerFormats(ajv)),
  });
  return toEsm(code, formatsModule);
}

/**
 * `virtual:forms`: `{ [form]: () => import(its module) }` for <SchemaForm>. Each form's schema and validators are a chunk
 * of their own, loaded with the page that shows the form (issue 27 §3: all of them were one 180 KiB chunk before).
 */
function formsCode(): string {
  const entries = formNames.map(
    (name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(FORM_ID + name)}),`,
  );
  return `export const forms = {\n${entries.join('\n')}\n};\n`;
}

/** `virtual:form/<name>`: one form's schema and its precompiled validators. */
function formCode(name: FormName): string {
  return [
    `import validators from ${JSON.stringify(VALIDATORS_ID + name)};`,
    `export const schema = ${JSON.stringify(formSchema(name))};`,
    'export { validators };',
    '',
  ].join('\n');
}

const formNamed = (id: string, prefix: string): FormName => {
  const name = id.slice(prefix.length + 1) as FormName;
  if (!(name in FORMS)) throw new Error(`no form "${name}" in src/web/forms/catalog.ts`);
  return name;
};

/** The Vite plugin: generates the modules on demand and watches the schema files they come from. */
export function formValidators(): Plugin {
  return {
    name: 'alumni:form-validators',
    resolveId(id) {
      return id === FORMS_ID || id.startsWith(FORM_ID) || id.startsWith(VALIDATORS_ID) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${FORMS_ID}`) return formsCode();
      if (id.startsWith(`\0${FORM_ID}`)) {
        const name = formNamed(id, FORM_ID);
        this.addWatchFile(schemaFile(name));
        return formCode(name);
      }
      if (!id.startsWith(`\0${VALIDATORS_ID}`)) return undefined;
      const name = formNamed(id, VALIDATORS_ID);
      this.addWatchFile(schemaFile(name));
      return validatorsCode(name);
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = resolve(process.argv[2] ?? '.tmp/validators');
  mkdirSync(dir, { recursive: true });
  for (const name of formNames) {
    const code = validatorsCode(name);
    writeFileSync(join(dir, `${name}.js`), code);
    console.log(`${name}: ${code.length} bytes → ${join(dir, `${name}.js`)}`);
  }
}
