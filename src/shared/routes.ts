/**
 * The localized route table (SPEC §2, DESIGN §5). Paths are written with English segment keys;
 * each locale's slugs come from locales/<lng>/routes.json. The web router, the language switcher,
 * the server (404 status, sitemap) and the tests all read this one table.
 */
import es from '../../locales/es/routes.json' with { type: 'json' };
import en from '../../locales/en/routes.json' with { type: 'json' };
import ca from '../../locales/ca/routes.json' with { type: 'json' };
import { LOCALES, type Locale } from './constants';
import type { Permission } from './permissions';

export const SEGMENTS: Record<Locale, Record<string, string>> = { es, en, ca };

export type Guard = 'notAuthenticated' | 'user' | 'company' | 'completedProfile' | 'gratisUser';
export type Area = 'public' | 'user' | 'company' | 'admin';

export interface RouteDef {
  name: string;
  /** English segment keys; `:param` for parameters, `?` suffix for an optional one. */
  path: string;
  area: Area;
  guard?: Guard;
  /**
   * The permission of src/shared/permissions.ts the page needs: the one the server's routes behind it declare.
   * The web's access control (menus, guards, buttons) answers from the actor's permission list with it.
   */
  permission?: Permission;
}

const r = (name: string, path: string, area: Area, guard?: Guard, permission?: Permission): RouteDef => ({
  name,
  path,
  area,
  guard,
  ...(permission ? { permission } : {}),
});

export const ROUTES: readonly RouteDef[] = [
  // public
  r('home', '', 'public'),
  r('alumni', 'alumni', 'public'),
  r('association', 'association', 'public'),
  r('company', 'company', 'public'),
  r('community', 'community', 'public'),
  r('community.ambassadors', 'community/ambassadors', 'public'),
  r('community.ambassadors.show', 'community/ambassadors/:slug', 'public'),
  r('community.directory', 'community/directory', 'public'),
  r('community.directory.show', 'community/directory/:hash', 'public'),
  r('community.entrepreneurs', 'community/entrepreneurs', 'public'),
  r('community.entrepreneurs.show', 'community/entrepreneurs/:slug', 'public'),
  r('experiences', 'experiences', 'public'),
  r('experiences.show', 'experiences/:hash', 'public'),
  r('info', 'info/:slug?', 'public'),
  r('jobs', 'jobs', 'public'),
  r('jobs.show', 'jobs/:slug', 'public'),
  r('login', 'login', 'public', 'notAuthenticated'),
  r('news', 'news', 'public'),
  r('news.show', 'news/:slug', 'public'),
  r('portfolios', 'portfolios', 'public'),
  r('portfolios.show', 'portfolios/:hash', 'public'),
  r('workgroups', 'workgroups', 'public'),
  r('workgroups.show', 'workgroups/:slug', 'public'),
  r('workgroups-landing', 'workgroups-landing', 'public'),
  r('verify', 'verify/:token', 'public'), // a member card's QR code (issue 13): valid or not, never indexed
  // alumni area
  r('user', 'user', 'user', 'user', 'user.self'),
  r('user.login', 'user/login', 'user', 'notAuthenticated'),
  r('user.register', 'user/register', 'user', 'notAuthenticated'),
  r('user.recovery', 'user/recovery', 'user', 'notAuthenticated'),
  r('user.invitation', 'user/invitation', 'user', 'notAuthenticated'), // an imported member's first password (issue 28 §3)
  r('user.logout', 'user/logout', 'user'),
  r('user.profile', 'user/profile', 'user', 'user', 'user.self'),
  r('user.profile.settings', 'user/profile/settings', 'user', 'user', 'user.self'),
  r('user.profile.settings-iban', 'user/profile/settings-iban', 'user', 'user', 'user.self'),
  r('user.card', 'user/card', 'user', 'gratisUser', 'membership.manage'),
  r('user.articles.saved', 'user/articles/saved', 'user', 'completedProfile', 'articles.save'),
  r('user.jobs.subscribed', 'user/jobs/subscribed', 'user', 'gratisUser', 'jobs.apply'),
  r('user.experiences', 'user/experiences', 'user', 'completedProfile', 'user.experiences.manage'),
  r('user.experiences.new', 'user/experiences/new', 'user', 'completedProfile', 'user.experiences.manage'),
  r('user.experiences.show', 'user/experiences/:hash', 'user', 'completedProfile', 'user.experiences.manage'),
  r('user.experiences.edit', 'user/experiences/:hash/edit', 'user', 'completedProfile', 'user.experiences.manage'),
  r('user.portfolios', 'user/portfolios', 'user', 'completedProfile', 'user.portfolios.manage'),
  r('user.portfolios.new', 'user/portfolios/new', 'user', 'completedProfile', 'user.portfolios.manage'),
  r('user.portfolios.show', 'user/portfolios/:hash', 'user', 'completedProfile', 'user.portfolios.manage'),
  r('user.portfolios.edit', 'user/portfolios/:hash/edit', 'user', 'completedProfile', 'user.portfolios.manage'),
  r('user.workgroups', 'user/workgroups', 'user', 'completedProfile', 'workgroups.create'),
  r('user.workgroups.new', 'user/workgroups/new', 'user', 'gratisUser', 'workgroups.create'),
  r('user.workgroups.subscribed', 'user/workgroups/subscribed', 'user', 'completedProfile', 'user.self'),
  r('user.workgroups.show', 'user/workgroups/:hash', 'user', 'completedProfile', 'workgroups.create'),
  r('user.workgroups.edit', 'user/workgroups/:hash/edit', 'user', 'completedProfile', 'workgroups.create'),
  r('user.messages', 'user/messages', 'user', 'user', 'user.messages'),
  r('user.messages.show', 'user/messages/:hash', 'user', 'user', 'user.messages'),
  // company area
  r('company.login', 'company/login', 'company', 'notAuthenticated'),
  r('company.register', 'company/register', 'company', 'notAuthenticated'),
  r('company.recovery', 'company/recovery', 'company', 'notAuthenticated'),
  r('company.logout', 'company/logout', 'company'),
  r('company.profile', 'company/profile', 'company', 'company', 'company.self'),
  r('company.jobs', 'company/jobs', 'company', 'company', 'company.jobs.manage'),
  r('company.jobs.new', 'company/jobs/new', 'company', 'company', 'company.jobs.manage'),
  r('company.jobs.show', 'company/jobs/:hash', 'company', 'company', 'company.jobs.manage'),
  r('company.jobs.edit', 'company/jobs/:hash/edit', 'company', 'company', 'company.jobs.manage'),
  r('company.jobs.survey', 'company/jobs/:hash/survey', 'company', 'company', 'company.jobs.manage'),
  r('company.jobs.users', 'company/jobs/:hash/users', 'company', 'company', 'company.candidates'),
  r('company.messages', 'company/messages', 'company', 'company', 'company.messages'),
  r('company.messages.show', 'company/messages/:hash', 'company', 'company', 'company.messages'),
];

/**
 * The back office (DESIGN §5): /{lng}/admin/… with untranslated segments. Kept beside ROUTES rather than in it: the
 * server answers these paths with its own shell (no page of the sitemap, no 404 by this table), and the web mounts
 * them inside the back office's frame. Each names the permission its server routes declare.
 */
export const ADMIN_ROUTES: readonly RouteDef[] = [
  r('admin.login', 'admin/login', 'admin'),
  r('admin.invite', 'admin/invite/:token', 'admin'),
  r('admin.dashboard', 'admin/dashboard', 'admin', undefined, 'admin.validate'),
  r('admin.users', 'admin/users', 'admin', undefined, 'admin.validate'),
  r('admin.member-import', 'admin/member-import', 'admin', undefined, 'admin.validate'), // issue 28 §3
  r('admin.companies', 'admin/companies', 'admin', undefined, 'admin.validate'),
  r('admin.jobs', 'admin/jobs', 'admin', undefined, 'admin.validate'),
  r('admin.workgroups', 'admin/workgroups', 'admin', undefined, 'admin.validate'),
  r('admin.subscriptions', 'admin/subscriptions', 'admin', undefined, 'admin.validate'),
  r('admin.payments', 'admin/payments', 'admin', undefined, 'admin.validate'),
  r('admin.articles', 'admin/articles', 'admin', undefined, 'admin.content'),
  r('admin.articles.new', 'admin/articles/new', 'admin', undefined, 'admin.content'),
  r('admin.articles.edit', 'admin/articles/:hash/edit', 'admin', undefined, 'admin.content'),
  r('admin.articles.attendees', 'admin/articles/:hash/attendees', 'admin', undefined, 'admin.content'),
  r('admin.pages', 'admin/pages', 'admin', undefined, 'admin.content'),
  r('admin.pages.edit', 'admin/pages/:key', 'admin', undefined, 'admin.content'),
  r('admin.categories', 'admin/categories', 'admin', undefined, 'admin.content'),
  r('admin.tags', 'admin/tags', 'admin', undefined, 'admin.content'),
  r('admin.settings', 'admin/settings', 'admin', undefined, 'admin.content'),
  r('admin.admins', 'admin/admins', 'admin', undefined, 'admin.content'),
  r('admin.security', 'admin/security', 'admin', undefined, 'admin.self'),
  r('admin.audit', 'admin/audit', 'admin', undefined, 'admin.validate'),
  r('admin.schoolRecords', 'admin/schoolRecords', 'admin', undefined, 'admin.validate'),
  r('admin.message-reports', 'admin/message-reports', 'admin', undefined, 'admin.validate'), // issue 29 §4
  r('admin.messages', 'admin/messages', 'admin', undefined, 'admin.messages'), // the association's inbox
  r('admin.messages.show', 'admin/messages/:hash', 'admin', undefined, 'admin.messages'),
];

const BY_NAME = new Map([...ROUTES, ...ADMIN_ROUTES].map((route) => [route.name, route]));

export function findRoute(name: string): RouteDef | undefined {
  return BY_NAME.get(name);
}

export function routeByName(name: string): RouteDef {
  const route = BY_NAME.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** The React Router pattern of a route in one locale, e.g. `/es/empleo/:slug`. */
export function localizedPattern(route: RouteDef, lng: Locale): string {
  const segments = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') || route.area === 'admin' ? segment : (SEGMENTS[lng][segment] ?? segment),
    );
  return `/${[lng, ...segments].join('/')}`;
}

export type RouteParams = Record<string, string | undefined>;

/** The concrete URL of a named route in a locale. */
export function localizePath(name: string, lng: Locale, params: RouteParams = {}): string {
  const pattern = localizedPattern(routeByName(name), lng);
  return pattern
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`Route ${name} needs ${key}`);
      }
      return [encodeURIComponent(value)];
    })
    .join('/');
}

export interface RouteMatch {
  route: RouteDef;
  lng: Locale;
  params: RouteParams;
}

/** Finds which route and locale a pathname belongs to (static segments win over parameters). */
export function matchPath(pathname: string): RouteMatch | null {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean).map(safeDecode);
  const lng = parts[0] as Locale;
  if (!(LOCALES as readonly string[]).includes(lng)) return null;
  let best: { match: RouteMatch; score: number } | null = null;
  for (const route of ROUTES) {
    const pattern = localizedPattern(route, lng).split('/').filter(Boolean);
    const params: RouteParams = {};
    let score = 0;
    let ok = true;
    let i = 0;
    for (; i < pattern.length; i++) {
      const seg = pattern[i]!;
      const part = parts[i];
      if (seg.startsWith(':')) {
        const optional = seg.endsWith('?');
        if (part === undefined) {
          if (!optional) ok = false;
          break;
        }
        params[seg.slice(1, optional ? -1 : undefined)] = part;
      } else if (seg === part) {
        score += 2;
      } else {
        ok = false;
        break;
      }
    }
    if (!ok || parts.length > pattern.length) continue;
    if (!best || score > best.score) best = { match: { route, lng, params }, score };
  }
  return best?.match ?? null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The data providers of the web, one per API prefix (SPEC §7): `default` is /api. */
export type Provider = 'default' | 'usr' | 'com' | 'adm';
export const PROVIDER_PREFIX: Record<Provider, 'api' | 'usr' | 'com' | 'adm'> = {
  default: 'api',
  usr: 'usr',
  com: 'com',
  adm: 'adm',
};

/**
 * One entity as the web's data layer knows it (a Refine resource, built by src/web/routing/resources.ts): where it
 * lives on the API and which pages of the tables above list, create, edit and show it.
 */
export interface ResourceDef {
  /** the entity of the design brief (portfolios, workExperiences, jobs, applicants, workgroups, comments, cards, …) */
  entity: string;
  /** the API path under its prefix, as the data provider receives it */
  name: string;
  /** unique across prefixes: the plain name on /api, `<prefix>/<name>` on /usr, /com and /adm */
  identifier: string;
  provider: Provider;
  /** route names of ROUTES / ADMIN_ROUTES */
  list?: string;
  create?: string;
  edit?: string;
  show?: string;
  /** the identifier of the resource it lives under (a job's applicants, a group's comments) */
  parent?: string;
  /** a nested resource's API path; each `:param` comes from the hook's `meta` (`{ group: hash }`) */
  apiPath?: string;
  /** an icon name of @ant-design/icons */
  icon?: string;
}

type ResourceInput = Omit<ResourceDef, 'identifier' | 'provider' | 'entity'> & { entity?: string };
const on =
  (provider: Provider) =>
  (input: ResourceInput): ResourceDef => ({
    entity: input.name,
    ...input,
    provider,
    identifier: provider === 'default' ? input.name : `${provider}/${input.name}`,
  });
const api = on('default');
const usr = on('usr');
const com = on('com');
const adm = on('adm');

export const RESOURCES: readonly ResourceDef[] = [
  // public (/api)
  api({ name: 'jobs', list: 'jobs', show: 'jobs.show', icon: 'SolutionOutlined' }),
  api({ name: 'articles', list: 'news', show: 'news.show', icon: 'ReadOutlined' }),
  api({ name: 'portfolios', list: 'portfolios', show: 'portfolios.show', icon: 'PictureOutlined' }),
  api({ name: 'workExperiences', list: 'experiences', show: 'experiences.show', icon: 'CompassOutlined' }),
  api({ name: 'workgroups', list: 'workgroups', show: 'workgroups.show', icon: 'TeamOutlined' }),
  api({ name: 'comments', parent: 'workgroups', apiPath: 'workgroups/:group/comments', icon: 'CommentOutlined' }),
  api({ name: 'files', parent: 'workgroups', apiPath: 'workgroups/:group/files', icon: 'PaperClipOutlined' }),
  api({
    entity: 'members',
    name: 'users',
    list: 'community.directory',
    show: 'community.directory.show',
    icon: 'IdcardOutlined',
  }),
  api({ name: 'tags', icon: 'TagsOutlined' }),
  api({ entity: 'categories', name: 'categories/tree', icon: 'ApartmentOutlined' }),
  // the member's own (/usr)
  usr({ entity: 'profile', name: 'users', list: 'user.profile', icon: 'UserOutlined' }),
  usr({
    name: 'portfolios',
    list: 'user.portfolios',
    create: 'user.portfolios.new',
    show: 'user.portfolios.show',
    edit: 'user.portfolios.edit',
    icon: 'PictureOutlined',
  }),
  usr({
    name: 'workExperiences',
    list: 'user.experiences',
    create: 'user.experiences.new',
    show: 'user.experiences.show',
    edit: 'user.experiences.edit',
    icon: 'CompassOutlined',
  }),
  usr({
    name: 'workgroups',
    list: 'user.workgroups',
    create: 'user.workgroups.new',
    show: 'user.workgroups.show',
    edit: 'user.workgroups.edit',
    icon: 'TeamOutlined',
  }),
  usr({
    entity: 'members',
    name: 'workgroupUsers',
    parent: 'usr/workgroups',
    apiPath: 'workgroups/:group/users',
    icon: 'UsergroupAddOutlined',
  }),
  usr({ name: 'comments', parent: 'usr/workgroups', apiPath: 'workgroups/:group/comments', icon: 'CommentOutlined' }),
  usr({ name: 'files', parent: 'usr/workgroups', apiPath: 'workgroups/:group/files', icon: 'PaperClipOutlined' }),
  usr({ entity: 'cards', name: 'card', list: 'user.card', icon: 'CreditCardOutlined' }),
  usr({ name: 'payments', list: 'user.card', icon: 'FileDoneOutlined' }),
  usr({ entity: 'jobAlerts', name: 'job-alerts', list: 'user.profile.settings', icon: 'BellOutlined' }),
  usr({ name: 'messages', list: 'user.messages', show: 'user.messages.show', icon: 'MessageOutlined' }),
  // a company's own (/com)
  com({ name: 'companies', list: 'company.profile', icon: 'ShopOutlined' }),
  com({
    name: 'jobs',
    list: 'company.jobs',
    create: 'company.jobs.new',
    show: 'company.jobs.show',
    edit: 'company.jobs.edit',
    icon: 'SolutionOutlined',
  }),
  com({
    name: 'applicants',
    parent: 'com/jobs',
    apiPath: 'jobs/:job/users',
    list: 'company.jobs.users',
    icon: 'UserSwitchOutlined',
  }),
  com({ name: 'messages', list: 'company.messages', show: 'company.messages.show', icon: 'MessageOutlined' }),
  // the back office (/adm)
  adm({ entity: 'members', name: 'users', list: 'admin.users', icon: 'UserOutlined' }),
  adm({
    entity: 'invitations',
    name: 'member-imports/invitations',
    list: 'admin.member-import',
    icon: 'ImportOutlined',
  }),
  adm({ name: 'companies', list: 'admin.companies', icon: 'ShopOutlined' }),
  adm({ name: 'jobs', list: 'admin.jobs', icon: 'SolutionOutlined' }),
  adm({ name: 'workgroups', list: 'admin.workgroups', icon: 'TeamOutlined' }),
  adm({ name: 'subscriptions', list: 'admin.subscriptions', icon: 'SyncOutlined' }),
  adm({ name: 'payments', list: 'admin.payments', icon: 'EuroOutlined' }),
  adm({
    name: 'articles',
    list: 'admin.articles',
    create: 'admin.articles.new',
    edit: 'admin.articles.edit',
    icon: 'ReadOutlined',
  }),
  adm({
    name: 'attendees',
    parent: 'adm/articles',
    apiPath: 'articles/:article/attendees',
    list: 'admin.articles.attendees',
    icon: 'ScheduleOutlined',
  }),
  adm({ name: 'pages', list: 'admin.pages', edit: 'admin.pages.edit', icon: 'FileTextOutlined' }),
  adm({ name: 'categories', list: 'admin.categories', icon: 'ApartmentOutlined' }),
  adm({ name: 'tags', list: 'admin.tags', icon: 'TagsOutlined' }),
  adm({ name: 'settings', list: 'admin.settings', icon: 'SettingOutlined' }),
  adm({ entity: 'administrators', name: 'admins', list: 'admin.admins', icon: 'CrownOutlined' }),
  adm({ name: 'audit', list: 'admin.audit', icon: 'AuditOutlined' }),
  adm({ name: 'schoolRecords', list: 'admin.schoolRecords', icon: 'IdcardOutlined' }),
  adm({ name: 'messages', list: 'admin.messages', show: 'admin.messages.show', icon: 'MessageOutlined' }),
  adm({ name: 'message-reports', list: 'admin.message-reports', icon: 'FlagOutlined' }),
];

/** Fills a nested resource's API path from the hook's meta (`workgroups/:group/comments` + `{ group }`). */
export function resourcePath(name: string, meta: Record<string, unknown> = {}): string {
  const apiPath = (meta.apiPath as string | undefined) ?? name;
  return apiPath.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = meta[key];
    if (value === undefined || value === null || value === '') throw new Error(`Resource ${name} needs ${key}`);
    return encodeURIComponent(String(value));
  });
}
