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

type Style = 'short' | 'long' | 'full' | 'monthYear' | 'dateTime';
const INTL_OPTIONS: Partial<Record<Style, Intl.DateTimeFormatOptions>> = {
  long: { dateStyle: 'long' },
  full: { dateStyle: 'full' },
  monthYear: { month: 'short', year: 'numeric' },
};

// a formatter costs far more to make than to use (a list of twelve cards made twelve on every render)
const formatters = new Map<string, Intl.DateTimeFormat>();
function intlFormat(lng: Locale, style: Style): Intl.DateTimeFormat {
  const key = `${lng}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter)
    formatters.set(key, (formatter = new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : lng, INTL_OPTIONS[style])));
  return formatter;
}

/**
 * `short` → 23/11/2026, `long` → 23 November 2026, `full` → Monday, 23 November 2026, `monthYear` → Nov 2026,
 * `dateTime` → 23/11/2026 14:05. Empty values give "—". A bare date (2026-11-23) is that day wherever the
 * visitor is (read at noon, so no time zone moves it).
 */
export function formatDate(value: string | Date | null | undefined, lng: Locale, style: Style = 'short'): string {
  if (!value) return '—';
  const date = dayjs(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00` : value);
  if (!date.isValid()) return '—';
  // dayjs's Catalan long form is "23 Novembre de 2026"; the platform's own writes "23 de novembre de 2026" (and "d'abril")
  if (INTL_OPTIONS[style]) return intlFormat(lng, style).format(date.toDate());
  return date.locale(DAYJS_LOCALE[lng]).format(style === 'short' ? 'L' : 'L LT');
}
