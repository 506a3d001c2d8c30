/**
 * The table's state in the URL, short and shareable (issue 11 §3, like the public lists of issue 10 §8):
 * `?text=lamp&status=PUBLISHED&sort=-cdate&page=2` rather than Refine's `filters[0][field]=…` encoding. Refine's
 * useTable keeps the state; this hook only reads its first value from the URL and writes each change back.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { CrudFilter, CrudSort } from '@refinedev/core';

export interface TableUrlState {
  filters: CrudFilter[];
  sorters: CrudSort[];
  currentPage: number;
}

const FILTERS = ['text', 'status'] as const;

/** What the URL says, for useTable's initial filters, sorter and page (anything odd is ignored). */
export function readTableUrl(
  params: URLSearchParams,
  allowed: { status: readonly string[]; sort: readonly string[] },
): TableUrlState {
  const filters: CrudFilter[] = [];
  const text = params.get('text')?.trim();
  if (text) filters.push({ field: 'text', operator: 'eq', value: text.slice(0, 200) });
  const status = params.get('status');
  if (status && allowed.status.includes(status)) filters.push({ field: 'status', operator: 'eq', value: status });
  const sort = params.get('sort') ?? '';
  const field = sort.replace(/^-/, '');
  const sorters: CrudSort[] = allowed.sort.includes(field)
    ? [{ field, order: sort.startsWith('-') ? 'desc' : 'asc' }]
    : [];
  const page = Number(params.get('page'));
  return { filters, sorters, currentPage: Number.isInteger(page) && page > 1 && page < 100000 ? page : 1 };
}

export function useTableUrl(state: TableUrlState, defaultSort: string): void {
  const [, setParams] = useSearchParams();
  const { filters, sorters, currentPage } = state;
  useEffect(() => {
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = filters.find((f) => 'field' in f && f.field === name)?.value as string | undefined;
      if (value) next.set(name, value);
    }
    const sorter = sorters[0];
    const sort = sorter ? `${sorter.order === 'desc' ? '-' : ''}${sorter.field}` : '';
    if (sort && sort !== defaultSort) next.set('sort', sort);
    if (currentPage > 1) next.set('page', String(currentPage));
    setParams(next, { replace: true });
  }, [JSON.stringify(filters), JSON.stringify(sorters), currentPage]); // eslint-disable-line react-hooks/exhaustive-deps
}
