/**
 * SPEC §6 role/permission matrix — the single source for the server (enforced on every route)
 * and the browser (access control provider reads the actor's list from GET /api/init).
 */
export const ROLES = ['ANONYMOUS', 'REGULAR', 'BOLD', 'GRATIS', 'COMPANY', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];
export const MEMBER_ROLES: readonly Role[] = ['REGULAR', 'BOLD', 'GRATIS'];
/** Bold and its free period share every Bold benefit (SPEC §6). */
export const BOLD_ROLES: readonly Role[] = ['BOLD', 'GRATIS'];

export const PERMISSIONS = [
  'public.browse', // public pages, lists and summaries
  'session.refresh',
  'user.login',
  'user.register',
  'user.self', // own profile, settings, logout
  'user.portfolios.manage',
  'user.experiences.manage',
  'articles.save',
  'articles.subscribe',
  'jobs.view', // full offer detail
  'jobs.apply',
  'directory.details', // the fuller directory card
  'workgroups.subscribe',
  'workgroups.create',
  'workgroups.comment',
  'card.view',
  'membership.manage', // own payment cards, subscription, receipts and direct-debit mandate (any member: a Regular upgrades)
  'library.view',
  'company.login',
  'company.register',
  'company.self',
  'company.jobs.manage',
  'company.candidates',
  'admin.login',
  'admin.self',
  'admin.validate',
  'admin.content',
  'user.messages', // messages (issue 29): each side its own inbox
  'company.messages',
  'admin.messages',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ANONYMOUS: Permission[] = [
  'public.browse',
  'session.refresh',
  'user.login',
  'user.register',
  'company.login',
  'company.register',
  'admin.login',
];
const MEMBER: Permission[] = [
  'public.browse',
  'session.refresh',
  'user.self',
  'user.portfolios.manage',
  'user.experiences.manage',
  'articles.save',
  'membership.manage',
  'user.messages',
];
const BOLD: Permission[] = [
  ...MEMBER,
  'articles.subscribe',
  'jobs.view',
  'jobs.apply',
  'directory.details',
  'workgroups.subscribe',
  'workgroups.create',
  'workgroups.comment',
  'card.view',
  'library.view',
];

export const PERMISSION_MATRIX: Readonly<Record<Role, readonly Permission[]>> = {
  ANONYMOUS,
  REGULAR: MEMBER,
  BOLD,
  GRATIS: BOLD,
  COMPANY: [
    'public.browse',
    'session.refresh',
    'jobs.view',
    'directory.details',
    'company.self',
    'company.jobs.manage',
    'company.candidates',
    'company.messages',
  ],
  ADMIN: [
    'public.browse',
    'session.refresh',
    'jobs.view',
    'directory.details',
    'admin.self',
    'admin.validate',
    'admin.content',
    'admin.messages',
  ],
};

export function can(role: Role, permission: Permission): boolean {
  return PERMISSION_MATRIX[role].includes(permission);
}

export function isMember(role: Role): boolean {
  return MEMBER_ROLES.includes(role);
}

export function isBold(role: Role): boolean {
  return BOLD_ROLES.includes(role);
}
