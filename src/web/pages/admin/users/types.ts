import type { AuditItem } from '../../../../shared/audit';
import type { MemberDecision } from '../../../../shared/memberMoves';

export type AdminAuditItem = AuditItem;

export interface AdminUser {
  hash: string;
  name: string;
  surname1: string;
  surname2: string | null;
  email: string;
  status: string;
  role: string;
  requested_role: 'REGULAR' | 'BOLD';
  document_type: string | null;
  document_number: string | null;
  profile_type: string;
  eligibility_basis?: string | null;
  registry_check?: string | null;
  graduation_year: number | null;
  category: { hash: string; title: string } | null;
  language: string;
  email_confirmed: boolean | null;
  created_at: string;
  moves: MemberDecision[];
  code_numeric?: number;
  gender?: string | null;
  birthdate?: string | null;
  phone?: string | null;
  city?: string | null;
  country_code?: string | null;
  current_job?: string | null;
  current_company?: string | null;
  subscription_end?: string | null;
  has_iban?: boolean;
  profile_complete?: boolean;
  history?: AdminAuditItem[];
}
