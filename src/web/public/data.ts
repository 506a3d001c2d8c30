/**
 * The public pages' data, straight on react-query (issue 9 §2: public pages are server-rendered and light,
 * and do not load Refine). Refine stays in the member, company and admin areas (src/web/routing/WithRefine).
 * Keys start with 'data' (src/web/entry-server.tsx embeds exactly those in a server-rendered page); the HTTP
 * client is the one every area uses (providers/http), so sessions, language and errors behave the same.
 */
import { useQuery } from '@tanstack/react-query';
import { request, type Prefix } from '../providers/http';
import { setLocale } from '../providers/i18n';
import { useLocale } from '../hooks/useLocale';
import type { Locale } from '../../shared/constants';
import type { HttpError } from '@refinedev/core';

export interface ListAnswer<T> {
  items: T[];
  total: number;
  maxPages?: number;
}

export type Query = Record<string, string | number | boolean | string[] | undefined>;

const PREFIX: Prefix = 'api';

/** The key of every query on a public resource: `invalidateResource` refreshes them all at once. */
export const resourceKey = (resource: string) => ['data', PREFIX, resource] as const;

/**
 * The content's language is part of every key (the page's language, from its URL): switching language reads the
 * content again at once (issue 10 §1). The request's `language` header is the interface language, so it is
 * brought to the URL's first (a no-op on the server and after the first render of a page).
 */
export function listQuery<T>(resource: string, query: Query, lng: Locale) {
  return {
    queryKey: [...resourceKey(resource), lng, 'list', query] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ListAnswer<T>> => {
      await setLocale(lng);
      const answer = await request<ListAnswer<T> | T[]>(PREFIX, resource, { query, signal });
      return Array.isArray(answer) ? { items: answer, total: answer.length } : answer;
    },
  };
}

export function oneQuery<T>(resource: string, id: string, lng: Locale) {
  return {
    queryKey: [...resourceKey(resource), lng, 'one', id] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      await setLocale(lng);
      return request<T>(PREFIX, `${resource}/${encodeURIComponent(id)}`, { signal });
    },
  };
}

/** A public list (`page`/`size` and filters as query parameters; unpaged lists answer an array). */
export function usePublicList<T>(
  resource: string,
  query: Query = {},
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  const { lng } = useLocale();
  const result = useQuery<ListAnswer<T>, HttpError>({ ...listQuery<T>(resource, query, lng), ...options });
  return {
    items: result.data?.items ?? [],
    total: result.data?.total ?? 0,
    maxPages: result.data?.maxPages,
    isLoading: result.isLoading,
    error: result.error,
  };
}

/** One public record; a missing one is not asked for again (404 is an answer). */
export function usePublicOne<T>(resource: string, id: string) {
  const { lng } = useLocale();
  const result = useQuery<T, HttpError>({ ...oneQuery<T>(resource, id, lng), retry: false, enabled: id !== '' });
  return { record: result.data, isLoading: result.isLoading, error: result.error };
}
