/**
 * Coded values (issue 10 §2): every code of every family the web shows as t(`<prefix>.<CODE>`) has a real text in
 * es, en and ca; the schemas list the same codes; old labels map to codes; country names fall back to Spanish.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CODE_FAMILIES,
  JOB_WORKING,
  JOB_WORKSTATION,
  LEGACY_LABELS,
  SALARY_PERIODS,
  WORKGROUP_TYPOLOGIES,
  asCode,
  codeOfLabel,
} from '../../src/shared/codes';
import { CONTRACTS, LOCALES, type Locale } from '../../src/shared/constants';
import { countryName } from '../../src/server/modules/countries/names';
import { webTexts } from '../helpers/webTexts';

const load = (lng: string) => webTexts(lng);
const schema = (name: string) => JSON.parse(readFileSync(join('schemas', `${name}.json`), 'utf8'));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

describe('code families', () => {
  it('have a real text for every code in es, en and ca', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const lng of LOCALES) {
      const common = load(lng);
      for (const { prefix, codes } of CODE_FAMILIES) {
        expect(codes.length, prefix).toBeGreaterThan(0);
        for (const code of codes) {
          const key = `${prefix}.${code}`;
          const text = common[key];
          checked++;
          if (typeof text !== 'string' || !text.trim() || text === key || text === code) missing.push(`${lng}: ${key}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(missing).toEqual([]);
  });

  it('reads the English of a code family in English, not Spanish', () => {
    const [es, en] = [load('es'), load('en')];
    for (const { prefix, codes } of CODE_FAMILIES.filter((f) =>
      ['jobs.working', 'jobs.workstation', 'workgroups.typology'].includes(f.prefix),
    )) {
      const differ = codes.filter((code) => es[`${prefix}.${code}`] !== en[`${prefix}.${code}`]);
      expect(differ.length, prefix).toBeGreaterThanOrEqual(codes.length - 2);
    }
  });

  it('cover every coded value the web translates with a template key', () => {
    // t(`jobs.working.${…}`) and the like: a family the web shows must be listed in CODE_FAMILIES (so its keys are checked)
    const families = new Set(CODE_FAMILIES.map((f) => f.prefix));
    const used = new Set<string>();
    for (const file of walk('src/web')) {
      for (const [, prefix] of readFileSync(file, 'utf8').matchAll(/\bt\(`([a-zA-Z.]+)\.\$\{/g)) used.add(prefix!);
    }
    for (const prefix of [
      'jobs.working',
      'jobs.workstation',
      'jobs.contract',
      'workgroups.typology',
      'workgroups.type',
      'news.type',
      'role',
    ])
      expect(used, prefix).toContain(prefix);
    const coded = [...used].filter((prefix) =>
      /^(jobs|workgroups|news|role|profileType|lists\.applications)\b/.test(prefix),
    );
    expect(coded.filter((prefix) => !families.has(prefix))).toEqual([]);
  });

  it('are the enums of the schemas', () => {
    const job = schema('job').properties;
    expect(job.working.enum).toEqual([...JOB_WORKING, null]);
    expect(job.workstation.enum).toEqual([...JOB_WORKSTATION, null]);
    // what a company writes is what the public reads
    expect(schema('company.job.write').properties.working.enum).toEqual([...JOB_WORKING, null]);
    expect(schema('company.job.write').properties.workstation.enum).toEqual([...JOB_WORKSTATION, null]);
    expect(schema('company.job.write').properties.salary_period.enum).toEqual([...SALARY_PERIODS, null]);
    expect(schema('workgroup').properties.typology.enum).toEqual([...WORKGROUP_TYPOLOGIES, null]);
    // what the owner reads back is typed by the same codes, so a form starts from a read without casts (issue 24)
    const own = schema('company.job').properties;
    expect(own.contract.enum).toEqual([...CONTRACTS]);
    expect(own.working.enum).toEqual([...JOB_WORKING, null]);
    expect(own.workstation.enum).toEqual([...JOB_WORKSTATION, null]);
    expect(schema('workgroup.own').properties.typology.enum).toEqual([...WORKGROUP_TYPOLOGIES, null]);
    expect(schema('workgroup.own').properties.type.enum).toEqual(['PUBLIC', 'PRIVATE']);
    for (const family of Object.values(LEGACY_LABELS))
      for (const labels of Object.values(family)) expect(labels.length).toBeGreaterThan(0);
    expect(Object.keys(LEGACY_LABELS.working)).toEqual([...JOB_WORKING]);
    expect(Object.keys(LEGACY_LABELS.workstation)).toEqual([...JOB_WORKSTATION]);
    expect(Object.keys(LEGACY_LABELS.typology)).toEqual([...WORKGROUP_TYPOLOGIES]);
  });
});

describe('old labels', () => {
  it('map to their code in any language, case and accents aside; anything else to null', () => {
    expect(codeOfLabel('working', 'Jornada completa')).toBe('FULL_TIME');
    expect(codeOfLabel('working', 'part-time')).toBe('PART_TIME');
    expect(codeOfLabel('working', 'FULL_TIME')).toBe('FULL_TIME');
    expect(codeOfLabel('workstation', 'HIBRIDO')).toBe('HYBRID');
    expect(codeOfLabel('workstation', 'En remot')).toBe('REMOTE');
    expect(codeOfLabel('typology', 'temàtic')).toBe('THEMATIC');
    expect(codeOfLabel('typology', 'Promoción')).toBe('CLASS_YEAR');
    expect(codeOfLabel('typology', 'Otra')).toBeNull();
    expect(codeOfLabel('working', '')).toBeNull();
    expect(codeOfLabel('working', null)).toBeNull();
    expect(codeOfLabel('working', 'constructor')).toBeNull();
    expect(asCode(JOB_WORKING, 'Jornada completa')).toBeNull();
    expect(asCode(JOB_WORKING, 'INTENSIVE')).toBe('INTENSIVE');
  });
});

describe('country names (server only)', () => {
  it('name a country in the language asked', () => {
    expect(countryName('ES', 'en')).toBe('Spain');
    expect(countryName('ES', 'es')).toBe('España');
    expect(countryName('ES', 'ca')).toBe('Espanya');
    expect(countryName('de', 'ca')).toBe('Alemanya');
  });

  it('fall back to Spanish for a language without the name, and to nothing for an unknown code', () => {
    expect(countryName('FR', 'xx' as Locale)).toBe('Francia');
    expect(countryName('ZZ', 'en')).toBeNull();
    expect(countryName('', 'en')).toBeNull();
    expect(countryName(null, 'en')).toBeNull();
    expect(countryName('es-ES', 'en')).toBeNull();
    // the reference table's name first (what the directory filter shows), the library's otherwise
    expect(countryName('US', 'en', new Map([['US', 'United States']]))).toBe('United States');
    expect(countryName('us', 'en', new Map())).toBe('United States of America');
  });

  it('stay out of the browser bundle', () => {
    // code only: a comment may say how a table was generated with it
    const code = (file: string) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
    const offenders = walk('src/web').filter((file) =>
      /(from\s+|import\(|require\()\s*['"]i18n-iso-countries/.test(code(file)),
    );
    expect(offenders).toEqual([]);
  });
});
