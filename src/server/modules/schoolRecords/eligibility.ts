/**
 * Who may join (SPEC §1): graduates, people who completed at least one academic year, staff and professors.
 * An academic year Y/Y+1 counts as completed once 1 July of Y+1 has passed.
 */
import type { RecordFields } from './rows';

export function completedYears(first: number | null, last: number | null, now: Date): number {
  if (first === null) return 0;
  // the latest academic year whose end (1 July of its second calendar year) has passed
  const lastEnded = now.getUTCMonth() >= 6 ? now.getUTCFullYear() - 1 : now.getUTCFullYear() - 2;
  const end = Math.min(last ?? lastEnded, lastEnded);
  return Math.max(0, end - first + 1);
}

export function isEligible(
  record: Pick<RecordFields, 'kind' | 'first_year' | 'last_year' | 'graduated_on'>,
  now = new Date(),
): boolean {
  if (record.kind === 'STAFF' || record.kind === 'PROFESSOR') return true;
  if (record.graduated_on && record.graduated_on <= now.toISOString().slice(0, 10)) return true;
  return completedYears(record.first_year, record.last_year, now) >= 1;
}
