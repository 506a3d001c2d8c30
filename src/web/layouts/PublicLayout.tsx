import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { CookieConsent } from '../components/CookieConsent';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export function PublicLayout() {
  return (
    <Layout className="site">
      <SiteHeader />
      <Layout.Content id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </Layout.Content>
      <SiteFooter />
      <CookieConsent />
    </Layout>
  );
}
