import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/constants';
import { localizePath, localizedPattern, matchPath, ROUTES, SEGMENTS } from '../../src/shared/routes';

const sampleParams = (path: string) =>
  Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, key]) => [key, `x-${key}-1`]));

describe('the localized route table', () => {
  it.each(LOCALES)('round-trips every route in %s', (lng) => {
    expect(ROUTES.length).toBeGreaterThan(50);
    for (const route of ROUTES) {
      const params = sampleParams(route.path);
      const url = localizePath(route.name, lng, params);
      expect(url.startsWith(`/${lng}`), url).toBe(true);
      const match = matchPath(url);
      expect(match?.route.name, url).toBe(route.name);
      expect(match?.lng).toBe(lng);
      expect(match?.params).toEqual(params);
    }
  });

  it('uses the translated slugs of DESIGN §5', () => {
    expect(localizePath('jobs', 'es')).toBe('/es/empleo');
    expect(localizePath('jobs', 'ca')).toBe('/ca/treball');
    expect(localizePath('jobs', 'en')).toBe('/en/jobs');
    expect(localizePath('workgroups', 'es')).toBe('/es/grupos');
    expect(localizePath('workgroups', 'ca')).toBe('/ca/grups');
    expect(localizePath('community.directory', 'ca')).toBe('/ca/comunitat/directori');
    expect(localizePath('user.profile.settings-iban', 'es')).toBe('/es/usuario/perfil/ajustes-iban');
    expect(localizePath('company.jobs.users', 'ca', { hash: 'abc' })).toBe('/ca/empresa/treball/abc/candidats');
    expect(localizePath('home', 'en')).toBe('/en');
  });

  it('handles the optional info slug', () => {
    expect(localizePath('info', 'es')).toBe('/es/info');
    expect(localizePath('info', 'es', { slug: 'privacidad' })).toBe('/es/info/privacidad');
    expect(matchPath('/es/info')?.route.name).toBe('info');
  });

  it('prefers static segments over parameters', () => {
    expect(matchPath('/en/user/experiences/new')?.route.name).toBe('user.experiences.new');
    expect(matchPath('/en/company/jobs/new')?.route.name).toBe('company.jobs.new');
    expect(matchPath('/en/company/jobs/abc')?.route.name).toBe('company.jobs.show');
  });

  it('does not match unknown locales or paths', () => {
    expect(matchPath('/fr/jobs')).toBeNull();
    expect(matchPath('/en/nothing-here')).toBeNull();
    expect(matchPath('/es/jobs')).toBeNull();
  });

  it('has every segment translated in every locale, and the three slugs of a segment are distinct where DESIGN says so', () => {
    for (const route of ROUTES) {
      for (const segment of route.path.split('/').filter((s) => s && !s.startsWith(':'))) {
        for (const lng of LOCALES) expect(SEGMENTS[lng][segment], `${lng}:${segment}`).toBeTruthy();
      }
    }
    const patterns = new Set(LOCALES.flatMap((lng) => ROUTES.map((route) => localizedPattern(route, lng))));
    expect(patterns.size).toBe(ROUTES.length * LOCALES.length);
  });
});
