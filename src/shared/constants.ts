/** SPEC §9 business constants shared by both sides. */
export const LOCALES = ['es', 'en', 'ca'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';
export const LOCALE_COOKIE = 'i18n_redirected';
/** The visitor's cookie choice ('all' or 'necessary'); the server hides the banner of a page for a visitor who chose. */
export const CONSENT_COOKIE = 'cookie_consent';
export const LOCALE_COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** How long a signed link to a private file works (DESIGN §4b); lists that show such links refresh sooner. */
export const FILE_LINK_TTL_SECONDS = 5 * 60;
/** How often a page showing signed file links refetches them (a minute before they expire). */
export const FILE_LINK_REFRESH_MS = (FILE_LINK_TTL_SECONDS - 60) * 1000;

/** How long after posting its author may still edit a wall post (issue 12 §4). */
export const WALL_EDIT_MINUTES = 15;

export const PAGE_SIZES = {
  articles: 9,
  jobs: 10,
  users: 10,
  portfolios: 24,
  experiences: 24,
  cards: 24,
  workgroups: 6,
  workgroupComments: 6,
  workgroupFiles: 6,
  workgroupUsers: 12,
  companyJobs: 10,
  applicants: 10,
} as const;
export const MAX_PAGE_SIZE = 100;

export const DEBOUNCE_MS = { text: 500, choice: 250 } as const;
export const TOAST_MS = 5000;
export const DEVICE_TYPE = 2;

export const CONTRACTS = ['INDEFINITE', 'TEMPORAL', 'FREELANCE', 'PART-TIME', 'FULL-TIME', 'INTERNSHIP'] as const;
export type Contract = (typeof CONTRACTS)[number];
export const JOB_STATUSES = ['PENDING', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const APPLICANT_STATUSES = ['PENDING', 'ACCEPTED', 'CANCELLED'] as const;
export const ARTICLE_TYPES = ['NEWS', 'EVENT'] as const;
/** An article's life in the back office: SCHEDULED ones are published by a task at their `publish_at`. */
export const ARTICLE_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED'] as const;
export const WORKGROUP_TYPES = ['PUBLIC', 'PRIVATE'] as const;
export const MEMBERSHIP_STATUSES = ['PENDING', 'ACCEPTED', 'CANCELLED'] as const;
export const CONTENT_STATUSES = ['UNPUBLISHED', 'PENDING', 'PUBLISHED'] as const;
export const ACCOUNT_STATUSES = ['PENDING', 'VALIDATED', 'DISABLED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const PROFILE_TYPES = ['student', 'pas', 'professor'] as const;
export const BOLD_FEE_EUR = 50;
export const FIRST_YEAR = 2015;

/** Five random base-36 strings (SPEC §9). */
export function makeDeviceId(random: () => number = Math.random): string {
  return Array.from({ length: 5 }, () => random().toString(36).slice(2)).join('');
}

/** The editable pages (content_pages keys, issue 14 §2): the info pages listed under /info, and the association's own texts. */
export const INFO_PAGE_KEYS = ['faqs', 'privacy', 'legal', 'cookies', 'conditions'] as const;
export const ASSOCIATION_PAGE_KEYS = ['about', 'board', 'benefits'] as const;
export const PAGE_KEYS = [...INFO_PAGE_KEYS, ...ASSOCIATION_PAGE_KEYS] as const;
