/**
 * The web takes the shapes of API answers from src/shared/schema-types.ts (generated from schemas/), not from
 * hand-written copies (issue 24 §4): a field added to a schema then reaches the page's type. This fails when
 * an `interface` in src/web is named after a generated type, or lists mostly the properties of one schema
 * (a copy under another name), and when the number of hand-written interfaces grows past today's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../src/server/plugins/schemas';
import { typeName } from '../../scripts/generate-types';

const ROOT = resolve(import.meta.dirname, '../..');
const WEB = join(ROOT, 'src/web');

/** Hand-written interfaces in src/web after issue 24 §4 (`grep -rn "^export interface\|^interface" src/web`): lower it when one goes. */
const MAX_WEB_INTERFACES = 46;

/**
 * Interfaces that share most of their names with a schema and are still not an answer's copy (`file:interface`).
 */
const NOT_A_COPY = new Set<string>([
  'src/web/pages/admin/dashboard/figures.tsx:Figures', // rendered blocks (ReactNode) built from the dashboard's answer
  // form values (write schemas, not answers): not converted yet — they should become the *.write generated types
  'src/web/pages/company/jobs/OfferSurveyPage.tsx:SurveyValues',
  'src/web/pages/user/portfolios/PortfolioForm.tsx:PortfolioValues',
  'src/web/pages/user/workgroups/GroupForm.tsx:GroupValues',
  'src/web/pages/company/jobs/components/OfferForm.tsx:OfferValues',
]);

interface Declared {
  where: string;
  name: string;
  fields: string[];
}

/** `interface X { a: …; b?: … }` in one file: the name and the top-level property names. */
export function interfacesIn(source: string, where: string): Declared[] {
  const out: Declared[] = [];
  for (const match of source.matchAll(/^(?:export )?interface (\w+)[^{\n]*\{\n([\s\S]*?)^\}/gm)) {
    const fields = [...match[2]!.matchAll(/^ {2}(?:readonly )?(\w+)\??:/gm)].map((field) => field[1]!);
    out.push({ where, name: match[1]!, fields });
  }
  return out;
}

function webInterfaces(): Declared[] {
  return readdirSync(WEB, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .flatMap((entry) => {
      const path = join(entry.parentPath, entry.name);
      return interfacesIn(readFileSync(path, 'utf8'), relative(ROOT, path));
    });
}

/** The schema whose properties an interface mostly repeats (at least 4 names, 80 % of them), if any. */
export function copiedSchema(fields: string[], schemas: Array<{ id: string; properties: string[] }>): string | null {
  if (fields.length < 4) return null;
  for (const schema of schemas) {
    const shared = fields.filter((field) => schema.properties.includes(field)).length;
    if (shared >= 4 && shared / fields.length >= 0.8) return schema.id;
  }
  return null;
}

const schemas = loadSchemas().map((schema) => ({
  id: schema.$id,
  properties: Object.keys((schema['properties'] as object | undefined) ?? {}),
}));
const generatedNames = new Set(schemas.map((schema) => typeName(schema.id)));

describe('the web types of API answers', () => {
  const declared = webInterfaces();

  it('reads interfaces and their fields', () => {
    const found = interfacesIn(
      'export interface Job {\n  hash: string;\n  title?: string;\n  tags: { a: 1 };\n}\n',
      'x',
    );
    expect(found).toEqual([{ where: 'x', name: 'Job', fields: ['hash', 'title', 'tags'] }]);
    expect(
      copiedSchema(['hash', 'name', 'url', 'size', 'x'], [{ id: 'file', properties: ['hash', 'name', 'url', 'size'] }]),
    ).toBe('file');
    expect(
      copiedSchema(['hash', 'name', 'a', 'b'], [{ id: 'file', properties: ['hash', 'name', 'url', 'size'] }]),
    ).toBeNull();
  });

  it('are not hand-written under a generated type’s name', () => {
    expect(declared.length).toBeGreaterThan(0);
    const named = declared.filter((d) => generatedNames.has(d.name)).map((d) => `${d.where}: ${d.name}`);
    expect(named).toEqual([]);
  });

  it('are not hand-written copies of a schema under another name', () => {
    const copies = declared
      .filter((d) => !NOT_A_COPY.has(`${d.where}:${d.name}`))
      .map((d) => [d, copiedSchema(d.fields, schemas)] as const)
      .filter(([, id]) => id !== null)
      .map(([d, id]) => `${d.where}: ${d.name} repeats ${id}`);
    expect(copies).toEqual([]);
  });

  it('do not grow back: at most MAX_WEB_INTERFACES hand-written interfaces in src/web', () => {
    expect(declared.length).toBeLessThanOrEqual(MAX_WEB_INTERFACES);
  });
});
