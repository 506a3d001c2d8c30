import { useCallback } from 'react';
import { allows } from '../providers/access';
import { useSiteInit } from './useSiteInit';

/**
 * The access control provider's answer where Refine is not loaded: the light public pages (BenefitsPage) and the
 * header's menus while they stand on one (hooks/useAccess.tsx picks useCan inside Refine). The same allows() over
 * the same permission list (GET /api/init). Nothing is allowed while the list loads (and on the server renderer),
 * so a Bold benefit never flashes for a Regular member.
 */
export function useAllowed(): (action: string) => boolean {
  const init = useSiteInit();
  const permissions = init?.permissions;
  return useCallback((action: string) => allows(permissions, action), [permissions]);
}
