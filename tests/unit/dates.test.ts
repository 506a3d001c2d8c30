/**
 * Dates as each language writes them (src/web/lib/dates.ts). The public pages format dates with the platform's own
 * Intl, without dayjs (issue 27: first-visit JS); these are the forms the portal has always shown.
 */
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/web/lib/dates';

describe('formatDate', () => {
  it.each([
    ['es', '05/01/2026', '05/01/2026 9:05', '5 de enero de 2026'],
    ['ca', '05/01/2026', '05/01/2026 9:05', '5 de gener del 2026'],
    ['en', '05/01/2026', '05/01/2026 09:05', '5 January 2026'],
  ] as const)('in %s: short %s, with the time %s, long %s', (lng, short, dateTime, long) => {
    expect(formatDate('2026-01-05', lng)).toBe(short);
    expect(formatDate(new Date(2026, 0, 5, 9, 5), lng, 'dateTime')).toBe(dateTime);
    expect(formatDate('2026-01-05', lng, 'long')).toBe(long);
  });

  it('keeps a bare date on its day and shows a dash for what is not a date', () => {
    expect(formatDate('2026-12-31', 'es')).toBe('31/12/2026');
    expect(formatDate(new Date(2026, 11, 31, 23, 59).toISOString(), 'en', 'dateTime')).toBe('31/12/2026 23:59');
    for (const empty of [null, undefined, '', 'not a date', '2026-13-45'])
      expect(formatDate(empty as string | null | undefined, 'ca')).toBe('—');
  });
});
