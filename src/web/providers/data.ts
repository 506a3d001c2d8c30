/**
 * One data provider factory for the four API prefixes (SPEC §7). Lists speak `page`/`size` and
 * answer `{ items, total, maxPages }`; Refine's `eq`/`in` filters become query parameters.
 */
import type { CrudFilter, CrudSort, DataProvider, GetListParams } from '@refinedev/core';
import { resourcePath } from '../../shared/routes';
import { buildQuery, request, type Prefix, type RequestOptions } from './http';
import { readSession } from './session';

interface ListAnswer<T> {
  items: T[];
  total: number;
  maxPages: number;
}

export function filtersToQuery(filters: CrudFilter[] = []): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    if (filter.value === undefined || filter.value === null || filter.value === '') continue;
    query[filter.field] = filter.value;
  }
  return query;
}

/** One sorter as the API's `sort` (`title`, `-cdate`); none sends nothing, so lists that do not sort never see it. */
export function sortToQuery(sorters: CrudSort[] = []): { sort?: string } {
  const first = sorters[0];
  return first ? { sort: `${first.order === 'desc' ? '-' : ''}${first.field}` } : {};
}

type Meta = Record<string, unknown> | undefined;
/** The resource's API path: its name, or a nested one's `apiPath` filled from the meta (src/shared/routes.ts). */
const pathOf = (resource: string, meta: Meta) => resourcePath(resource, meta);

/** A custom call names its API path whole (`/usr/member-card`); a bare one stays under this provider's prefix. */
function customTarget(prefix: Prefix, url: string): [Prefix, string] {
  const whole = /^\/(api|usr|com|adm)\/(.*)$/.exec(url);
  return whole ? [whole[1] as Prefix, whole[2]!] : [prefix, url];
}

/** A list read's query parameters, in the order the API sees them (also routing/firstRead.ts, which must ask the same). */
export function listQuery({
  pagination,
  filters,
  sorters,
  meta,
}: Omit<GetListParams, 'resource'>): Record<string, unknown> {
  const paged = pagination?.mode !== 'off';
  return {
    ...filtersToQuery(filters),
    ...sortToQuery(sorters),
    ...(meta?.query as Record<string, unknown> | undefined),
    ...(paged ? { page: pagination?.currentPage ?? 1, size: pagination?.pageSize } : {}),
  };
}

/**
 * Answers read ahead (issue 27 §3): a page's first read starts at boot beside its code (routing/firstRead.ts), and the
 * page's own read through this provider takes that answer instead of asking again once it has rendered. Each is taken
 * once, within a few seconds, with the same session; a write through this provider drops them all.
 */
const kept = new Map<string, { answer: Promise<unknown>; token: string | undefined; until: number }>();
const KEPT_MS = 10_000;
const keyOf = (prefix: Prefix, path: string, query?: Record<string, unknown>) =>
  `${prefix}/${path}${buildQuery(query)}`;

/** Asks now for a read a page will make through this provider, whose first such read then takes the answer. */
export function readAhead(prefix: Prefix, path: string, query?: Record<string, unknown>): void {
  const answer = request(prefix, path, { query });
  answer.catch(() => undefined); // a kept answer nobody takes must not be an unhandled rejection
  kept.set(keyOf(prefix, path, query), { answer, token: readSession()?.token, until: Date.now() + KEPT_MS });
}

/** A read: the answer read ahead for it when there is one, else asked now. */
function read<T>(prefix: Prefix, path: string, options: RequestOptions = {}): Promise<T> {
  const key = keyOf(prefix, path, options.query);
  const early = kept.get(key);
  kept.delete(key);
  if (early && early.until > Date.now() && early.token === readSession()?.token) return early.answer as Promise<T>;
  return request<T>(prefix, path, options);
}

/** A write: what was read ahead may no longer hold. */
function write<T>(prefix: Prefix, path: string, options: RequestOptions): Promise<T> {
  kept.clear();
  return request<T>(prefix, path, options);
}

export function createDataProvider(prefix: Prefix): DataProvider {
  return {
    getApiUrl: () => `/${prefix}`,
    getList: async ({ resource, pagination, filters, sorters, meta }) => {
      const query = listQuery({ pagination, filters, sorters, meta });
      // no abort signal: react-query cancels a read whose signal was taken when its last reader unmounts, and a page
      // can be unmounted and mounted again during its first load: the company's offers list aborted its first read
      // and asked again ~170 ms later (issue 27 §3). Left running, the page mounted again takes the answer on its way
      const answer = await read<ListAnswer<never> | never[]>(prefix, pathOf(resource, meta), { query });
      if (Array.isArray(answer)) return { data: answer, total: answer.length };
      return { data: answer.items, total: answer.total, maxPages: answer.maxPages };
    },
    getOne: async ({ resource, id, meta }) => ({
      data: await read(prefix, `${pathOf(resource, meta)}/${encodeURIComponent(String(id))}`, {
        query: meta?.query as Record<string, unknown> | undefined,
      }),
    }),
    create: async ({ resource, variables, meta }) => ({
      data: await write(prefix, pathOf(resource, meta), { method: 'POST', body: variables }),
    }),
    update: async ({ resource, id, variables, meta }) => ({
      data: await write(
        prefix,
        `${pathOf(resource, meta)}/${encodeURIComponent(String(id))}${meta?.action ? `/${String(meta.action)}` : ''}`,
        { method: 'PATCH', body: variables },
      ),
    }),
    deleteOne: async ({ resource, id, variables, meta }) => ({
      data: await write(prefix, `${pathOf(resource, meta)}/${encodeURIComponent(String(id))}`, {
        method: 'DELETE',
        body: variables,
      }),
    }),
    custom: async ({ url, method, payload, query }) => {
      const options = { method: method.toUpperCase(), body: payload, query: query as Record<string, unknown> };
      return { data: await (options.method === 'GET' ? read : write)(...customTarget(prefix, url), options) };
    },
  };
}

export const dataProviders = {
  default: createDataProvider('api'),
  usr: createDataProvider('usr'),
  com: createDataProvider('com'),
  adm: createDataProvider('adm'),
};
