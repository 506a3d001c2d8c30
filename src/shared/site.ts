/** The association's site settings as GET /api/init returns them (SPEC §1 footer, the e-book library). */
export interface SiteSettings {
  address: string;
  phone: string;
  email: string;
  social: { linkedin: string; instagram: string; facebook: string; x: string };
  schoolUrl: string;
  ebookUrl: string;
  /** The Bold fee a year and the free period of a new Bold member (back-office settings). */
  membership?: { priceEuros: number; freePeriodMonths: number };
}
