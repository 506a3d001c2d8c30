import { Drawer, Grid, Layout, Menu, Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useGetIdentity } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { matchPath } from '../../shared/routes';
import { useLocale } from '../hooks/useLocale';
import { LanguageSwitcher } from '../routing/LanguageSwitcher';
import type { Identity } from '../providers/auth';
import { AccountMenu } from './AccountMenu';

/** The main menu of SPEC §2: jobs for members and visitors, community for everyone, the benefits page in its two variants. */
function useMainMenu() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { data: me } = useGetIdentity<Identity | null>();
  const company = me?.iss === 'company';
  return [
    ...(company ? [] : [{ key: 'jobs', label: <Link to={to('jobs')}>{t('nav.jobs')}</Link> }]),
    { key: 'news', label: <Link to={to('news')}>{t('nav.news')}</Link> },
    { key: 'community', label: <Link to={to('community')}>{t('nav.community')}</Link> },
    { key: 'workgroups', label: <Link to={to('workgroups-landing')}>{t('nav.workgroups')}</Link> },
    ...(company ? [] : [{ key: 'alumni', label: <Link to={to('alumni')}>{t('nav.benefits')}</Link> }]),
    { key: 'company', label: <Link to={to('company')}>{t('nav.companies')}</Link> },
  ];
}

export function SiteHeader() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  const items = useMainMenu();
  const section = matchPath(pathname)?.route.name.split('.')[0] ?? '';
  const selected = section === 'workgroups-landing' ? 'workgroups' : section;
  const compact = !screens.lg;

  return (
    <Layout.Header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <Link to={to('home')} className="site-logo" aria-label={t('header.home')}>
        <span className="site-logo-mark" aria-hidden="true">A</span>
        <span className="site-logo-text">Alumni</span>
      </Link>
      {compact ? null : (
        <nav aria-label={t('nav.mainLabel')} className="site-nav">
          <Menu mode="horizontal" selectedKeys={[selected]} items={items} disabledOverflow />
        </nav>
      )}
      <div className="site-tools">
        <LanguageSwitcher />
        {compact ? null : <AccountMenu />}
        {compact ? <Button aria-label={t('nav.menu')} icon={<MenuOutlined />} onClick={() => setOpen(true)} /> : null}
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('nav.menu')} width={320} placement="right">
        <div className="drawer-account">
          <AccountMenu />
        </div>
        <nav aria-label={t('nav.mainLabel')}>
          <Menu mode="vertical" selectedKeys={[selected]} items={items} onClick={() => setOpen(false)} />
        </nav>
      </Drawer>
    </Layout.Header>
  );
}
