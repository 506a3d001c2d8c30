/**
 * The account menu of SPEC §5, written once: the header's dropdown, the member area's side menu and the
 * phone drawer all list these items, so no place shows a subset. Members: profile, settings, card,
 * applications, saved articles, projects, experiences, groups, the groups I run, the e-book library;
 * companies: profile, new offer, offers, directory. Sign-out is added by each place (it is an action).
 * Which items an actor sees is the access control's answer: each item's route declares its permission in
 * src/shared/routes.ts, the e-book library needs `library.view`; the menus ask each of accountActions() of useCan
 * (hooks/useAccess.tsx) and pass the answers here.
 */
import type { TFunction } from 'i18next';
import type { Identity } from '../providers/auth';

export interface AccountItem {
  key: string;
  label: string;
  /** a route name of src/shared/routes.ts … */
  route?: string;
  /** … or an outside link (the e-book library) */
  href?: string;
}

export interface MenuEntry {
  key: string;
  route: string;
  label: string;
}

export const MEMBER_MENU: readonly MenuEntry[] = [
  { key: 'home', route: 'user', label: 'nav.memberHome' }, // the member's home (issue 25 §13)
  { key: 'profile', route: 'user.profile', label: 'nav.profile' },
  { key: 'settings', route: 'user.profile.settings', label: 'pages.user.profile.settings' },
  { key: 'messages', route: 'user.messages', label: 'nav.messages' },
  { key: 'card', route: 'user.card', label: 'nav.card' },
  { key: 'subscribed', route: 'user.jobs.subscribed', label: 'nav.subscribedJobs' },
  { key: 'saved', route: 'user.articles.saved', label: 'pages.user.articles.saved' },
  { key: 'portfolios', route: 'user.portfolios', label: 'pages.user.portfolios' },
  { key: 'experiences', route: 'user.experiences', label: 'pages.user.experiences' },
  { key: 'groups', route: 'user.workgroups.subscribed', label: 'pages.user.workgroups.subscribed' },
  { key: 'mygroups', route: 'user.workgroups', label: 'pages.user.workgroups' },
];

export const COMPANY_MENU: readonly MenuEntry[] = [
  { key: 'profile', route: 'company.profile', label: 'nav.companyProfile' },
  { key: 'new', route: 'company.jobs.new', label: 'nav.newJob' },
  { key: 'jobs', route: 'company.jobs', label: 'nav.myJobs' },
  { key: 'messages', route: 'company.messages', label: 'nav.messages' },
  { key: 'directory', route: 'community.directory', label: 'nav.directory' },
];

/** The e-book library: a Bold benefit. */
export const LIBRARY_PERMISSION = 'library.view';

/** What a menu asks the access control for this actor: each item's route, and the library for a member. */
export function accountActions(me: Identity | null | undefined): string[] {
  if (!me) return [];
  const menu = me.iss === 'company' ? COMPANY_MENU : MEMBER_MENU;
  return [...menu.map((item) => item.route), ...(me.iss === 'company' ? [] : [LIBRARY_PERMISSION])];
}

/** `allowed`: the access control's answers (useAccessAnswers(accountActions(me)), or a list's allows() in tests). */
export function accountItems(
  me: Identity,
  t: TFunction,
  allowed: (action: string) => boolean,
  ebookUrl?: string | null,
): AccountItem[] {
  const menu = me.iss === 'company' ? COMPANY_MENU : MEMBER_MENU;
  const items: AccountItem[] = menu
    .filter((item) => allowed(item.route))
    .map(({ key, route, label }) => ({ key, route, label: t(label) }));
  if (me.iss !== 'company' && ebookUrl && allowed(LIBRARY_PERMISSION))
    items.push({ key: 'ebooks', href: ebookUrl, label: t('nav.ebooks') });
  return items;
}
