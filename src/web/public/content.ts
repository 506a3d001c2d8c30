/**
 * The content query (POST /api/content/query, SPEC §7) as a public data query: the key starts with 'data', so a
 * server-rendered page embeds the answer (the renderer may send exactly this read-only POST, src/server/ssr). Info
 * pages and the association's texts (about, board, benefits) are read this way, per language.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from '../providers/http';
import { resourceKey } from './data';

export interface ContentPage {
  key: string;
  slug: string;
  title: string;
  body?: string;
  updated_at?: string;
  slugs?: Partial<Record<string, string>>;
}

export type ContentAnswer = { items: ContentPage[]; total: number };

export function contentQuery(lng: string, name: string, body: Record<string, unknown>) {
  return {
    queryKey: [...resourceKey('content'), 'query', lng, name] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      request<ContentAnswer>('api', 'content/query', { method: 'POST', body, signal }),
  };
}

/** One page by its key, in the page's language (undefined while loading or when it does not exist). */
export function useContentPage(lng: string, key: string): ContentPage | undefined {
  const query = useQuery({ ...contentQuery(lng, `page:${key}`, { where: { key } }), retry: false });
  return query.data?.items[0];
}
