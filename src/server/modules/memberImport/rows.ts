/**
 * One row of a members file, checked on its own (issue 28 §3): each value normalised, or the first reason the row is
 * refused (a key of errors.json `memberImport.*` and its values). What needs the database or the rest of the file
 * (duplicates, addresses already registered, member numbers taken) is service.ts's.
 */
import { isDni, isNie, isPassport } from '../../../shared/formats';
import {
  MEMBER_COLUMNS,
  MEMBER_COLUMN_SYNONYMS,
  type MemberColumn,
  type MemberTier,
} from '../../../shared/memberColumns';
import { foldText } from '../../../shared/text';
import { LOCALES, type Locale } from '../../../shared/constants';
import { translate } from '../../i18n';
import { parseTabularDate, type ColumnSpec } from '../../lib/tabular';

export interface MemberLine {
  email: string;
  name: string;
  surname1: string;
  surname2: string | null;
  document_number: string | null;
  document_type: 'DNI' | 'NIE' | 'PASSPORT' | 'OTHER' | null;
  member_number: number | null;
  tier: MemberTier;
  /** yyyy-mm-dd, Bold only */
  paid_until: string | null;
  language: Locale;
  appear_to_members: 0 | 1;
  appear_to_companies: 0 | 1;
  newsletter: 0 | 1;
}

export interface Refusal {
  reason: string;
  params?: Record<string, string>;
}

const REQUIRED: MemberColumn[] = ['email', 'name', 'surname1'];

/** The columns for lib/tabular: key, labels in es/en/ca and the usual synonyms. */
export function memberColumnSpecs(): ColumnSpec<MemberColumn>[] {
  return MEMBER_COLUMNS.map((key) => ({
    key,
    aliases: [...LOCALES.map((lng) => translate(lng, `memberColumns.${key}`)), ...MEMBER_COLUMN_SYNONYMS[key]],
    required: REQUIRED.includes(key),
  }));
}

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;
const TIERS: Record<string, MemberTier> = {
  regular: 'REGULAR',
  normal: 'REGULAR',
  ordinario: 'REGULAR',
  ordinari: 'REGULAR',
  bold: 'BOLD',
};
const LANGUAGES: Record<string, Locale> = {
  es: 'es',
  espanol: 'es',
  castellano: 'es',
  spanish: 'es',
  castella: 'es',
  ca: 'ca',
  catala: 'ca',
  catalan: 'ca',
  en: 'en',
  english: 'en',
  ingles: 'en',
  angles: 'en',
};
const YES = new Set(['yes', 'y', 'si', 's', '1', 'true', 'x', 'verdadero', 'cert', 'sí']);
const NO = new Set(['no', 'n', '0', 'false', 'falso', 'fals']);
const MAX_TEXT = 100;

function flag(value: string | undefined, column: MemberColumn): 0 | 1 | Refusal {
  if (value === undefined) return 0; // consent is never assumed
  const folded = foldText(value);
  if (YES.has(folded)) return 1;
  if (NO.has(folded)) return 0;
  return { reason: 'memberImport.badFlag', params: { column, value: value.slice(0, 40) } };
}

function documentOf(value: string): { number: string; type: MemberLine['document_type'] } | null {
  const number = value.replace(/[\s.-]/g, '').toUpperCase();
  if (isDni(number)) return { number, type: 'DNI' };
  if (isNie(number)) return { number, type: 'NIE' };
  if (/^\d{8}[A-Z]$/.test(number) || /^[XYZ]\d{7}[A-Z]$/.test(number)) return null; // a DNI/NIE with a wrong letter
  if (isPassport(number)) return { number, type: 'PASSPORT' };
  return /^[A-Z0-9]{5,20}$/.test(number) ? { number, type: 'OTHER' } : null;
}

const isRefusal = (value: unknown): value is Refusal => typeof value === 'object' && value !== null;

/** `today`: yyyy-mm-dd; a Bold member's paid period must not be over already. */
export function checkLine(values: Partial<Record<MemberColumn, string>>, today: string): MemberLine | Refusal {
  for (const column of REQUIRED) if (!values[column]) return { reason: 'memberImport.missing', params: { column } };
  for (const column of ['name', 'surname1', 'surname2'] as const) {
    if ((values[column]?.length ?? 0) > MAX_TEXT) return { reason: 'memberImport.tooLong', params: { column } };
  }
  const email = values.email!.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email))
    return { reason: 'memberImport.badEmail', params: { value: values.email!.slice(0, 80) } };

  let document: ReturnType<typeof documentOf> = null;
  if (values.document_number) {
    document = documentOf(values.document_number);
    if (!document) return { reason: 'memberImport.badDocument', params: {} };
  }
  let memberNumber: number | null = null;
  if (values.member_number) {
    const text = values.member_number.replace(/\s/g, '');
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1)
      return { reason: 'memberImport.badNumber', params: { value: values.member_number.slice(0, 20) } };
    memberNumber = Number(text);
  }
  const tier = values.tier ? TIERS[foldText(values.tier)] : 'REGULAR';
  if (!tier) return { reason: 'memberImport.unknownTier', params: { value: values.tier!.slice(0, 40) } };
  let paidUntil: string | null = null;
  if (tier === 'BOLD') {
    if (!values.paid_until) return { reason: 'memberImport.paidUntilMissing' };
    paidUntil = parseTabularDate(values.paid_until);
    if (!paidUntil)
      return {
        reason: 'memberImport.badDate',
        params: { column: 'paid_until', value: values.paid_until.slice(0, 40) },
      };
    if (paidUntil < today) return { reason: 'memberImport.paidUntilPast', params: { date: paidUntil } };
  }
  const language = values.language ? LANGUAGES[foldText(values.language)] : 'es';
  if (!language) return { reason: 'memberImport.unknownLanguage', params: { value: values.language!.slice(0, 40) } };
  const flags = {
    appear_to_members: flag(values.appear_to_members, 'appear_to_members'),
    appear_to_companies: flag(values.appear_to_companies, 'appear_to_companies'),
    newsletter: flag(values.newsletter, 'newsletter'),
  };
  for (const value of Object.values(flags)) if (isRefusal(value)) return value;
  return {
    email,
    name: values.name!.trim(),
    surname1: values.surname1!.trim(),
    surname2: values.surname2?.trim() || null,
    document_number: document?.number ?? null,
    document_type: document?.type ?? null,
    member_number: memberNumber,
    tier,
    paid_until: paidUntil,
    language,
    appear_to_members: flags.appear_to_members as 0 | 1,
    appear_to_companies: flags.appear_to_companies as 0 | 1,
    newsletter: flags.newsletter as 0 | 1,
  };
}

export const refused = (value: MemberLine | Refusal): value is Refusal => 'reason' in value;
