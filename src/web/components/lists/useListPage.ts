/**
 * The list pattern every public list follows (SPEC §4, §9): Refine's useTable with filters and page
 * in the URL, any filter change resets to page 1, `{ items, total, maxPages }` from the data provider.
 */
import { useCallback, useMemo } from 'react';
import { useTable, type BaseRecord, type CrudFilter } from '@refinedev/core';

export type FilterValues = Record<string, string | string[] | undefined>;

const valueOf = (filters: CrudFilter[], field: string) => filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined;

export function useListPage<T extends BaseRecord>(resource: string, pageSize: number, fields: string[], permanent: CrudFilter[] = []) {
  const table = useTable<T>({ resource, pagination: { pageSize }, syncWithLocation: true, filters: { permanent } });
  const { filters, setFilters, setCurrentPage } = table;
  const values = useMemo<FilterValues>(() => Object.fromEntries(fields.map((field) => [field, valueOf(filters, field)])), [filters, fields]);
  const applyFilters = useCallback(
    (next: FilterValues) => {
      const crud: CrudFilter[] = fields.map((field) => {
        const raw = next[field];
        const value = Array.isArray(raw) ? (raw.length ? raw.join(',') : undefined) : raw?.toString().trim() || undefined;
        return { field, operator: 'eq', value };
      });
      const changed = crud.some((f) => 'field' in f && valueOf(filters, f.field) !== f.value);
      if (!changed) return;
      setFilters(crud, 'replace');
      setCurrentPage(1);
    },
    [fields, filters, setFilters, setCurrentPage],
  );
  return {
    items: table.result.data,
    total: table.result.total ?? 0,
    loading: table.tableQuery.isLoading,
    error: table.tableQuery.error,
    values,
    applyFilters,
    page: { current: table.currentPage, pageSize: table.pageSize, pageCount: table.pageCount, onChange: setCurrentPage },
  };
}
