import type { Locale } from '../../../shared/constants';
import type { Conn } from '../../db/conn';

export function listTags(db: Conn, lng: Locale, filter: { type?: string; group?: string }) {
  let query = db
    .selectFrom('tags')
    .select(['hash', 'type', 'group', `title_${lng}`])
    .orderBy(`title_${lng}`);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.group) query = query.where('group', '=', filter.group);
  return query.execute();
}

export function listCategories(db: Conn, lng: Locale) {
  return db
    .selectFrom('categories')
    .select(['hash', 'parent_hash', 'lvl', 'position', `title_${lng}`])
    .orderBy('lvl')
    .orderBy('position')
    .execute();
}
