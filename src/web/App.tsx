import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, StaticRouter, useLocation } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Refine } from '@refinedev/core';
import { ConfigProvider } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { accessControlProvider } from './providers/access';
import { useAntdLocale } from './providers/antdLocale';
import { queryClient as browserClient } from './providers/queryClient';
import { authProvider } from './providers/auth';
import { dataProviders } from './providers/data';
import { i18n, i18nProvider, localeFromPath, setLocale } from './providers/i18n';
import { routerProvider } from './routing/query';
import { FeedbackProvider, useNotificationProvider } from './providers/notifications';
import { AppRoutes } from './routing/AppRoutes';
import { ErrorBoundary } from './routing/ErrorBoundary';
import { ProgressBar } from './routing/ProgressBar';
import { theme } from './theme';

/** Keeps i18next and <html lang> on the URL's locale. */
function LocaleSync() {
  const { pathname } = useLocation();
  const lng = localeFromPath(pathname);
  useEffect(() => {
    void setLocale(lng);
    document.documentElement.lang = lng;
  }, [lng]);
  return null;
}

function RefineApp({ queryClient }: { queryClient: QueryClient }) {
  const { pathname } = useLocation();
  const antdLocale = useAntdLocale(localeFromPath(pathname));
  return (
    <ConfigProvider theme={theme} locale={antdLocale}>
      <FeedbackProvider>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProviders}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          notificationProvider={useNotificationProvider}
          resources={[{ name: 'jobs' }]}
          options={{ disableTelemetry: true, syncWithLocation: false, warnWhenUnsavedChanges: false, reactQuery: { clientConfig: queryClient } }}
        >
          <LocaleSync />
          <ProgressBar />
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
        </Refine>
      </FeedbackProvider>
    </ConfigProvider>
  );
}

/**
 * The whole app. In the browser: the browser's URL and the one query client. On the server
 * (entry-server.tsx): a fixed URL and a client of its own per page, whose answers are sent along.
 */
export function App({ location, queryClient = browserClient }: { location?: string; queryClient?: QueryClient } = {}) {
  const inner: ReactNode = <RefineApp queryClient={queryClient} />;
  return <I18nextProvider i18n={i18n}>{location === undefined ? <BrowserRouter>{inner}</BrowserRouter> : <StaticRouter location={location}>{inner}</StaticRouter>}</I18nextProvider>;
}
