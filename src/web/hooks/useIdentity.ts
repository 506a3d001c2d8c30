/**
 * The signed-in member or company for the public pages and the header, without Refine (issue 9 §2: public
 * pages do not load it). It reads the same shared promise as Refine's authProvider.getIdentity
 * (providers/auth.ts), which refreshes this query whenever the session changes (sign-in, sign-out).
 * Never fetched by the server renderer (its key is not a 'data' key): a server-rendered page is the
 * anonymous view, and the identity arrives after hydration.
 */
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authProvider, IDENTITY_KEY, loadIdentity, type Identity } from '../providers/auth';
import { useHydrated } from './useHydrated';

/** The identity and whether it is still being read (the guards wait for it). */
export function useIdentityState(): { me: Identity | null; isLoading: boolean } {
  const { data, isLoading } = useQuery({
    queryKey: IDENTITY_KEY,
    queryFn: () => loadIdentity(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { me: data ?? null, isLoading };
}

/**
 * The identity once the page is hydrated: null while a server-rendered page hydrates, so the first render in the
 * browser is the anonymous one the server sent (a part that waited for its code — a lazy antd page — used to
 * hydrate after the identity had arrived, and React threw away the page with error #418).
 */
export function useIdentity(): Identity | null {
  const { me } = useIdentityState();
  return useHydrated() ? me : null;
}

/** Signs out and goes where the auth provider says (the home page, or the back office's sign-in). */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const result = await authProvider.logout({});
    if (result.redirectTo) await navigate(result.redirectTo);
  }, [navigate]);
}
