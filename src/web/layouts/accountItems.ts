/**
 * The account menu of SPEC §5, written once: the header's dropdown, the member area's side menu and the
 * phone drawer all list these items, so no place shows a subset. Members: profile, settings, card,
 * applications (Bold and GRATIS only), saved articles, projects, experiences, groups (and the groups I run: Bold and
 * GRATIS), the e-book library;
 * companies: profile, new offer, offers, directory. Sign-out is added by each place (it is an action).
 */
import type { TFunction } from 'i18next';
import { isBold, type Role } from '../../shared/permissions';
import type { Identity } from '../providers/auth';

export interface AccountItem {
  key: string;
  label: string;
  /** a route name of src/shared/routes.ts … */
  route?: string;
  /** … or an outside link (the e-book library) */
  href?: string;
}

const MEMBER_ROUTES: { key: string; route: string; label: string; boldOnly?: boolean }[] = [
  { key: 'profile', route: 'user.profile', label: 'nav.profile' },
  { key: 'settings', route: 'user.profile.settings', label: 'pages.user.profile.settings' },
  { key: 'card', route: 'user.card', label: 'nav.card' },
  { key: 'subscribed', route: 'user.jobs.subscribed', label: 'nav.subscribedJobs', boldOnly: true },
  { key: 'saved', route: 'user.articles.saved', label: 'pages.user.articles.saved' },
  { key: 'portfolios', route: 'user.portfolios', label: 'pages.user.portfolios' },
  { key: 'experiences', route: 'user.experiences', label: 'pages.user.experiences' },
  { key: 'groups', route: 'user.workgroups.subscribed', label: 'pages.user.workgroups.subscribed' },
  { key: 'mygroups', route: 'user.workgroups', label: 'pages.user.workgroups', boldOnly: true },
];

const COMPANY_ROUTES = [
  { key: 'profile', route: 'company.profile', label: 'nav.companyProfile' },
  { key: 'new', route: 'company.jobs.new', label: 'nav.newJob' },
  { key: 'jobs', route: 'company.jobs', label: 'nav.myJobs' },
  { key: 'directory', route: 'community.directory', label: 'nav.directory' },
];

export function accountItems(me: Identity, t: TFunction, ebookUrl?: string | null): AccountItem[] {
  if (me.iss === 'company') return COMPANY_ROUTES.map(({ key, route, label }) => ({ key, route, label: t(label) }));
  const bold = isBold((me.role ?? 'REGULAR') as Role);
  const items: AccountItem[] = MEMBER_ROUTES.filter((item) => bold || !item.boldOnly).map(({ key, route, label }) => ({ key, route, label: t(label) }));
  if (ebookUrl) items.push({ key: 'ebooks', href: ebookUrl, label: t('nav.ebooks') });
  return items;
}
