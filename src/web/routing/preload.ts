/**
 * Loads the code of the page at `pathname` before the app starts. A server-rendered page hydrates in one pass
 * then: otherwise its part would wait for its chunk, an answer arriving meanwhile (the signed-in identity)
 * would reach it before it hydrated, and React would find text that differs from the server's.
 * React.lazy has no public preload: its initialiser is called once, as React itself does on first render;
 * it throws the pending import, and once that settles the component renders without suspending.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from '../../shared/routes';
import { AntdScopeLazy, LIGHT_PAGES, PAGES } from './pages';
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
