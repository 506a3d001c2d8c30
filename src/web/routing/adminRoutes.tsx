/** The back office's routes: /{lng}/admin/… with untranslated segments (DESIGN §5), all lazy. */
import { lazy, Suspense } from 'react';
import { Navigate, Route } from 'react-router';
import { LOCALES } from '../../shared/constants';
import { Spinner } from '../components/Spinner';

const AdminLayout = lazy(() => import('../layouts/AdminLayout').then((m) => ({ default: m.AdminLayout })));
const AdminLoginPage = lazy(() => import('../pages/admin/AdminLoginPage'));
const DashboardPage = lazy(() => import('../pages/admin/dashboard/DashboardPage'));
const UsersQueuePage = lazy(() => import('../pages/admin/users/UsersQueuePage'));
const AuditLogPage = lazy(() => import('../pages/admin/audit/AuditLogPage'));
const JobsQueuePage = lazy(() => import('../pages/admin/jobs/JobsQueuePage'));
const CompaniesQueuePage = lazy(() => import('../pages/admin/companies/CompaniesQueuePage'));
const SiteSettingsPage = lazy(() => import('../pages/admin/settings/SiteSettingsPage'));
const CategoriesPage = lazy(() => import('../pages/admin/taxonomies/CategoriesPage'));
const TagsPage = lazy(() => import('../pages/admin/taxonomies/TagsPage'));
const WorkgroupsQueuePage = lazy(() => import('../pages/admin/workgroups/WorkgroupsQueuePage'));
const ArticleListPage = lazy(() => import('../pages/admin/articles/ArticleListPage'));
const ArticleFormPage = lazy(() => import('../pages/admin/articles/ArticleFormPage'));
const AttendeesPage = lazy(() => import('../pages/admin/articles/AttendeesPage'));
const PagesListPage = lazy(() => import('../pages/admin/pages/PagesListPage'));
const PageEditPage = lazy(() => import('../pages/admin/pages/PageEditPage'));
const AdminsPage = lazy(() => import('../pages/admin/admins/AdminsPage'));
const SecurityPage = lazy(() => import('../pages/admin/admins/SecurityPage'));
const InvitePage = lazy(() => import('../pages/admin/admins/InvitePage'));
const SubscriptionsPage = lazy(() => import('../pages/admin/payments/SubscriptionsPage'));
const PaymentsPage = lazy(() => import('../pages/admin/payments/PaymentsPage'));

const wait = (node: React.ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>;

export function adminRoutes() {
  return LOCALES.flatMap((lng) => [
    <Route key={`${lng}:admin.login`} path={`/${lng}/admin/login`} element={wait(<AdminLoginPage />)} />,
    <Route key={`${lng}:admin.invite`} path={`/${lng}/admin/invite/:token`} element={wait(<InvitePage />)} />,
    <Route key={`${lng}:admin`} path={`/${lng}/admin`} element={wait(<AdminLayout />)}>
      <Route index element={<Navigate to={`/${lng}/admin/dashboard`} replace />} />
      <Route path="dashboard" element={wait(<DashboardPage />)} />
      <Route path="users" element={wait(<UsersQueuePage />)} />
      <Route path="companies" element={wait(<CompaniesQueuePage />)} />
      <Route path="jobs" element={wait(<JobsQueuePage />)} />
      <Route path="audit" element={wait(<AuditLogPage />)} />
      <Route path="settings" element={wait(<SiteSettingsPage />)} />
      <Route path="categories" element={wait(<CategoriesPage />)} />
      <Route path="tags" element={wait(<TagsPage />)} />
      <Route path="workgroups" element={wait(<WorkgroupsQueuePage />)} />
      <Route path="articles" element={wait(<ArticleListPage />)} />
      <Route path="articles/new" element={wait(<ArticleFormPage />)} />
      <Route path="articles/:hash/edit" element={wait(<ArticleFormPage />)} />
      <Route path="articles/:hash/attendees" element={wait(<AttendeesPage />)} />
      <Route path="subscriptions" element={wait(<SubscriptionsPage />)} />
      <Route path="payments" element={wait(<PaymentsPage />)} />
      <Route path="pages" element={wait(<PagesListPage />)} />
      <Route path="pages/:key" element={wait(<PageEditPage />)} />
      <Route path="admins" element={wait(<AdminsPage />)} />
      <Route path="security" element={wait(<SecurityPage />)} />
    </Route>,
  ]);
}
