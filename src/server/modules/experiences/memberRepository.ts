/** The member's own work experiences (Kysely only; the caller owns the transaction). */
import type { Conn } from '../../db/conn';
import { runShaped } from '../../db/shapes';
import { newHash } from '../../lib/ids';

const COLUMNS = ['hash', 'name', 'contract', 'company_name', 'start', 'end', 'location', 'content'] as const;

export interface ExperienceColumns {
  name?: string;
  contract?: string | null;
  company_name?: string;
  start?: string;
  end?: string | null;
  location?: string | null;
  content?: string;
}

function own(db: Conn, user: string) {
  return db.selectFrom('work_experiences').where('user_hash', '=', user);
}

export async function count(db: Conn, user: string) {
  const [row] = await runShaped(db, 'experiences.mine.count', { user }, (a: { user: string }) =>
    own(db, a.user).select((eb) => eb.fn.countAll<number>().as('n')),
  );
  return Number(row?.n ?? 0);
}

/** The member's list page (GET /usr/workExperiences), compiled once. */
export function page(db: Conn, user: string, limit: number, offset: number) {
  return runShaped(
    db,
    'experiences.mine.page',
    { user, limit, offset },
    (a: { user: string; limit: number; offset: number }) =>
      own(db, a.user).select(COLUMNS).orderBy('start', 'desc').orderBy('hash').limit(a.limit).offset(a.offset),
  );
}

/** Undefined when the experience does not exist or belongs to someone else (the caller answers 404 to both). */
export function find(db: Conn, user: string, hash: string) {
  return own(db, user).select(COLUMNS).where('hash', '=', hash).executeTakeFirst();
}

export async function insert(db: Conn, user: string, columns: Required<ExperienceColumns>) {
  const hash = newHash();
  const now = new Date().toISOString();
  await db
    .insertInto('work_experiences')
    .values({ hash, user_hash: user, ...columns, data: '{}', created_at: now, updated_at: now })
    .execute();
  return hash;
}

export async function update(db: Conn, user: string, hash: string, columns: ExperienceColumns) {
  await db
    .updateTable('work_experiences')
    .set({ ...columns, updated_at: new Date().toISOString() })
    .where('hash', '=', hash)
    .where('user_hash', '=', user)
    .execute();
}

export async function remove(db: Conn, user: string, hash: string) {
  await db.deleteFrom('work_experiences').where('hash', '=', hash).where('user_hash', '=', user).execute();
}

/** users.profile_complete, kept in step by the profile service (SPEC §4's list of fields). */
export async function profileComplete(db: Conn, user: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('profile_complete').where('hash', '=', user).executeTakeFirst();
  return row?.profile_complete === 1;
}
