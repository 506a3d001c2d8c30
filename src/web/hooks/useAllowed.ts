import { useCallback } from 'react';
import { allows } from '../providers/access';
import { useSiteInit } from './useSiteInit';

/**
 * The access control provider's answer without Refine, for the light public pages and the menus shared with them
 * (the header): the same allows() over the same permission list (GET /api/init). Nothing is allowed while the list
 * loads (and on the server renderer), so a Bold benefit never flashes for a Regular member.
 */
export function useAllowed(): (action: string) => boolean {
  const init = useSiteInit();
  const permissions = init?.permissions;
  return useCallback((action: string) => allows(permissions, action), [permissions]);
}
