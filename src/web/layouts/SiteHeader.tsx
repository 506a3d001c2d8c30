import { lazy, Suspense, useState } from 'react';
import { Button, Grid, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import { LanguageSwitcher } from '../routing/LanguageSwitcher';
import { AccountMenu } from './AccountMenu';
import { MainMenu } from './MainMenu';

const MobileMenu = lazy(() => import('./MobileMenu'));

export function SiteHeader() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
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
      {compact ? <span className="site-nav-spacer" /> : <MainMenu />}
      <div className="site-tools">
        <LanguageSwitcher />
        {compact ? null : <AccountMenu />}
        {compact ? (
          <Button
            aria-label={t('nav.menu')}
            aria-expanded={open}
            icon={<MenuOutlined />}
            onClick={() => {
              setUsed(true);
              setOpen(true);
            }}
          />
        ) : null}
      </div>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenu open={open && compact} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Layout.Header>
  );
}
