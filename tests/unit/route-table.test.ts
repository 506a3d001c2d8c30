/**
 * The route table against SPEC §2 (every screen, its area and guard) and DESIGN §5 (the translated
 * segments), and localizePath/matchPath at their edges (missing parameters, trailing slashes, odd input).
 */
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/shared/constants';
import {
  localizePath,
  localizedPattern,
  matchPath,
  routeByName,
  ROUTES,
  SEGMENTS,
  type Guard,
} from '../../src/shared/routes';

type Row = [name: string, path: string, area: 'public' | 'user' | 'company', guard?: Guard];

/** SPEC §2's screens, with the guard each needs (SPEC §2 "Guards"). */
const SPEC_ROUTES: Row[] = [
  ['home', '', 'public'],
  ['alumni', 'alumni', 'public'],
  ['association', 'association', 'public'],
  ['company', 'company', 'public'],
  ['community', 'community', 'public'],
  ['community.ambassadors', 'community/ambassadors', 'public'],
  ['community.ambassadors.show', 'community/ambassadors/:slug', 'public'],
  ['community.directory', 'community/directory', 'public'],
  ['community.directory.show', 'community/directory/:hash', 'public'],
  ['community.entrepreneurs', 'community/entrepreneurs', 'public'],
  ['community.entrepreneurs.show', 'community/entrepreneurs/:slug', 'public'],
  ['experiences', 'experiences', 'public'],
  ['experiences.show', 'experiences/:hash', 'public'],
  ['info', 'info/:slug?', 'public'],
  ['jobs', 'jobs', 'public'],
  ['jobs.show', 'jobs/:slug', 'public'],
  ['login', 'login', 'public', 'notAuthenticated'],
  ['news', 'news', 'public'],
  ['news.show', 'news/:slug', 'public'],
  ['portfolios', 'portfolios', 'public'],
  ['portfolios.show', 'portfolios/:hash', 'public'],
  ['workgroups', 'workgroups', 'public'],
  ['workgroups.show', 'workgroups/:slug', 'public'],
  ['workgroups-landing', 'workgroups-landing', 'public'],
  ['verify', 'verify/:token', 'public'],
  ['user', 'user', 'user', 'user'],
  ['user.login', 'user/login', 'user', 'notAuthenticated'],
  ['user.register', 'user/register', 'user', 'notAuthenticated'],
  ['user.recovery', 'user/recovery', 'user', 'notAuthenticated'],
  ['user.invitation', 'user/invitation', 'user', 'notAuthenticated'], // issue 28 §3: an imported member's first password
  ['user.logout', 'user/logout', 'user'],
  ['user.profile', 'user/profile', 'user', 'user'],
  ['user.profile.settings', 'user/profile/settings', 'user', 'user'],
  ['user.profile.settings-iban', 'user/profile/settings-iban', 'user', 'user'],
  ['user.card', 'user/card', 'user', 'gratisUser'],
  ['user.articles.saved', 'user/articles/saved', 'user', 'completedProfile'],
  ['user.jobs.subscribed', 'user/jobs/subscribed', 'user', 'gratisUser'],
  ['user.experiences', 'user/experiences', 'user', 'completedProfile'],
  ['user.experiences.new', 'user/experiences/new', 'user', 'completedProfile'],
  ['user.experiences.show', 'user/experiences/:hash', 'user', 'completedProfile'],
  ['user.experiences.edit', 'user/experiences/:hash/edit', 'user', 'completedProfile'],
  ['user.portfolios', 'user/portfolios', 'user', 'completedProfile'],
  ['user.portfolios.new', 'user/portfolios/new', 'user', 'completedProfile'],
  ['user.portfolios.show', 'user/portfolios/:hash', 'user', 'completedProfile'],
  ['user.portfolios.edit', 'user/portfolios/:hash/edit', 'user', 'completedProfile'],
  ['user.workgroups', 'user/workgroups', 'user', 'completedProfile'],
  ['user.workgroups.new', 'user/workgroups/new', 'user', 'gratisUser'],
  ['user.workgroups.subscribed', 'user/workgroups/subscribed', 'user', 'completedProfile'],
  ['user.workgroups.show', 'user/workgroups/:hash', 'user', 'completedProfile'],
  ['user.workgroups.edit', 'user/workgroups/:hash/edit', 'user', 'completedProfile'],
  ['user.messages', 'user/messages', 'user', 'user'],
  ['user.messages.show', 'user/messages/:hash', 'user', 'user'],
  ['company.login', 'company/login', 'company', 'notAuthenticated'],
  ['company.register', 'company/register', 'company', 'notAuthenticated'],
  ['company.recovery', 'company/recovery', 'company', 'notAuthenticated'],
  ['company.logout', 'company/logout', 'company'],
  ['company.profile', 'company/profile', 'company', 'company'],
  ['company.jobs', 'company/jobs', 'company', 'company'],
  ['company.jobs.new', 'company/jobs/new', 'company', 'company'],
  ['company.jobs.show', 'company/jobs/:hash', 'company', 'company'],
  ['company.jobs.edit', 'company/jobs/:hash/edit', 'company', 'company'],
  ['company.jobs.survey', 'company/jobs/:hash/survey', 'company', 'company'],
  ['company.jobs.users', 'company/jobs/:hash/users', 'company', 'company'],
  ['company.messages', 'company/messages', 'company', 'company'],
  ['company.messages.show', 'company/messages/:hash', 'company', 'company'],
];

/** DESIGN §5's segment table: en → [es, ca]. */
const DESIGN_SEGMENTS: Record<string, [es: string, ca: string]> = {
  alumni: ['alumni', 'alumni'],
  association: ['asociacion', 'associacio'],
  company: ['empresa', 'empresa'],
  community: ['comunidad', 'comunitat'],
  ambassadors: ['embajadores', 'ambaixadors'],
  directory: ['directorio', 'directori'],
  entrepreneurs: ['emprendedores', 'emprenedors'],
  experiences: ['experiencias', 'experiencies'],
  jobs: ['empleo', 'treball'],
  login: ['acceso', 'acces'],
  news: ['noticias', 'noticies'],
  portfolios: ['proyectos', 'projectes'],
  workgroups: ['grupos', 'grups'],
  'workgroups-landing': ['grupos-de-trabajo', 'grups-de-treball'],
  info: ['info', 'info'],
  user: ['usuario', 'usuari'],
  card: ['tarjeta', 'targeta'],
  profile: ['perfil', 'perfil'],
  settings: ['ajustes', 'configuracio'],
  'settings-iban': ['ajustes-iban', 'configuracio-iban'],
  register: ['registro', 'registre'],
  recovery: ['recuperar', 'recuperar'],
  invitation: ['invitacion', 'invitacio'],
  logout: ['salir', 'sortir'],
  new: ['nuevo', 'nou'],
  edit: ['editar', 'editar'],
  saved: ['guardados', 'desats'],
  subscribed: ['suscritos', 'subscrits'],
  articles: ['articulos', 'articles'],
  users: ['candidatos', 'candidats'],
  survey: ['encuesta', 'enquesta'],
  verify: ['verificar', 'verificar'],
  messages: ['mensajes', 'missatges'], // issue 29
};

const translate = (path: string, lng: Locale) =>
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment;
      const row = DESIGN_SEGMENTS[segment];
      if (!row) throw new Error(`segment ${segment} is not in DESIGN §5`);
      return lng === 'en' ? segment : lng === 'es' ? row[0] : row[1];
    });

describe('the route table (SPEC §2)', () => {
  it('has exactly the screens of SPEC §2, each with its area and guard', () => {
    expect(ROUTES.length).toBe(SPEC_ROUTES.length);
    expect(ROUTES.map((route) => [route.name, route.path, route.area, ...(route.guard ? [route.guard] : [])])).toEqual(
      SPEC_ROUTES,
    );
    for (const route of ROUTES)
      expect(
        Object.keys(route)
          .filter((key) => key !== 'permission')
          .sort(),
      ).toEqual(['area', 'guard', 'name', 'path']);
  });

  it('finds each route by name and refuses an unknown name', () => {
    for (const [name, path, area, guard] of SPEC_ROUTES)
      expect({ ...routeByName(name), permission: undefined }).toEqual({
        name,
        path,
        area,
        guard,
        permission: undefined,
      });
    expect(() => routeByName('nowhere')).toThrow('Unknown route nowhere');
    expect(() => localizePath('nowhere', 'es')).toThrow('Unknown route nowhere');
  });
});

describe('translated segments (DESIGN §5)', () => {
  it('uses the slugs of DESIGN §5 in every locale', () => {
    expect(Object.keys(SEGMENTS).sort()).toEqual([...LOCALES].sort());
    for (const [en, [es, ca]] of Object.entries(DESIGN_SEGMENTS)) {
      expect(SEGMENTS.en[en], en).toBe(en);
      expect(SEGMENTS.es[en], en).toBe(es);
      expect(SEGMENTS.ca[en], en).toBe(ca);
    }
    for (const lng of LOCALES)
      expect(Object.keys(SEGMENTS[lng]).sort(), lng).toEqual(Object.keys(DESIGN_SEGMENTS).sort());
  });

  it.each(LOCALES)('builds every pattern of %s from those slugs, and every URL back to its route', (lng) => {
    for (const [name, path] of SPEC_ROUTES) {
      const segments = translate(path, lng);
      expect(localizedPattern(routeByName(name), lng), name).toBe(`/${[lng, ...segments].join('/')}`);
      const params = Object.fromEntries(
        segments.filter((s) => s.startsWith(':')).map((s) => [s.slice(1).replace('?', ''), 'p-1']),
      );
      const url = `/${[lng, ...segments.map((s) => (s.startsWith(':') ? 'p-1' : s))].join('/')}`;
      expect(localizePath(name, lng, params), name).toBe(url);
      expect(matchPath(url), url).toEqual({ route: routeByName(name), lng, params });
    }
  });
});

describe('localizePath', () => {
  it('encodes parameter values', () => {
    expect(localizePath('jobs.show', 'es', { slug: 'a b/c?d' })).toBe('/es/empleo/a%20b%2Fc%3Fd');
    expect(localizePath('company.jobs.edit', 'en', { hash: 'h1' })).toBe('/en/company/jobs/h1/edit');
  });

  it('refuses a missing or empty required parameter, and leaves out a missing optional one', () => {
    expect(() => localizePath('jobs.show', 'es')).toThrow('Route jobs.show needs slug');
    expect(() => localizePath('jobs.show', 'es', { slug: '' })).toThrow('Route jobs.show needs slug');
    expect(() => localizePath('company.jobs.users', 'ca', { slug: 'x' })).toThrow(
      'Route company.jobs.users needs hash',
    );
    expect(localizePath('info', 'ca', { slug: '' })).toBe('/ca/info');
    expect(localizePath('info', 'en', { slug: 'privacy' })).toBe('/en/info/privacy');
    expect(localizePath('home', 'ca')).toBe('/ca');
  });
});

describe('matchPath', () => {
  it('ignores trailing slashes and doubled slashes, and decodes parameters', () => {
    expect(matchPath('/es/empleo/')?.route.name).toBe('jobs');
    expect(matchPath('/es/empleo///')?.route.name).toBe('jobs');
    expect(matchPath('/es//empleo')?.route.name).toBe('jobs');
    expect(matchPath('/en/jobs/a%20b')).toEqual({
      route: routeByName('jobs.show'),
      lng: 'en',
      params: { slug: 'a b' },
    });
    // a malformed escape is kept as written, not a crash
    expect(matchPath('/en/jobs/%E0%A4%A')).toEqual({
      route: routeByName('jobs.show'),
      lng: 'en',
      params: { slug: '%E0%A4%A' },
    });
    expect(matchPath('/es')).toEqual({ route: routeByName('home'), lng: 'es', params: {} });
    expect(matchPath('/ca/')).toEqual({ route: routeByName('home'), lng: 'ca', params: {} });
  });

  it('answers null for no locale, an unknown locale, a missing parameter or extra segments', () => {
    expect(matchPath('/')).toBeNull();
    expect(matchPath('')).toBeNull();
    expect(matchPath('/empleo')).toBeNull();
    expect(matchPath('/de/jobs')).toBeNull();
    expect(matchPath('/en/jobs/a/b')).toBeNull();
    expect(matchPath('/en/company/jobs/abc/edit/more')).toBeNull();
    expect(matchPath('/en/info/a/b')).toBeNull();
    expect(matchPath('/en/user/experiences/abc/delete')).toBeNull();
  });

  it('matches the optional parameter present or absent', () => {
    expect(matchPath('/ca/info')).toEqual({ route: routeByName('info'), lng: 'ca', params: {} });
    expect(matchPath('/ca/info/galetes')).toEqual({
      route: routeByName('info'),
      lng: 'ca',
      params: { slug: 'galetes' },
    });
  });

  it('prefers the route with more static segments, whatever their order in the table', () => {
    expect(matchPath('/es/usuario/proyectos/nuevo')?.route.name).toBe('user.portfolios.new');
    expect(matchPath('/es/usuario/proyectos/nuevo2')?.route.name).toBe('user.portfolios.show');
    expect(matchPath('/ca/usuari/grups/subscrits')?.route.name).toBe('user.workgroups.subscribed');
    expect(matchPath('/en/user/workgroups/subscribed')?.params).toEqual({});
    // `company` (a public page) and `company/jobs` (the company area) do not shadow each other
    expect(matchPath('/en/company')?.route.name).toBe('company');
    expect(matchPath('/en/company/jobs')?.route.name).toBe('company.jobs');
  });
});
