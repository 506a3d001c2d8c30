/** Editable content pages (info pages: faqs, privacy, legal, cookies, about) per language. */
import { likePattern } from '../../../shared/text';
import type { Conn } from '../../db/conn';

export const CONTENT_FIELDS = ['key', 'language', 'slug', 'title', 'body', 'position', 'updated_at'] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

export interface ContentQuery {
  where: { key?: string; slug?: string; language: string };
  /** Every term must match the title or the body. */
  search: string[];
  sortBy: Array<{ field: 'position' | 'title' | 'updated_at' | 'slug'; direction: 'asc' | 'desc' }>;
  limit: number;
  skip: number;
}

function filtered(db: Conn, query: ContentQuery) {
  let q = db.selectFrom('content_pages').where('language', '=', query.where.language);
  if (query.where.key) q = q.where('key', '=', query.where.key);
  if (query.where.slug) q = q.where('slug', '=', query.where.slug);
  for (const term of query.search) {
    const search = likePattern(term);
    if (search)
      q = q.where((eb) =>
        eb.or([eb(eb.fn('lower', ['title']), 'like', search), eb(eb.fn('lower', ['body']), 'like', search)]),
      );
  }
  return q;
}

export async function countContent(db: Conn, query: ContentQuery) {
  const row = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findContent(db: Conn, query: ContentQuery) {
  let q = filtered(db, query).select([...CONTENT_FIELDS]);
  for (const sort of query.sortBy) q = q.orderBy(sort.field, sort.direction);
  return q.orderBy('key').limit(query.limit).offset(query.skip).execute();
}

export function slugsOfKeys(db: Conn, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('content_pages').select(['key', 'language', 'slug']).where('key', 'in', keys).execute();
}
