/**
 * The localized route table (SPEC §2, DESIGN §5). Paths are written with English segment keys;
 * each locale's slugs come from locales/<lng>/routes.json. The web router, the language switcher,
 * the server (404 status, sitemap) and the tests all read this one table.
 */
import es from '../../locales/es/routes.json' with { type: 'json' };
import en from '../../locales/en/routes.json' with { type: 'json' };
import ca from '../../locales/ca/routes.json' with { type: 'json' };
import { LOCALES, type Locale } from './constants';

export const SEGMENTS: Record<Locale, Record<string, string>> = { es, en, ca };

export type Guard = 'notAuthenticated' | 'user' | 'company' | 'completedProfile' | 'gratisUser';
export type Area = 'public' | 'user' | 'company';

export interface RouteDef {
  name: string;
  /** English segment keys; `:param` for parameters, `?` suffix for an optional one. */
  path: string;
  area: Area;
  guard?: Guard;
}

const r = (name: string, path: string, area: Area, guard?: Guard): RouteDef => ({ name, path, area, guard });

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
  r('user', 'user', 'user', 'user'),
  r('user.login', 'user/login', 'user', 'notAuthenticated'),
  r('user.register', 'user/register', 'user', 'notAuthenticated'),
  r('user.recovery', 'user/recovery', 'user', 'notAuthenticated'),
  r('user.logout', 'user/logout', 'user'),
  r('user.profile', 'user/profile', 'user', 'user'),
  r('user.profile.settings', 'user/profile/settings', 'user', 'user'),
  r('user.profile.settings-iban', 'user/profile/settings-iban', 'user', 'user'),
  r('user.card', 'user/card', 'user', 'gratisUser'),
  r('user.articles.saved', 'user/articles/saved', 'user', 'completedProfile'),
  r('user.jobs.subscribed', 'user/jobs/subscribed', 'user', 'gratisUser'),
  r('user.experiences', 'user/experiences', 'user', 'completedProfile'),
  r('user.experiences.new', 'user/experiences/new', 'user', 'completedProfile'),
  r('user.experiences.show', 'user/experiences/:hash', 'user', 'completedProfile'),
  r('user.experiences.edit', 'user/experiences/:hash/edit', 'user', 'completedProfile'),
  r('user.portfolios', 'user/portfolios', 'user', 'completedProfile'),
  r('user.portfolios.new', 'user/portfolios/new', 'user', 'completedProfile'),
  r('user.portfolios.show', 'user/portfolios/:hash', 'user', 'completedProfile'),
  r('user.portfolios.edit', 'user/portfolios/:hash/edit', 'user', 'completedProfile'),
  r('user.workgroups', 'user/workgroups', 'user', 'completedProfile'),
  r('user.workgroups.new', 'user/workgroups/new', 'user', 'gratisUser'),
  r('user.workgroups.subscribed', 'user/workgroups/subscribed', 'user', 'completedProfile'),
  r('user.workgroups.show', 'user/workgroups/:hash', 'user', 'completedProfile'),
  r('user.workgroups.edit', 'user/workgroups/:hash/edit', 'user', 'completedProfile'),
  // company area
  r('company.login', 'company/login', 'company', 'notAuthenticated'),
  r('company.register', 'company/register', 'company', 'notAuthenticated'),
  r('company.recovery', 'company/recovery', 'company', 'notAuthenticated'),
  r('company.logout', 'company/logout', 'company'),
  r('company.profile', 'company/profile', 'company', 'company'),
  r('company.jobs', 'company/jobs', 'company', 'company'),
  r('company.jobs.new', 'company/jobs/new', 'company', 'company'),
  r('company.jobs.show', 'company/jobs/:hash', 'company', 'company'),
  r('company.jobs.edit', 'company/jobs/:hash/edit', 'company', 'company'),
  r('company.jobs.survey', 'company/jobs/:hash/survey', 'company', 'company'),
  r('company.jobs.users', 'company/jobs/:hash/users', 'company', 'company'),
];

const BY_NAME = new Map(ROUTES.map((route) => [route.name, route]));

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
    .map((segment) => (segment.startsWith(':') ? segment : SEGMENTS[lng][segment] ?? segment));
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
