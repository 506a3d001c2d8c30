/**
 * Every shared module loads and exports what the server and the browser import from it. A module that
 * throws while loading makes the files importing it fail to load rather than fail a test; this file
 * imports them inside tests so such a break is a failed test too (npm test counts both; Stryker's vitest
 * runner only counts failed tests).
 */
import { describe, expect, it } from 'vitest';

const MODULES: Record<string, string[]> = {
  '../../src/shared/ajv': ['ajvCustomOptions', 'registerFormats'],
  '../../src/shared/constants': ['LOCALES', 'DEFAULT_LOCALE', 'isLocale', 'PAGE_SIZES', 'makeDeviceId'],
  '../../src/shared/formats': ['customFormats', 'customFormatNames', 'isDni', 'isIban', 'normaliseIban'],
  '../../src/shared/permissions': ['ROLES', 'PERMISSIONS', 'PERMISSION_MATRIX', 'can', 'isMember', 'isBold'],
  '../../src/shared/routes': ['ROUTES', 'SEGMENTS', 'routeByName', 'localizedPattern', 'localizePath', 'matchPath'],
  '../../src/shared/text': ['foldText', 'likePattern'],
  '../../src/server/lib/ids': ['newHash', 'newSecret', 'sha256', 'slugify', 'nowIso'],
  '../../src/server/lib/lists': ['pageWindow', 'listResult', 'listSchema'],
  '../../src/server/lib/password': ['hashPassword', 'verifyPassword', 'DUMMY_PASSWORD_HASH'],
  '../../src/server/plugins/routeAccess': ['API_PREFIXES', 'isApiPattern', 'routeProblems', 'apiRoutes', 'routeAccessPlugin', 'pages'],
  '../../src/server/i18n': ['translate', 'pickLanguage'],
};

describe('shared modules', () => {
  it.each(Object.entries(MODULES))('%s loads and exports %j', async (path, names) => {
    const module = (await import(/* @vite-ignore */ path)) as Record<string, unknown>;
    for (const name of names) expect(module[name], name).not.toBeUndefined();
  });

  it('builds a route table whose every entry has a name and a locale pattern', async () => {
    const { ROUTES, localizedPattern } = await import('../../src/shared/routes');
    expect(ROUTES.length).toBeGreaterThan(0);
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(localizedPattern(route, 'es')).toMatch(/^\/es(\/|$)/);
  });
});
