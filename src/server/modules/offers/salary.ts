/**
 * An offer's salary range (issue 25 §17), checked on the offer as it will be after the write (the stored values with
 * the body's on top): min ≤ max, an ISO 4217 currency Intl knows, and a currency and a period whenever an amount is
 * given. The schema checks each field alone (number ≥ 0, three capitals, the period's values); this checks them together.
 */
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import type { Locale } from '../../../shared/constants';

export const SALARY_FIELDS = ['salary_min', 'salary_max', 'salary_currency', 'salary_period'] as const;

export interface Salary {
  salary_min?: number | null;
  salary_max?: number | null;
  salary_currency?: string | null;
  salary_period?: string | null;
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function isCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

export function checkSalary(lng: Locale, salary: Salary): void {
  const refuse = (field: string, code: string) =>
    AppError.badRequest('validation.failed', [{ field, message: translate(lng, code) }]);
  const { salary_min: min, salary_max: max, salary_currency: currency, salary_period: period } = salary;
  if (currency != null && !isCurrency(currency)) throw refuse('salary_currency', 'offers.salaryCurrency');
  if (min == null && max == null) return;
  if (min != null && max != null && min > max) throw refuse('salary_max', 'offers.salaryRange');
  if (currency == null) throw refuse('salary_currency', 'offers.salaryCurrency');
  if (period == null) throw refuse('salary_period', 'offers.salaryPeriod');
}
