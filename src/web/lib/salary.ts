/**
 * An offer's salary as one line (issue 25 §17): "40.000 € – 52.000 € / año", "18,50 US$ / hora" — the amounts in the
 * page's language with Intl (no decimals for whole amounts), the period from the locale (jobs.salaryPer.<period>).
 */
import type { CompanyJob } from '../../shared/schema-types';

export type SalaryParts = Partial<Pick<CompanyJob, 'salary_min' | 'salary_max' | 'salary_currency' | 'salary_period'>>;

export function formatSalary(
  salary: SalaryParts,
  lng: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string | null {
  const { salary_min: min, salary_max: max, salary_currency: currency, salary_period: period } = salary;
  if ((min == null && max == null) || !currency || !period) return null;
  const money = (value: number) =>
    new Intl.NumberFormat(lng, {
      style: 'currency',
      currency,
      maximumFractionDigits: Number.isInteger(value) ? 0 : 2,
    }).format(value);
  const amount =
    min != null && max != null && min !== max
      ? `${money(min)} – ${money(max)}`
      : min != null
        ? t('jobs.salaryFrom', { amount: money(min) })
        : t('jobs.salaryUpTo', { amount: money(max!) });
  return `${amount} ${t(`jobs.salaryPer.${period}`)}`;
}
