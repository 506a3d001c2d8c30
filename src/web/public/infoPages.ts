import type { Locale } from '../../shared/constants';

/**
 * The info pages' addresses as the reference seed stores them (src/server/db/seed/data.ts CONTENT_PAGES): the footer
 * and the registration forms link to them without asking the server first. An address the back office changes
 * later still opens the page in the URL's language (InfoPage looks a slug up in every language).
 */
export const INFO_SLUGS = {
  faqs: { es: 'preguntas-frecuentes', en: 'faqs', ca: 'preguntes-frequents' },
  privacy: { es: 'privacidad', en: 'privacy', ca: 'privacitat' },
  legal: { es: 'aviso-legal', en: 'legal', ca: 'avis-legal' },
  cookies: { es: 'cookies', en: 'cookies', ca: 'galetes' },
  conditions: { es: 'condiciones-de-uso', en: 'conditions-of-use', ca: 'condicions-dus' },
} as const satisfies Record<string, Record<Locale, string>>;

export type InfoPageKey = keyof typeof INFO_SLUGS;
/** The order of the footer's list. */
export const FOOTER_INFO_PAGES: readonly InfoPageKey[] = ['faqs', 'conditions', 'privacy', 'legal', 'cookies'];
