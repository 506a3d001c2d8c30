/**
 * Every shared module loads and exports what the server and the browser import from it. A module that
 * throws while loading makes the files importing it fail to load rather than fail a test; this file
 * imports them inside tests so such a break is a failed test too (npm test counts both; Stryker's vitest
 * runner only counts failed tests).
 */
import { describe, expect, it } from 'vitest';

// literal import() calls, so vitest (and Stryker's "related tests") see which modules this file loads
const MODULES: Record<string, [load: () => Promise<Record<string, unknown>>, exports: string[]]> = {
  'shared/ajv': [() => import('../../src/shared/ajv'), ['ajvCustomOptions', 'registerFormats']],
  'shared/constants': [
    () => import('../../src/shared/constants'),
    ['LOCALES', 'DEFAULT_LOCALE', 'isLocale', 'PAGE_SIZES', 'makeDeviceId'],
  ],
  'shared/formats': [
    () => import('../../src/shared/formats'),
    ['customFormats', 'customFormatNames', 'isDni', 'isIban', 'normaliseIban'],
  ],
  'shared/permissions': [
    () => import('../../src/shared/permissions'),
    ['ROLES', 'PERMISSIONS', 'PERMISSION_MATRIX', 'can', 'isMember', 'isBold'],
  ],
  'shared/routes': [
    () => import('../../src/shared/routes'),
    ['ROUTES', 'SEGMENTS', 'routeByName', 'localizedPattern', 'localizePath', 'matchPath'],
  ],
  'shared/text': [() => import('../../src/shared/text'), ['foldText', 'likePattern']],
  'server/lib/ids': [() => import('../../src/server/lib/ids'), ['newHash', 'newSecret', 'sha256', 'slugify', 'nowIso']],
  'server/lib/lists': [() => import('../../src/server/lib/lists'), ['pageWindow', 'listResult', 'listSchema']],
  'server/lib/password': [
    () => import('../../src/server/lib/password'),
    ['hashPassword', 'verifyPassword', 'DUMMY_PASSWORD_HASH'],
  ],
  'server/lib/signedLinks': [
    () => import('../../src/server/lib/signedLinks'),
    ['fileLinks', 'verify', 'sign', 'actorKey', 'filePath'],
  ],
  'server/plugins/routeAccess': [
    () => import('../../src/server/plugins/routeAccess'),
    ['API_PREFIXES', 'isApiPattern', 'routeProblems', 'apiRoutes', 'routeAccessPlugin', 'pages'],
  ],
  'server/i18n': [() => import('../../src/server/i18n'), ['translate', 'pickLanguage']],
};

describe('shared modules', () => {
  it.each(Object.entries(MODULES))('%s loads and exports what is imported from it', async (_name, [load, names]) => {
    const module = await load();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(module[name], name).not.toBeUndefined();
  });

  it('translates with the loaded message catalogue', async () => {
    const { translate } = await import('../../src/server/i18n');
    expect(translate('en', 'request.tooLarge')).toBe('The request is too large.');
  });

  it('builds a route table whose every entry has a name and a locale pattern', async () => {
    const { ROUTES, localizedPattern } = await import('../../src/shared/routes');
    expect(ROUTES.length).toBeGreaterThan(0);
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
    for (const route of ROUTES) expect(localizedPattern(route, 'es')).toMatch(/^\/es(\/|$)/);
  });
});
