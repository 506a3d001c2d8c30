import { useQuery } from '@tanstack/react-query';
import { initQuery, type InitAnswer } from '../providers/access';

/**
 * The configuration of GET /api/init (role, permissions, site settings) from the react-query cache,
 * current across sign-in and sign-out. SPEC §4: errors while loading it are ignored (null).
 */
export function useSiteInit(): InitAnswer | null {
  const { data } = useQuery({ ...initQuery, retry: 1 });
  return data ?? null;
}
