import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, StaticRouter, useLocation } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { queryClient as browserClient } from './providers/queryClient';
import { i18n, localeFromPath, setLocale } from './providers/i18n';
import { FeedbackProvider } from './providers/notifications';
import { AppRoutes } from './routing/AppRoutes';
import { ErrorBoundary } from './routing/ErrorBoundary';
import { ProgressBar } from './routing/ProgressBar';

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

function Shell({ queryClient }: { queryClient: QueryClient }) {
  // Refine and antd's theme are mounted by the routes that use them (routing/WithRefine, components/AntdScope),
  // not here: the lightest public pages do without both
  return (
    <QueryClientProvider client={queryClient}>
      <FeedbackProvider>
        <LocaleSync />
        <ProgressBar />
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </FeedbackProvider>
    </QueryClientProvider>
  );
}

/**
 * The whole app. In the browser: the browser's URL and the one query client. On the server
 * (entry-server.tsx): a fixed URL and a client of its own per page, whose answers are sent along.
 */
export function App({ location, queryClient = browserClient }: { location?: string; queryClient?: QueryClient } = {}) {
  const inner: ReactNode = <Shell queryClient={queryClient} />;
  return (
    <I18nextProvider i18n={i18n}>
      {location === undefined ? (
        <BrowserRouter>{inner}</BrowserRouter>
      ) : (
        <StaticRouter location={location}>{inner}</StaticRouter>
      )}
    </I18nextProvider>
  );
}
