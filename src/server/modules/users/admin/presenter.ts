/** What an administrator needs to decide on a member (list) and to look at one (detail). */
import type { Locale } from '../../../../shared/constants';
import { MEMBER_MOVES, type MemberStatus } from '../../../../shared/memberMoves';
import type { AdminUserRow } from './repository';

function parse(data: string): Record<string, unknown> {
  try {
    const value = JSON.parse(data) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Whether the member confirmed their e-mail address: a timestamp column or `data` field written by the
 * registration (whichever exists); null when the portal does not record it for this account.
 */
function emailConfirmed(row: Record<string, unknown>, data: Record<string, unknown>): boolean | null {
  for (const key of ['email_confirmed_at', 'email_verified_at', 'email_confirmed']) {
    if (key in row) return row[key] !== null && row[key] !== undefined && row[key] !== 0 && row[key] !== false;
    if (key in data) return data[key] !== null && data[key] !== undefined && data[key] !== false;
  }
  return null;
}

function requestedRole(row: AdminUserRow, data: Record<string, unknown>): 'REGULAR' | 'BOLD' {
  const asked = str(data['requested_role'])?.toUpperCase();
  if (asked === 'BOLD' || asked === 'REGULAR') return asked;
  return row.role === 'REGULAR' ? 'REGULAR' : 'BOLD';
}

export function presentListItem(row: AdminUserRow, lng: Locale) {
  const data = parse(row.data);
  const title = row[`category_${lng}` as const] ?? null;
  return {
    hash: row.hash,
    name: row.name,
    surname1: row.surname1,
    surname2: row.surname2,
    email: row.email,
    status: row.status,
    role: row.role,
    requested_role: requestedRole(row, data),
    document_type: str(data['document_type']),
    document_number: str(data['document_number']),
    profile_type: row.profile_type,
    eligibility_basis: str(data['eligibility_basis']),
    registry_check: str(data['registry_check']),
    graduation_year: row.graduation_year,
    category: row.category_hash ? { hash: row.category_hash, title: title ?? '' } : null,
    language: row.language,
    email_confirmed: emailConfirmed(row as unknown as Record<string, unknown>, data),
    created_at: row.created_at,
    moves: [...(MEMBER_MOVES[row.status as MemberStatus] ?? [])],
  };
}

export function presentDetail(row: AdminUserRow, lng: Locale, history: unknown[]) {
  const data = parse(row.data);
  return {
    ...presentListItem(row, lng),
    code_numeric: row.code_numeric,
    gender: str(data['gender']),
    birthdate: str(data['birthdate']),
    phone: str(data['phone']) ?? str(data['mobile']),
    city: row.city,
    country_code: row.country_code,
    current_job: row.current_job,
    current_company: row.current_company,
    subscription_end: row.subscription_end,
    has_iban: !!row.iban,
    profile_complete: row.profile_complete === 1,
    updated_at: row.updated_at,
    history,
  };
}
