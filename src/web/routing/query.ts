/**
 * Refine's React Router binding writes list state into the URL with qs and `encode: false`, so a filter
 * value holding `&`, `#` or `+` would end early (`C&A` becomes `C` plus a stray `A` key) and `%` would
 * be read as an escape. We escape those four in string values before the binding writes them; qs
 * decodes them again when the URL is read.
 */
import { useCallback, useMemo } from 'react';
import baseRouterProvider from '@refinedev/react-router';
import type { GoConfig, RouterProvider } from '@refinedev/core';

export function escapeQuery<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/[%&#+]/g, encodeURIComponent) as T;
  if (Array.isArray(value)) return value.map(escapeQuery) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, escapeQuery(item)])) as T;
  }
  return value;
}

const baseGo = baseRouterProvider.go!;
const baseParse = baseRouterProvider.parse!;

/**
 * The binding with escaped query values (`to`, a return path, is encoded by the binding itself), and its reading of the
 * location done once per location: Refine calls it in every hook of every render (useResourceParams, useTable,
 * useForm…), and the binding parses the query string with qs each time — ~60 ms of the profile's first render
 * (issue 27 §3). The binding's callback changes with the location, so a new location is read anew.
 */
export const routerProvider: RouterProvider = {
  ...baseRouterProvider,
  parse: () => {
    const parse = baseParse();
    // eslint-disable-next-line react-hooks/rules-of-hooks -- Refine calls the router provider's `parse` as a hook (useParsed)
    return useMemo(() => {
      let parsed: ReturnType<typeof parse> | undefined;
      return () => (parsed ??= parse());
    }, [parse]);
  },
  go: () => {
    const go = baseGo();
    // eslint-disable-next-line react-hooks/rules-of-hooks -- Refine calls the router provider's `go` as a hook (useGo)
    return useCallback(
      (config: GoConfig) => {
        if (!config.query) return go(config);
        const { to, ...rest } = config.query as Record<string, unknown>;
        return go({ ...config, query: { ...escapeQuery(rest), ...(to === undefined ? {} : { to }) } });
      },
      [go],
    );
  },
};
