import { Grid, Layout, Menu } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { isBold, type Role } from '../../shared/permissions';
import { matchPath } from '../../shared/routes';
import { useLocale } from '../hooks/useLocale';
import type { Identity } from '../providers/auth';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

const USER_PAGES = ['user.profile', 'user.card', 'user.jobs.subscribed', 'user.articles.saved', 'user.portfolios', 'user.experiences', 'user.workgroups', 'user.profile.settings'];
const COMPANY_PAGES = ['company.jobs', 'company.jobs.new', 'company.profile', 'community.directory'];

/** The members' and companies' areas: the site header, a 320 px side menu on wide screens, the footer. */
export function AreaLayout({ area }: { area: 'user' | 'company' }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const { data: me } = useGetIdentity<Identity | null>();
  const signedIn = area === 'user' ? me?.iss === 'user' : me?.iss === 'company';
  const pages = area === 'user' ? USER_PAGES.filter((name) => name !== 'user.jobs.subscribed' || isBold((me?.role ?? 'REGULAR') as Role)) : COMPANY_PAGES;
  const current = matchPath(pathname)?.route.name;
  const selected = pages.filter((name) => current?.startsWith(name)).sort((a, b) => b.length - a.length)[0];
  return (
    <Layout className="site">
      <SiteHeader />
      <Layout className="area">
        {signedIn && screens.lg ? (
          <Layout.Sider width={320} className="area-sider" theme="light">
            <nav aria-label={t('header.account')}>
              <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={pages.map((name) => ({ key: name, label: <Link to={to(name)}>{t(`pages.${name}`)}</Link> }))} />
            </nav>
          </Layout.Sider>
        ) : null}
        <Layout.Content id="main" className="site-main area-main" tabIndex={-1}>
          <Outlet />
        </Layout.Content>
      </Layout>
      <SiteFooter />
    </Layout>
  );
}
