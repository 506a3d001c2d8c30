/** Work experiences of members the public may see. */
import type { Conn } from '../../db/conn';

function visible(db: Conn, users?: string[]) {
  let query = db
    .selectFrom('work_experiences')
    .innerJoin('users', 'users.hash', 'work_experiences.user_hash')
    .where('users.status', '=', 'VALIDATED')
    .where('users.is_appear_by_user', '=', 1);
  if (users?.length) query = query.where('work_experiences.user_hash', 'in', users);
  return query;
}

const COLUMNS = [
  'work_experiences.hash',
  'work_experiences.name',
  'work_experiences.contract',
  'work_experiences.company_name',
  'work_experiences.start',
  'work_experiences.end',
  'work_experiences.location',
  'work_experiences.content',
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
    .orderBy('work_experiences.start', 'desc')
    .orderBy('work_experiences.hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function find(db: Conn, hash: string) {
  return visible(db).select(COLUMNS).where('work_experiences.hash', '=', hash).executeTakeFirst();
}
