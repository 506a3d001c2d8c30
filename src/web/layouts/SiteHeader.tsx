import { lazy, Suspense, useState } from 'react';
import { Button } from '../components/light';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../hooks/useLocale';
import { LanguageSwitcher } from '../routing/LanguageSwitcher';
import { AccountMenu } from './AccountMenu';
import { MainMenu } from './MainMenu';
import { MessagesBadge } from './MessagesBadge';

const MobileMenu = lazy(() => import('./MobileMenu'));

export function SiteHeader() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  return (
    // the desktop menu and the phone's menu button are both rendered, and CSS shows one (no width is known on
    // the server, and a page must not change its header once its scripts start)
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <Link to={to('home')} className="site-logo" aria-label={t('header.home')}>
        <span className="site-logo-mark" aria-hidden="true">
          A
        </span>
        <span className="site-logo-text">Alumni</span>
      </Link>
      <div className="desktop-only site-nav-slot">
        <MainMenu />
      </div>
      <span className="site-nav-spacer mobile-only" />
      <div className="site-tools">
        <MessagesBadge />
        <LanguageSwitcher />
        <div className="desktop-only">
          <AccountMenu />
        </div>
        <Button
          className="mobile-only"
          aria-label={t('nav.menu')}
          aria-expanded={open}
          icon={<MenuOutlined />}
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        />
      </div>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenu open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
