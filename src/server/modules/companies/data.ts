/**
 * A company's fields with no column (issue 24 §3): a property a maintainer adds to schemas/company.profile.json is
 * stored in companies.data, beside the account's own bookkeeping (its consents), and answered under `extra`.
 */

/** Keys of companies.data the account writes itself: never a profile field. */
const ACCOUNT_KEYS: readonly string[] = ['consents'];

/** The columns PATCH /com/companies writes (profileService.ts): every other field of the body lives in the data. */
const COLUMN_FIELDS: readonly string[] = [
  'company_name',
  'contact_name',
  'url',
  'specialty_company',
  'contact_phone',
  'language',
];

function parsed(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The profile fields kept in companies.data (the response schema whitelists them again). */
export function companyData(row: { data: string }): Record<string, unknown> {
  return Object.fromEntries(Object.entries(parsed(row.data)).filter(([name]) => !ACCOUNT_KEYS.includes(name)));
}

/** companies.data with the body's fields that have no column merged in, or null when the body has none. */
export function mergedCompanyData(row: { data: string }, body: object): string | null {
  const fields = Object.entries(body).filter(
    ([name, value]) => !COLUMN_FIELDS.includes(name) && !ACCOUNT_KEYS.includes(name) && value !== undefined,
  );
  return fields.length ? JSON.stringify({ ...parsed(row.data), ...Object.fromEntries(fields) }) : null;
}
