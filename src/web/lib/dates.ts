/**
 * Dates as the visitor's language writes them (DESIGN §8: dayjs with its locales): 23/11/2026 in es and
 * ca, 11/23/2026 would be American — en here is British English, the school's, so 23/11/2026 too; long
 * forms ("23 de noviembre de 2026", "23 November 2026", "23 de novembre de 2026") where words read better.
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/es';
import 'dayjs/locale/ca';
import 'dayjs/locale/en-gb';
import type { Locale } from '../../shared/constants';

dayjs.extend(localizedFormat);

const DAYJS_LOCALE: Record<Locale, string> = { es: 'es', ca: 'ca', en: 'en-gb' };

/** `short` → 23/11/2026, `long` → 23 November 2026, `dateTime` → 23/11/2026 14:05. Empty values give "—". */
export function formatDate(value: string | Date | null | undefined, lng: Locale, style: 'short' | 'long' | 'dateTime' = 'short'): string {
  if (!value) return '—';
  const date = dayjs(value);
  if (!date.isValid()) return '—';
  // dayjs's Catalan long form is "23 Novembre de 2026"; the platform's own writes "23 de novembre de 2026" (and "d'abril")
  if (style === 'long') return new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : lng, { dateStyle: 'long' }).format(date.toDate());
  return date.locale(DAYJS_LOCALE[lng]).format(style === 'short' ? 'L' : 'L LT');
}
