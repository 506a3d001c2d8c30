/**
 * Dates as the visitor's language writes them: 23/11/2026 in es and ca, 11/23/2026 would be American — en here is
 * British English, the school's, so 23/11/2026 too; long forms ("23 de noviembre de 2026", "23 November 2026",
 * "23 de novembre del 2026") where words read better. The browser's own Intl writes them, not dayjs (DESIGN §8 names
 * it for dates): every public page shows dates, and dayjs with three locales was ~5 KiB of their first visit
 * (issue 27: ≤ 160 KiB); the forms' date pickers still use dayjs, as antd does.
 */
import type { Locale } from '../../shared/constants';

type Style = 'short' | 'long' | 'full' | 'monthYear' | 'dateTime';
const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const INTL_OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  short: DAY,
  long: { dateStyle: 'long' },
  full: { dateStyle: 'full' },
  monthYear: { month: 'short', year: 'numeric' },
  // 23/11/2026 9:05 in es and ca, 23/11/2026 09:05 in British English, without the comma Intl puts between them
  dateTime: DAY,
};
const TIME: Record<Locale, Intl.DateTimeFormatOptions> = {
  es: { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' },
  ca: { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' },
  en: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

// a formatter costs far more to make than to use (a list of twelve cards made twelve on every render)
const formatters = new Map<string, Intl.DateTimeFormat>();
function intlFormat(lng: Locale, style: Style | 'time'): Intl.DateTimeFormat {
  const key = `${lng}|${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options = style === 'time' ? TIME[lng] : INTL_OPTIONS[style];
    formatters.set(key, (formatter = new Intl.DateTimeFormat(lng === 'en' ? 'en-GB' : lng, options)));
  }
  return formatter;
}

/**
 * `short` → 23/11/2026, `long` → 23 November 2026, `full` → Monday, 23 November 2026, `monthYear` → Nov 2026,
 * `dateTime` → 23/11/2026 14:05. Empty values give "—". A bare date (2026-11-23) is that day wherever the
 * visitor is (read at noon, so no time zone moves it).
 */
export function formatDate(value: string | Date | null | undefined, lng: Locale, style: Style = 'short'): string {
  if (!value) return '—';
  const date = new Date(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00` : value);
  // a day that does not exist (2026-13-45) is no date, not one a year later
  if (Number.isNaN(date.getTime())) return '—';
  const day = intlFormat(lng, style).format(date);
  return style === 'dateTime' ? `${day} ${intlFormat(lng, 'time').format(date)}` : day;
}
