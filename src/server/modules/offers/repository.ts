/** Offers as their company and the back office see them (every status), their moves and applicant counts. Plain Kysely over `db | trx`. */
import type { Insertable, Updateable } from 'kysely';
import type { Locale } from '../../../shared/constants';
import { likePattern } from '../../../shared/text';
import type { JobsTable } from '../../db/types';
import type { OfferStatus } from '../../../shared/offerMoves';
import type { Conn } from '../../db/conn';

export interface OffersFilter {
  company?: string;
  status?: OfferStatus;
  text?: string;
}

export type OfferSort = 'cdate' | 'title' | 'status' | 'expires_at';

function filtered(db: Conn, filter: OffersFilter) {
  let query = db.selectFrom('jobs').innerJoin('companies', 'companies.hash', 'jobs.company_hash');
  if (filter.company) query = query.where('jobs.company_hash', '=', filter.company);
  if (filter.status) query = query.where('jobs.status', '=', filter.status);
  const text = filter.text ? likePattern(filter.text) : null;
  // a company has tens of offers and the queue a few hundred: a plain LIKE over the folded text is enough here
  if (text)
    query = query.where((eb) =>
      eb.or([eb('jobs.search_text', 'like', text), eb(eb.fn('lower', ['companies.company_name']), 'like', text)]),
    );
  return query;
}

const COLUMNS = [
  'jobs.hash',
  'jobs.slug',
  'jobs.company_hash',
  'jobs.status',
  'jobs.title',
  'jobs.description',
  'jobs.location',
  'jobs.contract',
  'jobs.working',
  'jobs.date_incorporation',
  'jobs.workstation',
  'jobs.area',
  'jobs.specialty',
  'jobs.reason',
  'jobs.cdate',
  'jobs.updated_at',
  'jobs.published_at',
  'jobs.expires_at',
  // a field a maintainer added to company.job.write lives here (companyService.ts dataFieldsOf)
  'jobs.data',
  'jobs.file',
  'jobs.salary_min',
  'jobs.salary_max',
  'jobs.salary_currency',
  'jobs.salary_period',
  'companies.company_name',
  'companies.email as company_email',
  'companies.language as company_language',
] as const;

export async function countOffers(db: Conn, filter: OffersFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageOffers(
  db: Conn,
  filter: OffersFilter,
  sort: { field: OfferSort; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  return filtered(db, filter)
    .select(COLUMNS)
    .orderBy(`jobs.${sort.field}`, sort.direction)
    .orderBy('jobs.hash', sort.direction)
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findOffer(db: Conn, hash: string) {
  return db
    .selectFrom('jobs')
    .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
    .select(COLUMNS)
    .where('jobs.hash', '=', hash)
    .executeTakeFirst();
}

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

export async function insertOffer(db: Conn, row: Insertable<JobsTable>) {
  await db.insertInto('jobs').values(row).execute();
}

/** The guarded write of one move: only if the offer is still in `from` (nobody moved it since it was read). */
export async function moveStatus(
  db: Conn,
  hash: string,
  from: OfferStatus,
  changes: Updateable<JobsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(changes)
    .where('hash', '=', hash)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateOffer(db: Conn, hash: string, changes: Updateable<JobsTable>): Promise<void> {
  await db.updateTable('jobs').set(changes).where('hash', '=', hash).execute();
}

export async function replaceTags(db: Conn, jobHash: string, tags: readonly string[]): Promise<void> {
  await db.deleteFrom('job_tags').where('job_hash', '=', jobHash).execute();
  if (tags.length)
    await db
      .insertInto('job_tags')
      .values(tags.map((tag_hash) => ({ job_hash: jobHash, tag_hash })))
      .execute();
}

/** Which of `hashes` are tags an offer may carry (the USER tags: area, specialty, career). */
export async function existingOfferTags(db: Conn, hashes: readonly string[]): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows = await db
    .selectFrom('tags')
    .select('hash')
    .where('hash', 'in', hashes)
    .where('type', '=', 'USER')
    .execute();
  return new Set(rows.map((row) => row.hash));
}

export function tagsOfOffers(db: Conn, jobHashes: readonly string[], lng: Locale) {
  if (!jobHashes.length) return Promise.resolve([]);
  return db
    .selectFrom('job_tags')
    .innerJoin('tags', 'tags.hash', 'job_tags.tag_hash')
    .select(['job_tags.job_hash', 'tags.hash', 'tags.type', 'tags.group', `tags.title_${lng} as title`])
    .where('job_tags.job_hash', 'in', jobHashes)
    .execute();
}

/** Applicants per offer and status. */
export function applicantCounts(db: Conn, jobHashes: readonly string[]) {
  if (!jobHashes.length) return Promise.resolve([]);
  return db
    .selectFrom('applicants')
    .select(['job_hash', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('job_hash', 'in', jobHashes)
    .groupBy(['job_hash', 'status'])
    .execute();
}

export async function insertMove(
  db: Conn,
  row: {
    hash: string;
    job_hash: string;
    from_status: OfferStatus | null;
    to_status: OfferStatus;
    actor_type: string;
    actor_hash: string | null;
    reason: string | null;
    created_at: string;
  },
) {
  await db.insertInto('job_moves').values(row).execute();
}

export function movesOf(db: Conn, jobHash: string) {
  return db
    .selectFrom('job_moves')
    .select(['from_status', 'to_status', 'actor_type', 'reason', 'created_at'])
    .where('job_hash', '=', jobHash)
    .orderBy('created_at', 'asc')
    .orderBy('hash', 'asc')
    .execute();
}

/** When the offer was last rejected or taken down (a resubmission needs an edit after it). */
export async function lastRejectedAt(db: Conn, jobHash: string): Promise<string | null> {
  const row = await db
    .selectFrom('job_moves')
    .select('created_at')
    .where('job_hash', '=', jobHash)
    .where('to_status', '=', 'REJECTED')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** The applicants of an offer by hash (the survey names whom the company hired), with the members' e-mails for the closing notice. */
export function applicantsOf(db: Conn, jobHash: string) {
  return db
    .selectFrom('applicants')
    .innerJoin('users', 'users.hash', 'applicants.user_hash')
    .select([
      'applicants.hash',
      'applicants.user_hash',
      'applicants.status',
      'users.email',
      'users.name',
      'users.surname1',
      'users.language',
      'users.status as user_status',
    ])
    .where('applicants.job_hash', '=', jobHash)
    .execute();
}

/** An application's outcome once its offer closed (issue 25 §19). */
export async function setOutcome(db: Conn, applicantHash: string, outcome: 'HIRED' | 'NOT_SELECTED') {
  await db.updateTable('applicants').set({ outcome }).where('hash', '=', applicantHash).execute();
}

export async function insertFeedback(
  db: Conn,
  row: {
    hash: string;
    job_hash: string;
    company_hash: string;
    rating_bank: number;
    rating_candidates: number;
    hired: 0 | 1;
    hired_user_hash: string | null;
    hired_name: string | null;
    hired_applicants: string | null;
    created_at: string;
  },
) {
  await db.insertInto('company_feedback').values(row).execute();
}

/** Published offers expiring between now and `until` whose company has not been warned yet. */
export async function offersToWarn(db: Conn, now: string, until: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('hash')
    .where('status', '=', 'PUBLISHED')
    .where('expires_at', '>', now)
    .where('expires_at', '<=', until)
    .where('expiry_warned_at', 'is', null)
    .execute();
  return rows.map((row) => row.hash);
}

/** The once-only mark of the warning: true for the caller that set it. */
export async function markWarned(db: Conn, hash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ expiry_warned_at: at })
    .where('hash', '=', hash)
    .where('expiry_warned_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function offersToExpire(db: Conn, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('hash')
    .where('status', '=', 'PUBLISHED')
    .where('expires_at', '<=', now)
    .execute();
  return rows.map((row) => row.hash);
}

/** The titles of tags in the page's language (an offer's area and specialty). */
export function tagTitles(db: Conn, hashes: readonly string[], lng: Locale) {
  if (!hashes.length) return Promise.resolve([]);
  return db
    .selectFrom('tags')
    .select(['hash', `title_${lng} as title`, 'title_es'])
    .where('hash', 'in', hashes)
    .execute();
}

/** Whether `hash` is a USER tag of `group` (an offer's area or specialty). */
export async function isTagOfGroup(db: Conn, hash: string, group: string): Promise<boolean> {
  return !!(await db
    .selectFrom('tags')
    .select('hash')
    .where('hash', '=', hash)
    .where('type', '=', 'USER')
    .where('group', '=', group)
    .executeTakeFirst());
}
