/** One React Router route per locale for every entry of the shared route table (DESIGN §5). */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../components/Spinner';
import Cookies from 'js-cookie';
import { LOCALE_COOKIE, LOCALES, DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/constants';
import { localizedPattern, ROUTES, type Area, type RouteDef } from '../../shared/routes';
import { PublicLayout } from '../layouts/PublicLayout';
import { Guarded } from './guards';
import {
  AntdScopeLazy as AntdScope,
  AreaLayoutLazy as AreaLayout,
  LIGHT_PAGES,
  PAGES,
  REFINE_PAGES,
  WithRefineLazy as WithRefine,
} from './pages';
import { adminRoutes } from './adminRoutes';

// the lazy parts (Refine, the layouts, the pages) are in pages.ts, so that preload.ts can fetch a client-rendered
// page's parts all at once at start instead of one after another as each renders
const spinner = <Spinner />;

// shown rarely (an unknown address, a page of a later release): loaded when shown, not with every first visit
const NotFoundPage = lazy(() => import('../pages/common/StatusPages').then((m) => ({ default: m.NotFoundPage })));
const ComingSoonPage = lazy(() => import('../pages/common/StatusPages').then((m) => ({ default: m.ComingSoonPage })));

/** SPEC §2: the i18n_redirected cookie, then the browser language, then Spanish. */
export function preferredLocale(): Locale {
  const saved = Cookies.get(LOCALE_COOKIE);
  if (isLocale(saved)) return saved;
  if (typeof navigator === 'undefined') return DEFAULT_LOCALE; // the server renderer (the server redirects `/` itself)
  for (const language of navigator.languages ?? [navigator.language]) {
    const code = language.slice(0, 2).toLowerCase();
    if (isLocale(code)) return code;
  }
  return DEFAULT_LOCALE;
}

function RootRedirect() {
  return <Navigate to={`/${preferredLocale()}`} replace />;
}

function element(route: RouteDef) {
  const Page = PAGES[route.name];
  const page = <Suspense fallback={spinner}>{Page ? <Page /> : <ComingSoonPage name={route.name} />}</Suspense>;
  if (route.area !== 'public' || LIGHT_PAGES.has(route.name)) return <Guarded guard={route.guard}>{page}</Guarded>;
  // WithRefine brings antd's theme with it; the other public pages that use antd get the theme alone
  const scoped = REFINE_PAGES.has(route.name) ? <WithRefine>{page}</WithRefine> : <AntdScope>{page}</AntdScope>;
  return (
    <Guarded guard={route.guard}>
      <Suspense fallback={spinner}>{scoped}</Suspense>
    </Guarded>
  );
}

function routesOf(area: Area) {
  return LOCALES.flatMap((lng) =>
    ROUTES.filter((route) => route.area === area).map((route) => (
      <Route key={`${lng}:${route.name}`} path={localizedPattern(route, lng)} element={element(route)} />
    )),
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route element={<PublicLayout />}>
        {routesOf('public')}
        <Route
          path="*"
          element={
            <Suspense fallback={spinner}>
              <NotFoundPage />
            </Suspense>
          }
        />
      </Route>
      <Route
        element={
          <Suspense fallback={spinner}>
            <WithRefine />
          </Suspense>
        }
      >
        {adminRoutes()}
        {(['user', 'company'] as const).map((area) => (
          <Route
            key={area}
            element={
              <Suspense fallback={spinner}>
                <AreaLayout area={area} />
              </Suspense>
            }
          >
            {routesOf(area)}
          </Route>
        ))}
      </Route>
    </Routes>
  );
}
