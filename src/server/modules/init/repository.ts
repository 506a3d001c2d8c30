import type { Conn } from '../auth/repository';

export interface SiteSettings {
  address: string;
  phone: string;
  email: string;
  social: { linkedin: string; instagram: string; facebook: string; x: string };
  schoolUrl: string;
  ebookUrl: string;
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
