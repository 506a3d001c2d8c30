import { Outlet } from 'react-router';
import { CookieConsent } from '../components/CookieConsent';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export function PublicLayout() {
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <CookieConsent />
    </div>
  );
}
