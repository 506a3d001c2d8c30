/** Route name → page component, loaded on demand so a first visit downloads only its own page. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

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
  login: lazy(() => import('../pages/public/auth/LoginPage')),
  'user.login': lazy(() => import('../pages/public/auth/UserLoginPage')),
  'company.login': lazy(() => import('../pages/public/auth/CompanyLoginPage')),
  'user.logout': lazy(() => import('../pages/public/auth/LogoutPage')),
  'company.logout': lazy(() => import('../pages/public/auth/LogoutPage')),
  'user.profile': lazy(() => import('../pages/user/profile/ProfilePage')),
  'user.profile.settings': lazy(() => import('../pages/user/profile/SettingsPage')),
  'user.profile.settings-iban': lazy(() => import('../pages/user/profile/IbanPage')),
};
