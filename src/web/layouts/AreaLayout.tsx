import { Grid, Layout, Menu } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { matchPath } from '../../shared/routes';
import { useSiteInit } from '../hooks/useSiteInit';
import { useIdentityState } from '../hooks/useIdentity';
import { useAccessAnswers } from '../hooks/useAccess';
import type { Identity } from '../providers/auth';
import { AccountLink } from './AccountLink';
import { accountActions, accountItems } from './accountItems';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import AreaAccess from '../routing/AreaAccess';

/** The members' and companies' areas: the site header, a 320 px side menu on wide screens, the footer. */
export function AreaLayout({ area }: { area: 'user' | 'company' }) {
  const { t } = useTranslation();
  const init = useSiteInit();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const { data: me } = useGetIdentity<Identity | null>();
  const signedIn = area === 'user' ? me?.iss === 'user' : me?.iss === 'company';
  // whether the page sits behind its route's access check is decided by the identity the guards wait for, not by
  // Refine's copy of it, which can arrive a render later: the page was then mounted bare, and mounted again inside
  // the check, reading its data twice (issue 27 §3, the company's offers)
  const { me: actor } = useIdentityState();
  const checked = area === 'user' ? actor?.iss === 'user' : actor?.iss === 'company';
  // one useCan per item of the side menu
  const { allowed, questions } = useAccessAnswers(signedIn ? accountActions(me) : []);
  const items = me && signedIn ? accountItems(me, t, allowed, init?.settings.ebookUrl) : [];
  const current = matchPath(pathname)?.route.name;
  // the longest route name the current page starts with (user.portfolios.edit → user.portfolios)
  const selected = items
    .filter((item) => item.route && current?.startsWith(item.route))
    .sort((a, b) => b.route!.length - a.route!.length)[0]?.key;
  return (
    <Layout className="site">
      {questions}
      <SiteHeader />
      <Layout className="area">
        {signedIn && screens.lg ? (
          <Layout.Sider width={320} className="area-sider" theme="light">
            <nav aria-label={t('header.account')}>
              <Menu
                mode="inline"
                selectedKeys={selected ? [selected] : []}
                items={items.map((item) => ({ key: item.key, label: <AccountLink item={item} /> }))}
              />
            </nav>
          </Layout.Sider>
        ) : null}
        <Layout.Content id="main" className="site-main area-main" tabIndex={-1}>
          {/* the page's route permission, asked of the access control once the guard's actor is here (routing/AreaAccess) */}
          {checked && current ? (
            <AreaAccess route={current}>
              <Outlet />
            </AreaAccess>
          ) : (
            <Outlet />
          )}
        </Layout.Content>
      </Layout>
      <SiteFooter />
    </Layout>
  );
}
