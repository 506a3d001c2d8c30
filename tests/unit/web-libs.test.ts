/**
 * The libraries the browser bundle really gets. Each module is imported the way the web build resolves
 * it (through vite.config.ts's aliases), so a hand-written stand-in aliased there is what gets tested.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from 'vite';

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

  it('leaves nulls out', async () => {
    const qs = await webImport<Qs>('qs');
    expect(qs.stringify({ a: null, b: 'x', c: { d: null, e: 'y' } }, STRINGIFY)).toBe('b=x&c[e]=y');
  });
});

describe('pluralize (Refine labels)', () => {
  it('answers English plurals and singulars', async () => {
    const pluralize = await webImport<((word: string, count?: number, inclusive?: boolean) => string) & { plural(w: string): string; singular(w: string): string }>('pluralize');
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
    const papa = await webImport<{ unparse(data: unknown): string; parse(text: string, options: object): { data: unknown[] } }>('papaparse');
    expect(papa.unparse([{ name: 'Ana, María', year: 2020 }])).toBe('name,year\r\n"Ana, María",2020');
    expect(papa.parse('name,year\n"Ana, María",2020', { header: true }).data).toEqual([{ name: 'Ana, María', year: '2020' }]);
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
