import { usePublicList } from '../public/data';

/** Tags of one type (USER or ARTICLE) as select options, titled in the current language. */
export function useTagOptions(type: 'USER' | 'ARTICLE') {
  const { items } = usePublicList<{ hash: string; title: string }>('tags', { type });
  return items.map((tag) => ({ value: tag.hash, label: tag.title }));
}
