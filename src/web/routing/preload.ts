/**
 * Loads the code of the page at `pathname` before the app starts. A server-rendered page hydrates in one pass
 * then: otherwise its part would wait for its chunk, an answer arriving meanwhile (the signed-in identity)
 * would reach it before it hydrated, and React would find text that differs from the server's.
 * React.lazy has no public preload: its initialiser is called once, as React itself does on first render;
 * it throws the pending import, and once that settles the component renders without suspending.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { isLocale } from '../../shared/constants';
import { ADMIN_ROUTES, matchPath } from '../../shared/routes';
import { AdminLayoutLazy, ADMIN_PAGES } from './adminRoutes';
import { AntdScopeLazy, AreaLayoutLazy, LIGHT_PAGES, PAGES, REFINE_PAGES, WithRefineLazy } from './pages';
import { loadAntdLocale } from '../providers/antdLocale';
import { localeFromPath } from '../providers/i18n';

interface LazyInternals {
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

export async function preloadPage(pathname: string): Promise<void> {
  const name = matchPath(pathname)?.route.name;
  // a page with antd's components hydrates inside antd's theme provider, with antd's strings in its language
  const antd =
    name && !LIGHT_PAGES.has(name)
      ? Promise.all([preloadLazy(AntdScopeLazy as LazyLike), loadAntdLocale(localeFromPath(pathname))])
      : null;
  await Promise.all([antd, preloadLazy(name ? (PAGES[name] as LazyLike | undefined) : undefined)]);
}

/** The back-office route of a path (`/en/admin` opens the dashboard), as routing/adminRoutes mounts them. */
function adminRouteOf(pathname: string) {
  const [lng, ...rest] = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (!isLocale(lng) || rest[0] !== 'admin') return undefined;
  if (rest.length === 1) return ADMIN_ROUTES.find((route) => route.name === 'admin.dashboard');
  return ADMIN_ROUTES.find((route) => {
    const pattern = route.path.split('/');
    return pattern.length === rest.length && pattern.every((part, i) => part.startsWith(':') || part === rest[i]);
  });
}

/**
 * Every part a client-rendered page (the areas, the back office, the sign-in pages) is made of — Refine with antd's
 * theme, the area's layout, the page with its forms — fetched at once at start. Left to React, each part is asked for
 * only when the one around it has rendered: four or five round trips one after another before the page's own code
 * even starts downloading (issue 27 §3). Nothing is rendered by it; the lazy components then render without waiting.
 */
export async function preloadClientPage(pathname: string): Promise<void> {
  const admin = adminRouteOf(pathname);
  if (admin) {
    await Promise.all([
      preloadLazy(WithRefineLazy as LazyLike),
      admin.permission ? preloadLazy(AdminLayoutLazy as LazyLike) : null,
      preloadLazy(ADMIN_PAGES[admin.name] as LazyLike | undefined),
    ]);
    return;
  }
  const route = matchPath(pathname)?.route;
  if (!route) return;
  const inArea = route.area !== 'public';
  await Promise.all([
    inArea || REFINE_PAGES.has(route.name) ? preloadLazy(WithRefineLazy as LazyLike) : null,
    inArea ? preloadLazy(AreaLayoutLazy as LazyLike) : null,
    !inArea && !LIGHT_PAGES.has(route.name) ? preloadLazy(AntdScopeLazy as LazyLike) : null,
    preloadLazy(PAGES[route.name] as LazyLike | undefined),
  ]);
}

type LazyLike = LazyExoticComponent<ComponentType> & Partial<LazyInternals>;

async function preloadLazy(page: LazyLike | undefined): Promise<void> {
  if (!page || typeof page._init !== 'function') return;
  try {
    page._init(page._payload);
  } catch (pending) {
    if (pending && typeof (pending as PromiseLike<unknown>).then === 'function')
      await Promise.resolve(pending as PromiseLike<unknown>).catch(() => undefined);
  }
}
