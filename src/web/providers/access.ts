/**
 * Access control from GET /api/init: the actor's role and permission list (SPEC §6, one matrix in
 * src/shared), plus the site settings. The answer is cached with react-query under INIT_KEY and
 * fetched again after sign-in and sign-out (auth.ts).
 */
import type { AccessControlProvider } from '@refinedev/core';
import type { Role } from '../../shared/permissions';
import type { SiteSettings as SharedSiteSettings } from '../../shared/site';
import { request } from './http';
import { queryClient } from './queryClient';

export interface SiteSettings extends SharedSiteSettings {
  analyticsUrl: string | null;
  /** Members may pay by card (PAYMENT_PROVIDER is not `none`): card options are shown only then. */
  cardPayments: boolean;
  /** The card page is the built-in sandbox: no real payment happens. */
  paymentSandbox: boolean;
}

export interface InitAnswer {
  role: Role;
  permissions: string[];
  actor: { type: string; hash: string; email: string } | null;
  settings: SiteSettings;
}

export const INIT_KEY = ['api', 'init'] as const;
export const initQuery = { queryKey: INIT_KEY, queryFn: () => request<InitAnswer>('api', 'init'), staleTime: 5 * 60_000 };

/** The cached configuration, or a fresh one when `force` (after sign-in or sign-out). */
export async function refreshPermissions(force = true): Promise<InitAnswer> {
  if (force) await queryClient.invalidateQueries({ queryKey: INIT_KEY, refetchType: 'none' });
  return queryClient.fetchQuery(initQuery);
}

/** `<CanAccess action="jobs.apply">`: the action is a permission name of the matrix. */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ action }) => {
    const { permissions } = await refreshPermissions(false);
    return { can: permissions.includes(action), reason: 'auth.upgradeRequired' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: false } },
};
