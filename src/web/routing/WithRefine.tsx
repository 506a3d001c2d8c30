/**
 * Refine, for the parts that use it: the member, company and admin areas and the sign-in, registration
 * and recovery pages (their own chunk, loaded with their first page). The public pages are rendered on the
 * server and kept light without it (issue 9 §2); they share the same react-query client, session and toasts.
 */
import { useMemo, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Refine } from '@refinedev/core';
import { AntdScope } from '../components/AntdScope';
import { accessControlProvider } from '../providers/access';
import { authProvider } from '../providers/auth';
import { dataProviders } from '../providers/data';
import { i18nProvider } from '../providers/i18n';
import { useNotificationProvider } from '../providers/notifications';
import { queryClient } from '../providers/queryClient';
import { routerProvider } from './query';
import { refineResources } from './resources';
import { useLocale } from '../hooks/useLocale';
import { AccessDecisionContext } from '../hooks/useAccess';
import { useRefineDecision } from '../hooks/useRefineDecision';

// the page's first read, asked for at boot with this part (main.tsx): its module comes with Refine's, already on its way
export { startFirstRead } from './firstRead';

export default function WithRefine({ children }: { children?: ReactNode }) {
  const { lng } = useLocale();
  const resources = useMemo(() => refineResources(lng), [lng]);
  return (
    <AntdScope>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProviders}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        i18nProvider={i18nProvider}
        notificationProvider={useNotificationProvider}
        resources={resources}
        options={{
          disableTelemetry: true,
          syncWithLocation: false,
          warnWhenUnsavedChanges: false,
          reactQuery: { clientConfig: queryClient },
        }}
      >
        {/* menus, buttons and guards below ask useCan */}
        <AccessDecisionContext.Provider value={useRefineDecision}>
          {children ?? <Outlet />}
        </AccessDecisionContext.Provider>
      </Refine>
    </AntdScope>
  );
}
