/**
 * The columns of the members list as the back office exports it and imports it (issue 28 §3–§4): one list, so an
 * exported file can be imported again (and then changes nothing). A header is recognised by its key or by its label
 * in any of the three languages (locales/<lng>/errors.json `memberColumns.<key>`), plus the few synonyms below,
 * compared folded (case, accents and spacing ignored).
 */
export const MEMBER_COLUMNS = [
  'member_number',
  'email',
  'name',
  'surname1',
  'surname2',
  'document_number',
  'tier',
  'paid_until',
  'language',
  'appear_to_members',
  'appear_to_companies',
  'newsletter',
] as const;
export type MemberColumn = (typeof MEMBER_COLUMNS)[number];

/** Only exported (facts of the account, not something an import sets). */
export const EXPORT_ONLY_COLUMNS = ['status', 'email_confirmed', 'created_at'] as const;

/** Other names an old list commonly uses for a column (folded). */
export const MEMBER_COLUMN_SYNONYMS: Record<MemberColumn, readonly string[]> = {
  member_number: ['numero', 'num socio', 'n socio', 'socio', 'soci', 'member no', 'member id', 'partner number'],
  email: ['e-mail', 'mail', 'correo', 'correo electronico', 'correu', 'correu electronic', 'email address'],
  name: ['nombre', 'nom', 'first name', 'given name'],
  surname1: [
    'apellido',
    'apellido 1',
    'primer apellido',
    'cognom',
    'cognom 1',
    'primer cognom',
    'last name',
    'surname',
  ],
  surname2: ['apellido 2', 'segundo apellido', 'cognom 2', 'segon cognom', 'second surname'],
  document_number: ['dni', 'nie', 'nif', 'pasaporte', 'passaport', 'passport', 'document', 'documento', 'id number'],
  tier: ['tipo', 'tipus', 'cuota', 'quota', 'membership', 'plan', 'role'],
  paid_until: ['pagado hasta', 'pagat fins', 'valid until', 'valido hasta', 'valid fins', 'expiry', 'vencimiento'],
  language: ['idioma', 'lang', 'lengua', 'llengua'],
  appear_to_members: ['directorio', 'directori', 'directory', 'visible'],
  appear_to_companies: ['empresas', 'empreses', 'companies'],
  newsletter: ['boletin', 'butlleti'],
};

export const MEMBER_TIERS = ['REGULAR', 'BOLD'] as const;
export type MemberTier = (typeof MEMBER_TIERS)[number];
