/**
 * The member, company and back-office pages behind Refine's <CanAccess> (mounted by AreaLayout and AdminLayout
 * around their outlet, after the guards): the access control provider answers from the permission list the server
 * sends, for the permission the route declares in src/shared/routes.ts. A page the list does not grant shows the
 * way to upgrade instead of a form the server would refuse on submit.
 */
import type { ReactNode } from 'react';
import { CanAccess } from '@refinedev/core';
import { UpgradeRequired } from '../components/UpgradeRequired';

export default function AreaAccess({ route, children }: { route: string; children: ReactNode }) {
  return (
    <CanAccess action={route} fallback={<UpgradeRequired />}>
      {children}
    </CanAccess>
  );
}
