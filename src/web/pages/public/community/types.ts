export interface Member {
  hash: string;
  name: string;
  surname1: string;
  surname2: string | null;
  photo: string | null;
  profile_type: string;
  graduation_year: number | null;
  country_code: string | null;
  /** the country's name in the page's language (the server's i18n-iso-countries; Spanish when missing) */
  country_name?: string | null;
  category: { hash: string; title: string } | null;
  is_ambassador: boolean;
  is_entrepreneur: boolean;
  slug: string | null;
  locked: boolean;
  city?: string | null;
  current_job?: string | null;
  current_company?: string | null;
  tags?: Array<{ hash: string; title: string }>;
}
