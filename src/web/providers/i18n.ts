/**
 * i18next over locales/<lng>/common.json (flat keys), exposed to Refine as its i18nProvider.
 * Each language is its own chunk, loaded on demand: a page waits for its own language only. Spanish,
 * the fallback, is fetched the first time a key is missing in the current language (the unit tests
 * keep the three files in step, so normally never). A missing language file logs a console warning.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../shared/constants';

type Bundle = Record<string, string>;
const FILES = import.meta.glob<Bundle>('../../../locales/*/common.json', { import: 'default' });
const loading = new Map<string, Promise<void>>();
const KEY = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;

export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  initAsync: false,
  resources: {},
  partialBundledLanguages: true,
  lng: typeof window === 'undefined' ? DEFAULT_LOCALE : localeFromPath(window.location.pathname),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: ['common'],
  defaultNS: 'common',
  keySeparator: false,
  interpolation: { escapeValue: false },
  react: { bindI18nStore: 'added' },
  saveMissing: true, // only so that missingKeyHandler runs (there is no backend to save to)
  missingKeyHandler: (lngs, _ns, key) => {
    // Refine passes ready-made text through translate too (document titles): only our keys count
    if (!KEY.test(key)) return;
    if (!i18n.hasResourceBundle(DEFAULT_LOCALE, 'common')) void loadLocale(DEFAULT_LOCALE);
    else console.warn(`Missing translation ${lngs.join(',')}: ${key}`);
  },
});

/** Loads a language's strings once; a missing or broken file only warns (SPEC §8). */
export function loadLocale(lng: string): Promise<void> {
  let pending = loading.get(lng);
  if (!pending) {
    const file = FILES[`../../../locales/${lng}/common.json`];
    pending = (file ? file() : Promise.reject(new Error('no such file')))
      .then((bundle) => void i18n.addResourceBundle(lng, 'common', bundle, true, true))
      .catch((error: unknown) => console.warn(`Language file locales/${lng}/common.json could not be loaded`, error));
    loading.set(lng, pending);
  }
  return pending;
}

/** Switches the interface language once its strings are there (the page keeps the old ones meanwhile). */
export async function setLocale(lng: Locale): Promise<void> {
  await loadLocale(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * Refine's own headline for a failed request ("Error (status code: 400)"). It is replaced by a marker, so the
 * notification provider shows the server's explanation instead (SPEC §8): the one default error notification,
 * and no page has to write its own.
 */
export const REFINE_ERROR = '\u0000refine-error';
const REFINE_ERROR_KEYS = new Set([
  'notifications.error',
  'notifications.createError',
  'notifications.editError',
  'notifications.deleteError',
]);

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) =>
    REFINE_ERROR_KEYS.has(key)
      ? REFINE_ERROR
      : (i18n.t(key, {
          defaultValue: defaultMessage,
          ...(typeof options === 'object' ? (options as object) : {}),
        }) as string),
  changeLocale: (lang: string) => setLocale(isLocale(lang) ? lang : DEFAULT_LOCALE),
  getLocale: () => currentLocale(),
};
