/**
 * Country names in the visitor's language (issue 10 §2), from i18n-iso-countries on the server only (its name
 * lists stay out of the browser bundle). A code a language has no name for reads in Spanish; a code no
 * language knows reads as nothing (null), never as the code or a key. `preferred` are the reference `countries`
 * table's names (what the directory's country filter and the map show), used first so one page names a country once.
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries/index.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/constants';

// the library without its ~80 name lists (its main entry loads every one at start); the portal's languages only
const require = createRequire(import.meta.url);
for (const lng of LOCALES) countries.registerLocale(require(`i18n-iso-countries/langs/${lng}.json`));

export function countryName(
  code: string | null | undefined,
  lng: Locale,
  preferred?: ReadonlyMap<string, string>,
): string | null {
  if (!code) return null;
  const upper = code.trim().toUpperCase();
  if (!/^[A-Z]{2,3}$/.test(upper)) return null;
  return preferred?.get(upper) || (nameIn(upper, lng) ?? nameIn(upper, DEFAULT_LOCALE) ?? null);
}

function nameIn(code: string, lng: string): string | undefined {
  const name = countries.getName(code, lng, { select: 'official' });
  return name && name.trim() ? name : undefined;
}
