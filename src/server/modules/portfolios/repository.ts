/** Published portfolio projects of members the public may see. */
import type { Conn } from '../../db/conn';

function visible(db: Conn, users?: string[]) {
  let query = db
    .selectFrom('portfolios')
    .innerJoin('users', 'users.hash', 'portfolios.user_hash')
    .where('portfolios.status', '=', 'PUBLISHED')
    .where('users.status', '=', 'VALIDATED')
    .where('users.is_appear_by_user', '=', 1);
  if (users?.length) query = query.where('portfolios.user_hash', 'in', users);
  return query;
}

const COLUMNS = [
  'portfolios.hash',
  'portfolios.name',
  'portfolios.date',
  'portfolios.content',
  'portfolios.status',
  'users.hash as user_hash',
  'users.name as user_name',
  'users.surname1',
  'users.photo',
] as const;

export async function count(db: Conn, users?: string[]) {
  const row = await visible(db, users)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function page(db: Conn, users: string[] | undefined, limit: number, offset: number) {
  return visible(db, users)
    .select(COLUMNS)
    .orderBy('portfolios.created_at', 'desc')
    .orderBy('portfolios.hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function find(db: Conn, hash: string) {
  return visible(db).select(COLUMNS).where('portfolios.hash', '=', hash).executeTakeFirst();
}

export function imagesOf(db: Conn, hashes: string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portfolio_images')
    .select(['hash', 'portfolio_hash', 'path'])
    .where('portfolio_hash', 'in', hashes)
    .orderBy('position')
    .execute();
}

export function linksOf(db: Conn, hashes: string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('portfolio_links')
    .select(['hash', 'portfolio_hash', 'url'])
    .where('portfolio_hash', 'in', hashes)
    .orderBy('position')
    .execute();
}
