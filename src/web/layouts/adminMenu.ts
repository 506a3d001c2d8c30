/** The back office's sections, in menu order; each is the route `admin.<section>` of src/shared/routes.ts (ADMIN_ROUTES). */
export const ADMIN_SECTIONS = [
  'dashboard',
  'users',
  'member-import',
  'schoolRecords',
  'companies',
  'jobs',
  'workgroups',
  'messages',
  'message-reports',
  'subscriptions',
  'payments',
  'articles',
  'pages',
  'categories',
  'tags',
  'settings',
  'admins',
  'security',
  'audit',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
