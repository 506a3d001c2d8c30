import type { Conn } from '../../db/conn';
import type { SiteSettings as SharedSiteSettings } from '../../../shared/site';

export interface SiteSettings extends SharedSiteSettings {
  taxonomiesVersion?: string;
}

/** Used until an administrator saves the association's own details (seeded as setting `site`). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  address: '',
  phone: '',
  email: '',
  social: { linkedin: '', instagram: '', facebook: '', x: '' },
  schoolUrl: '',
  ebookUrl: '',
};

export async function readSiteSettings(db: Conn): Promise<SiteSettings> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'site').executeTakeFirst();
  if (!row) return DEFAULT_SITE_SETTINGS;
  try {
    return { ...DEFAULT_SITE_SETTINGS, ...(JSON.parse(row.value) as Partial<SiteSettings>) };
  } catch {
    return DEFAULT_SITE_SETTINGS;
  }
}

/** The membership terms (setting `membership`): the Bold fee a year and the free period of a new Bold member. */
export interface MembershipTerms {
  priceEuros: number;
  freePeriodMonths: number;
}

/** SPEC: Bold costs 50 euros a year; the free period is not given there (docs/decisions.md: three months). */
export const DEFAULT_MEMBERSHIP_TERMS: MembershipTerms = { priceEuros: 50, freePeriodMonths: 3 };

export async function readMembershipTerms(db: Conn): Promise<MembershipTerms> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'membership').executeTakeFirst();
  let stored: Partial<Record<keyof MembershipTerms, unknown>> = {};
  try {
    stored = row ? (JSON.parse(row.value) as typeof stored) : {};
  } catch {
    // an unreadable row reads as the defaults
  }
  const months = stored.freePeriodMonths;
  const price = stored.priceEuros;
  return {
    freePeriodMonths:
      typeof months === 'number' && Number.isInteger(months) && months >= 0 && months <= 36
        ? months
        : DEFAULT_MEMBERSHIP_TERMS.freePeriodMonths,
    priceEuros:
      typeof price === 'number' && Number.isFinite(price) && price >= 0 ? price : DEFAULT_MEMBERSHIP_TERMS.priceEuros,
  };
}

/** Writes one setting row (insert or replace), inside the caller's transaction. */
export async function writeSetting(db: Conn, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

/** One setting's stored value (parsed JSON), or null when missing or unreadable. */
export async function readSetting(db: Conn, key: string): Promise<unknown> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  try {
    return row ? (JSON.parse(row.value) as unknown) : null;
  } catch {
    return null;
  }
}
