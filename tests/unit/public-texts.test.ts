/**
 * Issue 27: a public page loads the `common` texts only (src/web/providers/i18n.ts), so that namespace must hold what
 * the public pages show and nothing of the areas' or the back office's (which made it 27 KiB of their first visit).
 */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/constants';
import { CODE_FAMILIES } from '../../src/shared/codes';
import { keysNamedBy, loadNamespace, publicSources, WEB_NAMESPACES } from '../helpers/webTexts';

// data labels (`t(\`${prefix}.${code}\`)`), shown on the public lists and offers
const codeKeys = CODE_FAMILIES.flatMap(({ prefix, codes }) => codes.map((code) => `${prefix}.${code}`));

describe('the public pages’ texts', () => {
  const sources = publicSources();

  it('are found from the entry and the public pages', () => {
    // the walk reaches the shell, the public pages and what they import (a broken walk would prove nothing)
    expect(sources).toEqual(
      expect.arrayContaining([
        'src/web/main.tsx',
        'src/web/layouts/SiteHeader.tsx',
        'src/web/pages/public/jobs/JobShowPage.tsx',
        'src/web/pages/public/news/NewsListPage.tsx',
      ]),
    );
    expect(sources.some((file) => file.startsWith('src/web/pages/admin/'))).toBe(false);
  });

  it.each(LOCALES)('in %s: common holds no key only the areas or the back office use', (lng) => {
    const common = loadNamespace(lng, 'common');
    const named = keysNamedBy(sources, common);
    expect(named.size).toBeGreaterThan(100);
    const areaOnly = Object.keys(common).filter((key) => !named.has(key) && !codeKeys.includes(key));
    expect(areaOnly).toEqual([]);
  });

  it.each(LOCALES)('in %s: every key a public page names is in common', (lng) => {
    const all = Object.assign({}, ...WEB_NAMESPACES.map((ns) => loadNamespace(lng, ns))) as Record<string, string>;
    const common = loadNamespace(lng, 'common');
    const named = [...keysNamedBy(sources, all)];
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((key) => !(key in common))).toEqual([]);
  });

  it.each(LOCALES)('in %s: a key lives in one namespace only', (lng) => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const ns of WEB_NAMESPACES)
      for (const key of Object.keys(loadNamespace(lng, ns))) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${ns}`);
        seen.set(key, ns);
      }
    expect(seen.size).toBeGreaterThan(1000);
    expect(twice).toEqual([]);
  });
});
