import type { Conn } from '../auth/repository';
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
