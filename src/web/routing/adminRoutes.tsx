/**
 * The back office's routes: ADMIN_ROUTES of src/shared/routes.ts (untranslated segments, DESIGN §5) with their
 * pages, all lazy. AdminLayout puts each behind <CanAccess> for the permission its route declares.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route } from 'react-router';
import { LOCALES } from '../../shared/constants';
import { ADMIN_ROUTES, localizedPattern } from '../../shared/routes';
import { Spinner } from '../components/Spinner';

export const AdminLayoutLazy = lazy(() => import('../layouts/AdminLayout').then((m) => ({ default: m.AdminLayout })));

export const ADMIN_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'admin.login': lazy(() => import('../pages/admin/AdminLoginPage')),
  'admin.invite': lazy(() => import('../pages/admin/admins/InvitePage')),
  'admin.dashboard': lazy(() => import('../pages/admin/dashboard/DashboardPage')),
  'admin.users': lazy(() => import('../pages/admin/users/UsersQueuePage')),
  'admin.member-import': lazy(() => import('../pages/admin/memberImport/MemberImportPage')),
  'admin.companies': lazy(() => import('../pages/admin/companies/CompaniesQueuePage')),
  'admin.jobs': lazy(() => import('../pages/admin/jobs/JobsQueuePage')),
  'admin.workgroups': lazy(() => import('../pages/admin/workgroups/WorkgroupsQueuePage')),
  'admin.subscriptions': lazy(() => import('../pages/admin/payments/SubscriptionsPage')),
  'admin.payments': lazy(() => import('../pages/admin/payments/PaymentsPage')),
  'admin.articles': lazy(() => import('../pages/admin/articles/ArticleListPage')),
  'admin.articles.new': lazy(() => import('../pages/admin/articles/ArticleFormPage')),
  'admin.articles.edit': lazy(() => import('../pages/admin/articles/ArticleFormPage')),
  'admin.articles.attendees': lazy(() => import('../pages/admin/articles/AttendeesPage')),
  'admin.pages': lazy(() => import('../pages/admin/pages/PagesListPage')),
  'admin.pages.edit': lazy(() => import('../pages/admin/pages/PageEditPage')),
  'admin.categories': lazy(() => import('../pages/admin/taxonomies/CategoriesPage')),
  'admin.tags': lazy(() => import('../pages/admin/taxonomies/TagsPage')),
  'admin.settings': lazy(() => import('../pages/admin/settings/SiteSettingsPage')),
  'admin.admins': lazy(() => import('../pages/admin/admins/AdminsPage')),
  'admin.security': lazy(() => import('../pages/admin/admins/SecurityPage')),
  'admin.audit': lazy(() => import('../pages/admin/audit/AuditLogPage')),
  'admin.schoolRecords': lazy(() => import('../pages/admin/schoolRecords/SchoolRecordsPage')),
  'admin.message-reports': lazy(() => import('../pages/admin/messageReports/MessageReportsPage')),
  'admin.messages': lazy(() => import('../pages/admin/messages/AdminInboxPage')),
  'admin.messages.show': lazy(() => import('../pages/admin/messages/AdminThreadPage')),
};

const wait = (node: React.ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>;

function page(name: string) {
  const Page = ADMIN_PAGES[name]!;
  return wait(<Page />);
}

export function adminRoutes() {
  const outside = ADMIN_ROUTES.filter((route) => !route.permission);
  const inside = ADMIN_ROUTES.filter((route) => route.permission);
  return LOCALES.flatMap((lng) => [
    ...outside.map((route) => {
      const Page = ADMIN_PAGES[route.name]!;
      return <Route key={`${lng}:${route.name}`} path={localizedPattern(route, lng)} element={wait(<Page />)} />;
    }),
    <Route key={`${lng}:admin`} path={`/${lng}/admin`} element={wait(<AdminLayoutLazy />)}>
      <Route index element={<Navigate to={`/${lng}/admin/dashboard`} replace />} />
      {inside.map((route) => (
        <Route
          key={route.name}
          path={localizedPattern(route, lng).slice(`/${lng}/admin/`.length)}
          element={page(route.name)}
        />
      ))}
    </Route>,
  ]);
}
