/**
 * The build reads each lazy part of a page from the two route files (scripts/page-parts.ts) and the server names the
 * part's files in the page it sends (src/server/ssr/preloads.ts), by src/shared/pageParts.ts. A part the build misses
 * would lose its files silently: every route must be found, and an import that does not fit must fail the build.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { partsDeclaredIn } from '../../scripts/page-parts';
import { clientPageParts, serverPageParts } from '../../src/shared/pageParts';
import { ADMIN_ROUTES, ROUTES } from '../../src/shared/routes';

const declared = new Map([
  ...partsDeclaredIn(readFileSync('src/web/routing/pages.ts', 'utf8')),
  ...partsDeclaredIn(readFileSync('src/web/routing/adminRoutes.tsx', 'utf8')),
]);

describe('the lazy parts of the route files', () => {
  it('include every route’s page and the four layouts', () => {
    const missing = [...ROUTES, ...ADMIN_ROUTES].map((route) => `page:${route.name}`).filter((p) => !declared.has(p));
    // the member card is a page of a later release (routing/AppRoutes shows its coming-soon page)
    expect(missing).toEqual(missing.filter((part) => part === 'page:user.card'));
    for (const layout of ['AntdScope', 'WithRefine', 'AreaLayout', 'AdminLayout'])
      expect(declared.has(layout)).toBe(true);
  });

  it('refuse a lazy import written another way', () => {
    const odd = `export const PAGES = {\n  home: lazy(() => import('./Home')),\n  other: lazy(async () => import('./Other')),\n};`;
    expect(() => partsDeclaredIn(odd, 'odd.ts')).toThrow(/2 lazy imports but 1 parts/);
  });
});

describe('the parts of a page, by its address', () => {
  it('an area page: Refine, the area layout and the page; a light public page: the page alone', () => {
    expect(clientPageParts('/en/user/profile')).toEqual(['WithRefine', 'AreaLayout', 'page:user.profile']);
    expect(clientPageParts('/es/admin')).toEqual(['WithRefine', 'AdminLayout', 'page:admin.dashboard']);
    expect(clientPageParts('/ca/admin/login')).toEqual(['WithRefine', 'page:admin.login']);
    expect(serverPageParts('/es/empleo')).toEqual(['page:jobs']);
    expect(serverPageParts('/en/community/directory')).toEqual(['AntdScope', 'page:community.directory']);
  });

  it('an address that names no page has no parts', () => {
    for (const path of ['/en/nothing-here', '/xx/admin', '/en/admin/../user/profile', '/en/admin/nothing'])
      expect(clientPageParts(path)).toEqual([]);
    // a percent-encoded spelling is the page the router shows for it (files are public: it reveals nothing)
    expect(clientPageParts('/en/%75ser/profile')).toEqual(clientPageParts('/en/user/profile'));
  });
});
