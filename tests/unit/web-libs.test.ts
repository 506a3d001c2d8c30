/**
 * The libraries the browser bundle really gets. Each module is imported the way the web build resolves
 * it (through vite.config.ts's aliases), so a hand-written stand-in aliased there is what gets tested.
 * Then the form validators the build precompiles, and the attributes of the sign-in cookies.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from 'vite';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import localizeEs from 'ajv-i18n/localize/es';
import localizeEn from 'ajv-i18n/localize/en';
import localizeCa from 'ajv-i18n/localize/ca';
import { compileValidators, formNames, formSchema, validatorsCode } from '../../scripts/precompile-validators';
import { formats } from '../../src/web/forms/formats';
import { cookieAttributes } from '../../src/web/providers/session';
import { escapeQuery } from '../../src/web/routing/query';

type Aliases = Array<{ find: string | RegExp; replacement: string }>;
let aliases: Aliases = [];

beforeAll(async () => {
  const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build', 'production');
  aliases = config.resolve.alias as Aliases;
});

/** The module the web bundle gets for a bare import (an alias's replacement, or the package). */
async function webImport<T>(name: string): Promise<T> {
  const alias = aliases.find(({ find }) => (typeof find === 'string' ? find === name : find.test(name)));
  const module = (await import(/* @vite-ignore */ alias ? alias.replacement : name)) as { default?: T };
  return (module.default ?? module) as T;
}

interface Qs {
  parse(text: string, options?: Record<string, unknown>): Record<string, unknown>;
  stringify(value: unknown, options?: Record<string, unknown>): string;
}

// The options Refine core and @refinedev/react-router pass (QS_PARSE_DEPTH = 10, stringifyTableParams).
const PARSE = { ignoreQueryPrefix: true, depth: 10 };
const STRINGIFY = { skipNulls: true, arrayFormat: 'indices', encode: false };

const prototype = Object.prototype as Record<string, unknown>;
afterEach(() => {
  // a failing run must not leave the pollution behind for the next test
  delete prototype['polluted'];
  delete prototype['0'];
});

describe('query strings of lists (qs, used by Refine routing)', () => {
  const hostile = [
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    'filters[__proto__][polluted]=1',
    'filters[0][constructor][prototype][polluted]=1',
    '__proto__[0]=1&__proto__[polluted]=1',
  ];
  for (const query of hostile) {
    it(`does not write to Object.prototype: ?${query}`, async () => {
      const qs = await webImport<Qs>('qs');
      const parsed = qs.parse(`?${query}`, PARSE);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
      expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    });
  }

  it('round-trips pages, sorters and nested filters with array values', async () => {
    const qs = await webImport<Qs>('qs');
    const state = {
      currentPage: '2',
      pageSize: '10',
      sorters: [{ field: 'date', order: 'desc' }],
      filters: [
        { field: 'text', operator: 'contains', value: 'diseñador web' },
        { field: 'tags', operator: 'in', value: ['design', 'ux', 'front'] },
        { operator: 'or', value: [{ field: 'country', operator: 'eq', value: 'ES' }] },
      ],
    };
    const query = qs.stringify(state, STRINGIFY);
    expect(query).toContain('filters[1][value][2]=front');
    expect(qs.parse(`?${query}`, PARSE)).toEqual(state);
    // what the browser sends back once the URL is percent-encoded
    expect(qs.parse(`?${encodeURI(query)}`, PARSE)).toEqual(state);
  });

  it('keeps &, #, + and % inside a filter value (Refine writes values unencoded; App.tsx escapes them)', async () => {
    const qs = await webImport<Qs>('qs');
    const state = {
      currentPage: '1',
      filters: [{ field: 'text', operator: 'contains', value: 'C&A #1 +2 50%25 100%' }],
    };
    const query = qs.stringify(escapeQuery(state), STRINGIFY);
    expect(query).not.toMatch(/[#+]|&A/);
    expect(qs.parse(`?${query}`, PARSE)).toEqual(state);
  });

  it('leaves nulls out', async () => {
    const qs = await webImport<Qs>('qs');
    expect(qs.stringify({ a: null, b: 'x', c: { d: null, e: 'y' } }, STRINGIFY)).toBe('b=x&c[e]=y');
  });
});

describe('pluralize (Refine labels)', () => {
  it('answers English plurals and singulars', async () => {
    const pluralize = await webImport<
      ((word: string, count?: number, inclusive?: boolean) => string) & {
        plural(w: string): string;
        singular(w: string): string;
      }
    >('pluralize');
    expect(pluralize.plural('person')).toBe('people');
    expect(pluralize.plural('status')).toBe('statuses');
    expect(pluralize.plural('category')).toBe('categories');
    expect(pluralize.singular('categories')).toBe('category');
    expect(pluralize.singular('statuses')).toBe('status');
    expect(pluralize.singular('news')).toBe('news');
    expect(pluralize('job', 3, true)).toBe('3 jobs');
  });
});

describe('papaparse (Refine CSV import/export)', () => {
  it('writes and reads CSV', async () => {
    const papa = await webImport<{
      unparse(data: unknown): string;
      parse(text: string, options: object): { data: unknown[] };
    }>('papaparse');
    expect(papa.unparse([{ name: 'Ana, María', year: 2020 }])).toBe('name,year\r\n"Ana, María",2020');
    expect(papa.parse('name,year\n"Ana, María",2020', { header: true }).data).toEqual([
      { name: 'Ana, María', year: '2020' },
    ]);
  });
});

describe('error-stack-parser (Refine devtools)', () => {
  it('parses a stack', async () => {
    const parser = await webImport<{ parse(error: Error): Array<{ fileName?: string }> }>('error-stack-parser');
    const frames = parser.parse(new Error('here'));
    expect(frames.length).toBeGreaterThan(0);
    expect(frames[0]!.fileName).toContain('web-libs.test');
  });
});

/** Loads generated validator code as the bundle would (an ES module importing ajv's run-time helpers). */
const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function load(code: string): Promise<ValidatorFunctions> {
  mkdirSync(resolve('.tmp'), { recursive: true }); // inside the project, so `ajv/…` imports resolve
  const dir = mkdtempSync(resolve('.tmp/validators-'));
  scratch.push(dir);
  const file = join(dir, 'form.js');
  writeFileSync(file, code);
  return ((await import(/* @vite-ignore */ file)) as { default: ValidatorFunctions }).default;
}

describe('precompiled form validators (no eval in the browser)', () => {
  const schema = {
    $id: 'user.formats-check', // not an identifier, as most schema ids
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 5 },
      dni: { type: 'string', format: 'dni' },
      iban: { type: 'string', format: 'iban' },
      birthdate: { type: 'string', format: 'date' },
      code: { type: 'string', pattern: '^[A-Z]{3}$' },
      web: { type: 'string', format: 'url' },
    },
  };

  it('compiles every form of the catalog into code that evaluates nothing', async () => {
    expect(formNames).toContain('login');
    for (const name of formNames) {
      const code = validatorsCode(name);
      expect(code).not.toMatch(/new Function|\beval\(|require\(/);
      expect(typeof (await load(code))[String(formSchema(name)['$id'])]).toBe('function');
    }
  }, 60_000); // one compilation per form of the catalog: the time grows with the forms

  it("checks the project's formats and answers in es, en and ca", async () => {
    const validators = await load(compileValidators(schema));
    const errors = (localize: typeof localizeEs, data: object) =>
      createPrecompiledValidator(validators, schema as never, localize)
        .validateFormData(data, schema as never)
        .errors.map((e) => `${e.property} ${e.name}: ${e.message}`);
    const good = {
      name: 'Ana',
      dni: '12345678Z',
      iban: 'ES91 2100 0418 4502 0005 1332',
      birthdate: '29/02/2024',
      code: 'ABC',
      web: 'https://example.org',
    };
    expect(errors(localizeEn, good)).toEqual([]);
    const bad = {
      name: 'A\u{1F600}',
      dni: '12345678A',
      iban: 'ES9121000418450200051333',
      birthdate: '31/02/2024',
      code: 'abc',
      web: 'javascript:alert(1)',
    };
    // 'A😀' is two characters as the server counts them (code points), so it passes minLength 2
    expect(errors(localizeEs, bad).sort()).toEqual([
      '.birthdate format: debe coincidir con el formato "date"',
      '.code pattern: debe coincidir con el patron "^[A-Z]{3}$"',
      '.dni format: debe coincidir con el formato "dni"',
      '.iban format: debe coincidir con el formato "iban"',
      '.web format: debe coincidir con el formato "url"',
    ]);
    expect(errors(localizeCa, { name: 'Ana', code: 'x' })).toEqual([
      '.code pattern: ha de coincidir amb el patró "^[A-Z]{3}$"',
    ]);
    // ajv-i18n's English, not ajv's own "must NOT have more than"
    expect(errors(localizeEn, { name: 'Andrea' })).toEqual(['.name maxLength: must NOT be longer than 5 characters']);
  });

  it('refuses control characters in a one-line text and NUL in a long one, as the server does (issue 23 §7)', async () => {
    const schema = formSchema('workgroup');
    expect((schema['properties'] as Record<string, Record<string, unknown>>)['name']!['x-text']).toBe('line');
    expect((schema['properties'] as Record<string, Record<string, unknown>>)['description']!['x-text']).toBe('long');
    const validators = await load(validatorsCode('workgroup'));
    const errors = (data: object) =>
      createPrecompiledValidator(validators, schema as never, localizeEn)
        .validateFormData(data, schema as never)
        .errors.map((e) => `${e.property} ${e.name}`);
    const good = {
      name: 'Taller de cerámica',
      typology: 'THEMATIC',
      type: 'PUBLIC',
      description: 'Técnicas y hornos.\r\n\tProveedores de cerámica.',
    };
    expect(errors(good)).toEqual([]);
    for (const c of ['\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085'])
      expect(errors({ ...good, name: `Taller${c}x` }), JSON.stringify(c)).toEqual(['.name x-text']);
    expect(errors({ ...good, description: `${good.description}\u0000` })).toEqual(['.description x-text']);
  });

  it('refuses to build when a format the server registers is missing in the browser', () => {
    const dni = formats['dni'];
    delete formats['dni'];
    try {
      expect(() => compileValidators(schema)).toThrow(/format "dni"/);
    } finally {
      formats['dni'] = dni;
    }
  });
});

describe('sign-in cookie attributes', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it('are SameSite=Strict, Secure over https only', () => {
    expect(cookieAttributes(true, undefined, now)).toMatchObject({ sameSite: 'strict', secure: true, path: '/' });
    expect(cookieAttributes(false, undefined, now)).toMatchObject({ sameSite: 'strict', secure: false });
  });

  it('end with the refresh token: its stated end, else the 30-day default', () => {
    expect(cookieAttributes(true, '2026-01-12T12:00:00.000Z', now).expires).toEqual(
      new Date('2026-01-12T12:00:00.000Z'),
    );
    expect(cookieAttributes(true, undefined, now).expires).toEqual(new Date('2026-02-09T12:00:00.000Z'));
    expect(cookieAttributes(true, 'not a date', now).expires).toEqual(new Date('2026-02-09T12:00:00.000Z'));
  });
});
