/**
 * Loads the code of the page at `pathname` before the app starts. A server-rendered page hydrates in one pass
 * then: otherwise its part would wait for its chunk, an answer arriving meanwhile (the signed-in identity)
 * would reach it before it hydrated, and React would find text that differs from the server's.
 * React.lazy has no public preload: its initialiser is called once, as React itself does on first render;
 * it throws the pending import, and once that settles the component renders without suspending.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { clientPageParts, LIGHT_PAGES, serverPageParts, type PagePart } from '../../shared/pageParts';
import { matchPath } from '../../shared/routes';
import { AdminLayoutLazy, ADMIN_PAGES } from './adminRoutes';
import { AntdScopeLazy, AreaLayoutLazy, PAGES, WithRefineLazy } from './pages';
import { loadAntdLocale } from '../providers/antdLocale';
import { localeFromPath } from '../providers/i18n';

interface LazyInternals {
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

const LAYOUTS: Record<string, LazyLike> = {
  AntdScope: AntdScopeLazy as LazyLike,
  WithRefine: WithRefineLazy as LazyLike,
  AreaLayout: AreaLayoutLazy as LazyLike,
  AdminLayout: AdminLayoutLazy as LazyLike,
};

function lazyOf(part: PagePart): LazyLike | undefined {
  if (!part.startsWith('page:')) return LAYOUTS[part];
  const name = part.slice('page:'.length);
  return (PAGES[name] ?? ADMIN_PAGES[name]) as LazyLike | undefined;
}

export async function preloadPage(pathname: string): Promise<void> {
  const name = matchPath(pathname)?.route.name;
  // a page with antd's components hydrates inside antd's theme provider, with antd's strings in its language
  const antdStrings = name && !LIGHT_PAGES.has(name) ? loadAntdLocale(localeFromPath(pathname)) : null;
  await Promise.all([antdStrings, ...serverPageParts(pathname).map((part) => preloadLazy(lazyOf(part)))]);
}

/**
 * Every part a client-rendered page (the areas, the back office, the sign-in pages) is made of — Refine with antd's
 * theme, the area's layout, the page with its forms — fetched at once at start. Left to React, each part is asked for
 * only when the one around it has rendered: four or five round trips one after another before the page's own code
 * even starts downloading (issue 27 §3). Nothing is rendered by it; the lazy components then render without waiting.
 */
export async function preloadClientPage(pathname: string): Promise<void> {
  // and the page's own first read, which starts as soon as Refine's part has come (routing/firstRead.ts), not once the
  // page has rendered; with Refine's part, as its module is among the files the page names first
  if (clientPageParts(pathname).includes('WithRefine'))
    void import('./WithRefine').then((part) => part.startFirstRead(pathname, window.location.search));
  await Promise.all(clientPageParts(pathname).map((part) => preloadLazy(lazyOf(part))));
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
