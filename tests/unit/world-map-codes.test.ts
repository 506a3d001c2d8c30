/**
 * The alumni map's code table (issue 10 §3): world-atlas names its shapes by ISO 3166-1 numeric code, the API its
 * countries by alpha-2 code; WorldMapCodes.ts (generated once from i18n-iso-countries, which the browser does
 * not load) joins them.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { NUMERIC_TO_ALPHA2 } from '../../src/web/pages/public/static/WorldMapCodes';

const require = createRequire(import.meta.url);
const atlas = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as {
  objects: { countries: { geometries: Array<{ id?: string; properties: { name: string } }> } };
};

describe('numeric → alpha-2 country codes', () => {
  it('knows Spain, Andorra, the United Kingdom, Singapore and Luxembourg by their world-atlas ids', () => {
    expect(NUMERIC_TO_ALPHA2['724']).toBe('ES');
    expect(NUMERIC_TO_ALPHA2['020']).toBe('AD');
    expect(NUMERIC_TO_ALPHA2['826']).toBe('GB');
    expect(NUMERIC_TO_ALPHA2['702']).toBe('SG');
    expect(NUMERIC_TO_ALPHA2['442']).toBe('LU');
  });

  it('is exactly the table of i18n-iso-countries', () => {
    expect(NUMERIC_TO_ALPHA2).toEqual(countries.getNumericCodes());
  });

  it('names every numbered shape of countries-50m.json, Andorra included', () => {
    const ids = atlas.objects.countries.geometries.map((g) => g.id).filter((id): id is string => Boolean(id));
    expect(ids.length).toBeGreaterThan(230);
    expect(ids.filter((id) => !NUMERIC_TO_ALPHA2[id])).toEqual([]);
    const byName = new Map(atlas.objects.countries.geometries.map((g) => [g.properties.name, g.id]));
    expect(NUMERIC_TO_ALPHA2[byName.get('Andorra')!]).toBe('AD');
    expect(NUMERIC_TO_ALPHA2[byName.get('Spain')!]).toBe('ES');
  });
});
