/**
 * The back office's routes: ADMIN_ROUTES of src/shared/routes.ts (untranslated segments, DESIGN §5) with their
 * pages, all lazy. AdminLayout puts each behind <CanAccess> for the permission its route declares.
 */
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route } from 'react-router';
import { LOCALES } from '../../shared/constants';
import { ADMIN_ROUTES, localizedPattern } from '../../shared/routes';
import { Spinner } from '../components/Spinner';
import { lazyWithTexts, type LazyPart } from './pages';

const adminPart = <T extends LazyPart>(load: () => Promise<{ default: T }>) => lazyWithTexts(['areas', 'admin'], load);

export const AdminLayoutLazy = adminPart(() =>
  import('../layouts/AdminLayout').then((m) => ({ default: m.AdminLayout })),
);

export const ADMIN_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'admin.login': adminPart(() => import('../pages/admin/AdminLoginPage')),
  'admin.invite': adminPart(() => import('../pages/admin/admins/InvitePage')),
  'admin.dashboard': adminPart(() => import('../pages/admin/dashboard/DashboardPage')),
  'admin.users': adminPart(() => import('../pages/admin/users/UsersQueuePage')),
  'admin.member-import': adminPart(() => import('../pages/admin/memberImport/MemberImportPage')),
  'admin.companies': adminPart(() => import('../pages/admin/companies/CompaniesQueuePage')),
  'admin.jobs': adminPart(() => import('../pages/admin/jobs/JobsQueuePage')),
  'admin.workgroups': adminPart(() => import('../pages/admin/workgroups/WorkgroupsQueuePage')),
  'admin.subscriptions': adminPart(() => import('../pages/admin/payments/SubscriptionsPage')),
  'admin.payments': adminPart(() => import('../pages/admin/payments/PaymentsPage')),
  'admin.articles': adminPart(() => import('../pages/admin/articles/ArticleListPage')),
  'admin.articles.new': adminPart(() => import('../pages/admin/articles/ArticleFormPage')),
  'admin.articles.edit': adminPart(() => import('../pages/admin/articles/ArticleFormPage')),
  'admin.articles.attendees': adminPart(() => import('../pages/admin/articles/AttendeesPage')),
  'admin.pages': adminPart(() => import('../pages/admin/pages/PagesListPage')),
  'admin.pages.edit': adminPart(() => import('../pages/admin/pages/PageEditPage')),
  'admin.categories': adminPart(() => import('../pages/admin/taxonomies/CategoriesPage')),
  'admin.tags': adminPart(() => import('../pages/admin/taxonomies/TagsPage')),
  'admin.settings': adminPart(() => import('../pages/admin/settings/SiteSettingsPage')),
  'admin.admins': adminPart(() => import('../pages/admin/admins/AdminsPage')),
  'admin.security': adminPart(() => import('../pages/admin/admins/SecurityPage')),
  'admin.audit': adminPart(() => import('../pages/admin/audit/AuditLogPage')),
  'admin.schoolRecords': adminPart(() => import('../pages/admin/schoolRecords/SchoolRecordsPage')),
  'admin.message-reports': adminPart(() => import('../pages/admin/messageReports/MessageReportsPage')),
  'admin.messages': adminPart(() => import('../pages/admin/messages/AdminInboxPage')),
  'admin.messages.show': adminPart(() => import('../pages/admin/messages/AdminThreadPage')),
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
