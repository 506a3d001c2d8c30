/** The content query of SPEC §7 (only, without, sortBy, where, search or text, limit, skip) over content pages. */
import { LOCALES, type Locale } from '../../../shared/constants';
import * as repo from './repository';
import { type ServiceContext } from '../../serviceContext';

export interface ContentRequest {
  only?: repo.ContentField[];
  without?: repo.ContentField[];
  sortBy?: repo.ContentQuery['sortBy'];
  where?: { key?: string; slug?: string; language?: Locale };
  search?: string;
  /** SPEC §7 names the search term `text`; `search` is kept. */
  text?: string;
  limit: number;
  skip: number;
}

export async function query(ctx: ServiceContext, request: ContentRequest) {
  const { db, lng } = ctx;
  const query: repo.ContentQuery = {
    where: { ...request.where, language: request.where?.language ?? lng },
    search: [request.search, request.text].filter((term): term is string => !!term),
    sortBy: request.sortBy?.length ? request.sortBy : [{ field: 'position', direction: 'asc' }],
    limit: request.limit,
    skip: request.skip,
  };
  const [total, rows] = await Promise.all([repo.countContent(db, query), repo.findContent(db, query)]);
  const slugs = await repo.slugsOfKeys(db, [...new Set(rows.map((row) => row.key))]);
  const fields = new Set<string>(request.only?.length ? request.only : repo.CONTENT_FIELDS);
  for (const field of request.without ?? []) fields.delete(field);
  const items = rows.map((row) => {
    const item: Record<string, unknown> = Object.fromEntries(Object.entries(row).filter(([key]) => fields.has(key)));
    item['slugs'] = Object.fromEntries(
      LOCALES.map((l) => [l, slugs.find((s) => s.key === row.key && s.language === l)?.slug ?? row.slug]),
    );
    return item;
  });
  return { total, items };
}
