import { useQuery } from '@tanstack/react-query';
import { initQuery, type SiteSettings } from '../providers/access';
import { request } from '../providers/http';
import { queryClient } from '../providers/queryClient';

/** A `data` key: the server renderer fetches it and sends it with the page (src/web/entry-server.tsx). */
export const SITE_SETTINGS_KEY = ['data', 'api', 'settings'] as const;

/**
 * The association's settings (address, phone, e-mail, social links…) that every page's footer shows. Kept
 * apart from GET /api/init's role and permissions, which are the visitor's own and never server-rendered, so
 * the footer is in the first paint (it was empty until the scripts ran). In the browser it reads the same
 * answer as useSiteInit (one request); on the server it asks anonymously.
 */
export function useSiteSettings(): SiteSettings | null {
  const { data } = useQuery({
    queryKey: SITE_SETTINGS_KEY,
    queryFn: async () =>
      typeof window === 'undefined'
        ? (await request<{ settings: SiteSettings }>('api', 'init')).settings
        : (await queryClient.fetchQuery(initQuery)).settings,
    staleTime: 5 * 60_000,
  });
  return data ?? null;
}
