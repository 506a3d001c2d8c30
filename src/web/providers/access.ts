/**
 * Access control from GET /api/init: the actor's role and permission list (SPEC §6, one matrix in
 * src/shared), plus the site settings. The answer is cached with react-query under INIT_KEY and
 * fetched again after sign-in and sign-out (auth.ts).
 */
import type { AccessControlProvider } from '@refinedev/core';
import { PERMISSIONS, type Role } from '../../shared/permissions';
import { findRoute } from '../../shared/routes';
import type { Init } from '../../shared/schema-types';
import { request } from './http';
import { queryClient } from './queryClient';

/** The site's settings in GET /api/init (schemas/init.json; `ebookUrl` only for an actor holding `library.view`). */
export type SiteSettings = Init['settings'];

/** GET /api/init (schemas/init.json), the role as the shared union. */
export type InitAnswer = Omit<Init, 'role'> & { role: Role };

export const INIT_KEY = ['api', 'init'] as const;
export const initQuery = {
  queryKey: INIT_KEY,
  queryFn: () => request<InitAnswer>('api', 'init'),
  staleTime: 5 * 60_000,
};

/** The cached configuration, or a fresh one when `force` (after sign-in or sign-out). */
export async function refreshPermissions(force = true): Promise<InitAnswer> {
  if (!force) return queryClient.fetchQuery(initQuery);
  await queryClient.invalidateQueries({ queryKey: INIT_KEY, refetchType: 'none' });
  const answer = await queryClient.fetchQuery(initQuery);
  // useCan's answers (menus, buttons, guards) are asked again of the new list
  void queryClient.invalidateQueries({ queryKey: ['access'] });
  return answer;
}

/**
 * The one access decision of the web: may an actor holding `permissions` (GET /api/init, the server's own list from
 * src/shared/permissions.ts) do `action`? `action` is a permission name (`workgroups.create`), or a route name of
 * src/shared/routes.ts, which stands for the permission its page declares. Unknown names are refused.
 */
export function allows(permissions: readonly string[] | null | undefined, action: string): boolean {
  if (!permissions) return false;
  if ((PERMISSIONS as readonly string[]).includes(action)) return permissions.includes(action);
  const route = findRoute(action);
  if (!route) return false;
  return !route.permission || permissions.includes(route.permission);
}

/** `useCan({ action: 'workgroups.create' })`, `<CanAccess action="user.workgroups.new">`: answered by allows(). */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ action }) => {
    const { permissions } = await refreshPermissions(false);
    return { can: allows(permissions, action), reason: 'auth.upgradeRequired' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: false } },
};
