/** Route name → page component, loaded on demand so a first visit downloads only its own page. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadTexts, type Namespace } from '../providers/i18n';

type Page = LazyExoticComponent<ComponentType>;
// what React.lazy accepts (a component with any props)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyPart = ComponentType<any>;

/**
 * A lazy part that shows texts beyond the public pages' `common` namespace (providers/i18n.ts): its code and its
 * texts are fetched together, so it renders with its words whether it is the first page or one navigated to.
 */
export function lazyWithTexts<T extends LazyPart>(
  namespaces: readonly Namespace[],
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => Promise.all([load(), loadTexts(namespaces)]).then(([module]) => module));
}

const areaPage = (load: () => Promise<{ default: ComponentType }>) => lazyWithTexts(['areas'], load);

// which pages are light (no antd) and which sit inside Refine: src/shared/pageParts.ts, read by the server too
export { LIGHT_PAGES, REFINE_PAGES } from '../../shared/pageParts';

/** antd's theme provider, loaded with the first page that needs it (one lazy component: preload.ts resolves it before hydration). */
export const AntdScopeLazy = lazy(() => import('../components/AntdScope'));

/** Refine (with antd's theme), only where it is used: the areas, the back office, the sign-in page. */
export const WithRefineLazy = lazyWithTexts(['areas'], () => import('./WithRefine'));

/** The members' and companies' layout (side menu), loaded with their first page. */
export const AreaLayoutLazy = lazyWithTexts(['areas'], () =>
  import('../layouts/AreaLayout').then((m) => ({ default: m.AreaLayout })),
);

export const PAGES: Record<string, Page> = {
  home: lazy(() => import('../pages/public/home/HomePage')),
  jobs: lazy(() => import('../pages/public/jobs/JobListPage')),
  'jobs.show': lazy(() => import('../pages/public/jobs/JobShowPage')),
  news: lazy(() => import('../pages/public/news/NewsListPage')),
  'news.show': lazy(() => import('../pages/public/news/NewsShowPage')),
  'community.directory': lazy(() => import('../pages/public/community/DirectoryListPage')),
  'community.directory.show': lazy(() => import('../pages/public/community/DirectoryShowPage')),
  workgroups: lazy(() => import('../pages/public/workgroups/WorkgroupListPage')),
  'workgroups.show': lazy(() => import('../pages/public/workgroups/WorkgroupShowPage')),
  'workgroups-landing': lazy(() => import('../pages/public/workgroups/WorkgroupLandingPage')),
  community: lazy(() => import('../pages/public/static/CommunityPage')),
  association: lazy(() => import('../pages/public/static/AssociationPage')),
  alumni: lazy(() => import('../pages/public/static/BenefitsPage')),
  company: lazy(() => import('../pages/public/static/CompanyLandingPage')),
  'community.ambassadors': lazy(() => import('../pages/public/community/AmbassadorsPage')),
  'community.ambassadors.show': lazy(() => import('../pages/public/community/DirectoryShowPage')),
  'community.entrepreneurs': lazy(() => import('../pages/public/community/EntrepreneursPage')),
  'community.entrepreneurs.show': lazy(() => import('../pages/public/community/DirectoryShowPage')),
  portfolios: lazy(() => import('../pages/public/portfolios/PortfolioListPage')),
  'portfolios.show': lazy(() => import('../pages/public/portfolios/PortfolioShowPage')),
  experiences: lazy(() => import('../pages/public/experiences/ExperienceListPage')),
  'experiences.show': lazy(() => import('../pages/public/experiences/ExperienceShowPage')),
  info: lazy(() => import('../pages/public/info/InfoPage')),
  verify: lazy(() => import('../pages/public/verify/VerifyPage')),
  login: areaPage(() => import('../pages/public/auth/LoginPage')),
  'user.login': areaPage(() => import('../pages/public/auth/UserLoginPage')),
  'company.login': areaPage(() => import('../pages/public/auth/CompanyLoginPage')),
  'user.logout': areaPage(() => import('../pages/public/auth/LogoutPage')),
  'company.logout': areaPage(() => import('../pages/public/auth/LogoutPage')),
  'user.register': areaPage(() => import('../pages/user/register/RegisterPage')),
  'user.recovery': areaPage(() => import('../pages/user/recovery/RecoveryPage')),
  'user.invitation': areaPage(() => import('../pages/user/invitation/InvitationPage')),
  'company.recovery': areaPage(() => import('../pages/user/recovery/CompanyRecoveryPage')),
  'company.register': areaPage(() => import('../pages/company/register/CompanyRegisterPage')),
  'company.profile': areaPage(() => import('../pages/company/profile/CompanyProfilePage')),
  'company.jobs': areaPage(() => import('../pages/company/jobs/OfferListPage')),
  'company.jobs.new': areaPage(() => import('../pages/company/jobs/OfferCreatePage')),
  'company.jobs.show': areaPage(() => import('../pages/company/jobs/OfferShowPage')),
  'company.jobs.edit': areaPage(() => import('../pages/company/jobs/OfferEditPage')),
  'company.jobs.survey': areaPage(() => import('../pages/company/jobs/OfferSurveyPage')),
  'company.jobs.users': areaPage(() => import('../pages/company/jobs/CandidatesPage')),
  user: areaPage(() => import('../pages/user/home/MemberHomePage')),
  'company.messages': areaPage(() => import('../pages/company/messages/InboxPage')),
  'company.messages.show': areaPage(() => import('../pages/company/messages/ThreadPage')),
  'user.messages': areaPage(() => import('../pages/user/messages/InboxPage')),
  'user.messages.show': areaPage(() => import('../pages/user/messages/ThreadPage')),
  'user.profile': areaPage(() => import('../pages/user/profile/ProfilePage')),
  'user.card': areaPage(() => import('../pages/user/card/CardPage')),
  'user.profile.settings': areaPage(() => import('../pages/user/profile/SettingsPage')),
  'user.profile.settings-iban': areaPage(() => import('../pages/user/profile/IbanPage')),
  'user.articles.saved': areaPage(() => import('../pages/user/lists/SavedPage')),
  'user.jobs.subscribed': areaPage(() => import('../pages/user/lists/ApplicationsPage')),
  'user.workgroups.subscribed': areaPage(() => import('../pages/user/lists/GroupsPage')),
  'user.workgroups': areaPage(() => import('../pages/user/workgroups/GroupListPage')),
  'user.workgroups.new': areaPage(() => import('../pages/user/workgroups/GroupCreatePage')),
  'user.workgroups.edit': areaPage(() => import('../pages/user/workgroups/GroupEditPage')),
  'user.workgroups.show': areaPage(() => import('../pages/user/workgroups/GroupManagePage')),
  'user.portfolios': areaPage(() => import('../pages/user/portfolios/PortfolioListPage')),
  'user.portfolios.new': areaPage(() => import('../pages/user/portfolios/PortfolioCreatePage')),
  'user.portfolios.show': areaPage(() => import('../pages/user/portfolios/PortfolioShowPage')),
  'user.portfolios.edit': areaPage(() => import('../pages/user/portfolios/PortfolioEditPage')),
  'user.experiences': areaPage(() => import('../pages/user/experiences/ExperienceListPage')),
  'user.experiences.new': areaPage(() => import('../pages/user/experiences/ExperienceCreatePage')),
  'user.experiences.show': areaPage(() => import('../pages/user/experiences/ExperienceShowPage')),
  'user.experiences.edit': areaPage(() => import('../pages/user/experiences/ExperienceEditPage')),
};
