/** i18next over locales/<lng>/common.json (flat keys), exposed to Refine as its i18nProvider. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../shared/constants';
import es from '../../../locales/es/common.json';
import en from '../../../locales/en/common.json';
import ca from '../../../locales/ca/common.json';

const resources = { es: { common: es }, en: { common: en }, ca: { common: ca } };

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  initAsync: false,
  resources,
  lng: localeFromPath(window.location.pathname),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: ['common'],
  defaultNS: 'common',
  keySeparator: false,
  interpolation: { escapeValue: false },
  missingKeyHandler: (lngs, _ns, key) => console.warn(`Missing translation ${lngs.join(',')}: ${key}`),
});

export function localeFromPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) =>
    i18n.t(key, { defaultValue: defaultMessage, ...(typeof options === 'object' ? (options as object) : {}) }) as string,
  changeLocale: (lang: string) => i18n.changeLanguage(lang),
  getLocale: () => currentLocale(),
};
