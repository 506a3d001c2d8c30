/** Server-side messages: locales/<lng>/errors.json through an i18next instance of its own. */
import i18next, { type TFunction } from 'i18next';
import { LOCALES, DEFAULT_LOCALE, isLocale, type Locale } from '../shared/constants';
import es from '../../locales/es/errors.json' with { type: 'json' };
import en from '../../locales/en/errors.json' with { type: 'json' };
import ca from '../../locales/ca/errors.json' with { type: 'json' };

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: ['errors'],
  defaultNS: 'errors',
  resources: { es: { errors: es }, en: { errors: en }, ca: { errors: ca } },
  interpolation: { escapeValue: false },
});

const fixed = new Map<Locale, TFunction>(LOCALES.map((lng) => [lng, instance.getFixedT(lng, 'errors')]));

export function translate(lng: Locale, key: string, params: Record<string, unknown> = {}): string {
  return fixed.get(lng)!(key, params) as string;
}

/** The request's language: the `language` header, else Accept-Language, else Spanish. */
export function pickLanguage(header: unknown, acceptLanguage: unknown): Locale {
  if (isLocale(header)) return header;
  if (typeof acceptLanguage === 'string') {
    for (const part of acceptLanguage.split(',')) {
      const code = part.trim().slice(0, 2).toLowerCase();
      if (isLocale(code)) return code;
    }
  }
  return DEFAULT_LOCALE;
}
