/** The applicants of one offer as its company sees them (issue 11 §7). Plain Kysely over `db | trx`. */
import type { Locale } from '../../../shared/constants';
import { likePattern } from '../../../shared/text';
import type { Conn } from '../../db/conn';

export interface CandidatesFilter {
  job: string;
  status?: string;
  text?: string;
  /** a category; a root one matches its children too */
  category?: string;
  tags?: string[];
}

function filtered(db: Conn, filter: CandidatesFilter) {
  let query = db
    .selectFrom('applicants')
    .innerJoin('users', 'users.hash', 'applicants.user_hash')
    .where('applicants.job_hash', '=', filter.job);
  if (filter.status) query = query.where('applicants.status', '=', filter.status);
  const text = filter.text ? likePattern(filter.text) : null;
  if (text) query = query.where('users.search_text', 'like', text);
  const category = filter.category;
  if (category) {
    query = query.where((eb) =>
      eb.or([
        eb('users.category_hash', '=', category),
        eb(
          'users.category_hash',
          'in',
          eb.selectFrom('categories').select('categories.hash').where('categories.parent_hash', '=', category),
        ),
      ]),
    );
  }
  const tags = filter.tags;
  if (tags?.length)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_tags')
          .select('user_tags.user_hash')
          .whereRef('user_tags.user_hash', '=', 'users.hash')
          .where('user_tags.tag_hash', 'in', tags),
      ),
    );
  return query;
}

export async function countCandidates(db: Conn, filter: CandidatesFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Newest applications first; withdrawn ones stay in the list (their history), the page shows them greyed. */
export function pageCandidates(db: Conn, filter: CandidatesFilter, lng: Locale, limit: number, offset?: number) {
  let query = filtered(db, filter)
    .leftJoin('categories', 'categories.hash', 'users.category_hash')
    .select([
      'applicants.hash',
      'applicants.status',
      'applicants.created_at',
      'applicants.updated_at',
      'applicants.note',
      'users.hash as user_hash',
      'users.status as user_status',
      'users.name',
      'users.surname1',
      'users.surname2',
      'users.email',
      'users.photo',
      'users.cv_file',
      'users.graduation_year',
      'users.current_job',
      'users.city',
      'users.data',
      'users.is_appear_by_company',
      'categories.hash as category_hash',
      `categories.title_${lng} as category_title`,
    ])
    .orderBy('applicants.created_at', 'desc')
    .orderBy('applicants.hash', 'desc')
    .limit(limit);
  if (offset) query = query.offset(offset);
  return query.execute();
}

export type CandidateRow = Awaited<ReturnType<typeof pageCandidates>>[number];

export function findCandidate(db: Conn, jobHash: string, applicantHash: string) {
  return db
    .selectFrom('applicants')
    .innerJoin('users', 'users.hash', 'applicants.user_hash')
    .select([
      'applicants.hash',
      'applicants.status',
      'users.email',
      'users.name',
      'users.language',
      'users.status as user_status',
    ])
    .where('applicants.job_hash', '=', jobHash)
    .where('applicants.hash', '=', applicantHash)
    .executeTakeFirst();
}

/** Guarded: only if the application is still in `from` (the member may have withdrawn meanwhile). */
export async function moveCandidate(db: Conn, hash: string, from: string, to: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('applicants')
    .set({ status: to, updated_at: at })
    .where('hash', '=', hash)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
