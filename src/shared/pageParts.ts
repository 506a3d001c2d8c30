/**
 * Which lazily loaded parts a page is made of, by its URL. One rule for both sides:
 * - the browser fetches them all at start (src/web/routing/preload.ts), instead of one after another as each renders;
 * - the server names their files in the page it sends (src/server/ssr/preloads.ts), so the browser fetches them with
 *   the HTML instead of learning them from a map of every chunk in the app's first script (issue 27 §3).
 * A part is the name of a lazy layout (`AntdScope`, `WithRefine`, `AreaLayout`, `AdminLayout`) or `page:<route name>`.
 */
import { isLocale } from './constants';
import { ADMIN_ROUTES, matchPath, type RouteDef } from './routes';

/**
 * Public pages that render none of antd's own components (only components/light and plain markup): they are
 * served without antd's theme provider, so a first visit loads neither antd nor its style engine. Every other
 * page gets components/AntdScope around it (routing/AppRoutes). A page added here must stay antd-free.
 */
export const LIGHT_PAGES: ReadonlySet<string> = new Set([
  'home',
  'jobs',
  'jobs.show',
  'news',
  'community',
  'workgroups',
  'workgroups-landing',
  'company',
  'experiences',
  'experiences.show',
  'info',
  'verify',
]);

/** The public pages that sit inside Refine (the other sign-in, registration and recovery pages are in the areas). */
export const REFINE_PAGES: ReadonlySet<string> = new Set(['login']);

export type PagePart = 'AntdScope' | 'WithRefine' | 'AreaLayout' | 'AdminLayout' | `page:${string}`;

/** The back-office route of a path (`/en/admin` opens the dashboard), as routing/adminRoutes mounts them. */
export function adminRouteOf(pathname: string): RouteDef | undefined {
  const [lng, ...rest] = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (!isLocale(lng) || rest[0] !== 'admin') return undefined;
  if (rest.length === 1) return ADMIN_ROUTES.find((route) => route.name === 'admin.dashboard');
  return ADMIN_ROUTES.find((route) => {
    const pattern = route.path.split('/');
    return pattern.length === rest.length && pattern.every((part, i) => part.startsWith(':') || part === rest[i]);
  });
}

/** The parts of a page the browser renders itself (the areas, the back office, the sign-in pages). */
export function clientPageParts(pathname: string): PagePart[] {
  const admin = adminRouteOf(pathname);
  if (admin) return ['WithRefine', ...(admin.permission ? (['AdminLayout'] as const) : []), `page:${admin.name}`];
  const route = matchPath(pathname)?.route;
  if (!route) return [];
  const inArea = route.area !== 'public';
  const parts: PagePart[] = [];
  if (inArea || REFINE_PAGES.has(route.name)) parts.push('WithRefine');
  if (inArea) parts.push('AreaLayout');
  if (!inArea && !LIGHT_PAGES.has(route.name)) parts.push('AntdScope');
  parts.push(`page:${route.name}`);
  return parts;
}

/** The parts a server-rendered public page hydrates with: its page, inside antd's theme unless it is a light one. */
export function serverPageParts(pathname: string): PagePart[] {
  const name = matchPath(pathname)?.route.name;
  if (!name) return [];
  return [...(LIGHT_PAGES.has(name) ? [] : (['AntdScope'] as const)), `page:${name}`];
}
