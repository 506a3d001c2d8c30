import { useList } from '@refinedev/core';

/** Tags of one type (USER or ARTICLE) as select options, titled in the current language. */
export function useTagOptions(type: 'USER' | 'ARTICLE') {
  const { result } = useList<{ hash: string; title: string }>({ resource: 'tags', filters: [{ field: 'type', operator: 'eq', value: type }], pagination: { mode: 'off' } });
  return result.data.map((tag) => ({ value: tag.hash, label: tag.title }));
}
