/**
 * The list pattern every public list follows (SPEC §4, §9): filters and page in the URL, short and readable
 * (`/en/jobs?contract=INDEFINITE&page=2`), any filter change back to page 1, `{ items, total, maxPages }`
 * from the API. Public pages do without Refine (issue 9 §2); links written by its table encoding
 * (`?currentPage=2&filters[0][field]=contract&filters[0][value]=…`) still work and are rewritten to the
 * short form.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicList, type Query } from '../../public/data';

export type FilterValues = Record<string, string | string[] | undefined>;

const LEGACY_FILTER = /^filters\[(\d+)\]\[(field|value)\]$/;

/** The short form of a link in Refine's encoding, or null when the link is already short. */
export function fromLegacyQuery(params: URLSearchParams): URLSearchParams | null {
  const keys = [...params.keys()];
  if (!keys.some((key) => LEGACY_FILTER.test(key) || key === 'currentPage' || key === 'pageSize')) return null;
  const filters = new Map<string, { field?: string; value?: string }>();
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    const legacy = LEGACY_FILTER.exec(key);
    if (legacy) {
      const entry = filters.get(legacy[1]!) ?? {};
      entry[legacy[2] as 'field' | 'value'] = value;
      filters.set(legacy[1]!, entry);
    } else if (key === 'currentPage') {
      if (Number(value) > 1) out.set('page', value);
    } else if (key !== 'pageSize' && !key.startsWith('filters[') && !key.startsWith('sorters[')) {
      out.append(key, value);
    }
  }
  for (const { field, value } of filters.values()) if (field && value) out.set(field, value);
  return out;
}

export function useListPage<T>(resource: string, pageSize: number, fields: string[], permanent: Query = {}) {
  const [params, setParams] = useSearchParams();
  const legacy = useMemo(() => fromLegacyQuery(params), [params]);
  useEffect(() => {
    if (legacy) setParams(legacy, { replace: true });
  }, [legacy, setParams]);
  const current = legacy ?? params;

  const values = useMemo<FilterValues>(
    () => Object.fromEntries(fields.map((field) => [field, current.get(field) || undefined])),
    [current, fields],
  );
  const page = Math.max(1, Math.floor(Number(current.get('page'))) || 1);
  const list = usePublicList<T>(resource, { ...permanent, ...values, page, size: pageSize });

  // Bad input (issue 10): a link whose filters the API refuses (400: `?contract=NOPE`) or whose page is not a
  // page number (`?page=abc`) falls back to the unfiltered list, first page, with a notice. After the first
  // render (the server renders the same), so nothing mismatches on hydration.
  const [notice, setNotice] = useState(false);
  const [cleaning, setCleaning] = useState(false);
  const refused = list.error?.statusCode === 400;
  const rawPage = current.get('page');
  const badPage = rawPage !== null && !/^[1-9][0-9]{0,5}$/.test(rawPage);
  useEffect(() => {
    if (legacy || (!refused && !badPage)) return;
    const out = new URLSearchParams(current);
    for (const field of refused ? fields : []) out.delete(field);
    out.delete('page');
    setParams(out, { replace: true });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a step of the URL clean-up: the notice follows once the URL is clean
    setCleaning(true);
  }, [legacy, refused, badPage, current, fields, setParams]);
  // the notice once the URL is clean (the filter bar, keyed on it, starts again from the cleaned values)
  useEffect(() => {
    if (!cleaning || refused || badPage) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the notice shows after the clean URL rendered (see above)
    setCleaning(false);
    setNotice(true);
  }, [cleaning, refused, badPage]);
  const pageCount = Math.max(1, Math.min(Math.ceil(list.total / pageSize), list.maxPages ?? Number.POSITIVE_INFINITY));

  const applyFilters = useCallback(
    (next: FilterValues) => {
      const out = new URLSearchParams();
      for (const field of fields) {
        const raw = next[field];
        const value = Array.isArray(raw) ? raw.join(',') : (raw?.toString().trim() ?? '');
        if (value) out.set(field, value);
      }
      if (fields.every((field) => (out.get(field) ?? undefined) === values[field])) return;
      setNotice(false);
      setParams(out); // a new filter starts at page 1
    },
    [fields, values, setParams],
  );
  const setPage = useCallback(
    (next: number) => {
      const out = new URLSearchParams(current);
      if (next > 1) out.set('page', String(next));
      else out.delete('page');
      setParams(out);
    },
    [current, setParams],
  );

  return {
    items: list.items,
    total: list.total,
    loading: list.isLoading,
    error: list.error,
    /** the link's filters or page could not be read: the unfiltered list is shown instead */
    notice,
    values,
    applyFilters,
    page: { current: page, pageSize, pageCount, onChange: setPage },
  };
}
