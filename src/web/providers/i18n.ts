/**
 * i18next over locales/<lng>/<namespace>.json (flat keys), exposed to Refine as its i18nProvider.
 * Each language and namespace is its own chunk, loaded on demand: a page waits for its own language only, and a
 * public page for `common` only (what the shell and the public pages show); the areas and the sign-in pages add
 * `areas`, the back office `admin` (issue 27: the areas' texts were two thirds of a public page's first visit).
 * The code does not name namespaces: a key is looked up in `common`, then in the others (fallbackNS), so a key can
 * move between files without touching the code (tests/unit/public-texts keeps `common` to the public pages' keys).
 * Spanish, the fallback, is fetched the first time a key is missing in the current language (the unit tests
 * keep the three languages in step, so normally never). A missing language file logs a console warning.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../shared/constants';

type Bundle = Record<string, string>;
export const NAMESPACES = ['common', 'areas', 'admin'] as const;
export type Namespace = (typeof NAMESPACES)[number];
const FILES = import.meta.glob<Bundle>('../../../locales/*/{common,areas,admin}.json', { import: 'default' });
const loading = new Map<string, Promise<void>>();
/** The namespaces the app has needed so far: a change of language loads them all in the new language. */
const needed = new Set<Namespace>(['common']);
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
  fallbackNS: ['areas', 'admin'],
  keySeparator: false,
  interpolation: { escapeValue: false },
  react: { bindI18nStore: 'added' },
  saveMissing: true, // only so that missingKeyHandler runs (there is no backend to save to)
  missingKeyHandler: (lngs, _ns, key) => {
    // Refine passes ready-made text through translate too (document titles): only our keys count
    if (!KEY.test(key)) return;
    const lng = currentLocale();
    // a key outside the namespaces loaded so far: a page that should have asked for them (the key shows once
    // they are there, since the store's 'added' event renders again); the server renderer keeps to `common`, as
    // the page it renders does when it hydrates
    if (NAMESPACES.some((ns) => !i18n.hasResourceBundle(lng, ns))) {
      if (typeof window === 'undefined') return void console.warn(`Translation ${key} is not in common`);
      console.warn(`Translation ${key} is not in the texts loaded so far (${[...needed].join(', ')})`);
      void loadTexts(NAMESPACES);
    } else if (!i18n.hasResourceBundle(DEFAULT_LOCALE, 'common')) void loadLocale(DEFAULT_LOCALE, [...needed]);
    else console.warn(`Missing translation ${lngs.join(',')}: ${key}`);
  },
});

/** Loads a language's texts of the given namespaces once; a missing or broken file only warns (SPEC §8). */
export function loadLocale(lng: string, namespaces: readonly Namespace[] = ['common']): Promise<void> {
  return Promise.all(
    namespaces.map((ns) => {
      let pending = loading.get(`${lng}/${ns}`);
      if (!pending) {
        const path = `locales/${lng}/${ns}.json`;
        const file = FILES[`../../../${path}`];
        pending = (file ? file() : Promise.reject(new Error('no such file')))
          .then((bundle) => void i18n.addResourceBundle(lng, ns, bundle, true, true))
          .catch((error: unknown) => console.warn(`Language file ${path} could not be loaded`, error));
        loading.set(`${lng}/${ns}`, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** Loads namespaces in the current language, and in any language the visitor switches to later. */
export function loadTexts(namespaces: readonly Namespace[], lng: string = currentLocale()): Promise<void> {
  for (const ns of namespaces) needed.add(ns);
  return loadLocale(lng, namespaces);
}

/** Switches the interface language once its strings are there (the page keeps the old ones meanwhile). */
export async function setLocale(lng: Locale): Promise<void> {
  await loadLocale(lng, [...needed]);
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
