/** Job offers as the public sees them. Plain Kysely over `db | trx`. */
import { CONTRACTS, type Locale } from '../../../shared/constants';
import { likePattern } from '../../../shared/text';
import { contractFacet, countByFacets, isPostgres, manyMatches, matchText, wordsMatch } from '../../db/search';
import { runShaped } from '../../db/shapes';
import type { Conn } from '../../db/conn';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/types';

export interface PublicJobFilter {
  text?: string;
  contract?: string;
  tags?: string[];
  location?: string;
  appliedBy?: string;
  workstation?: string;
  /** offers paying at least this much (their maximum, else their minimum) in this currency and period (issue 25 §17) */
  salary?: { min: number; currency: string; period: string };
}

/** A filter as the queries bind it: the search as the index takes it (db/search.ts matchText), the location folded (see db/shapes.ts: values pass through unchanged). */
type JobArgs = {
  text: string | null;
  location: string | null;
  contract?: string;
  tags?: string[];
  appliedBy?: string;
  workstation?: string;
  salaryMin?: number;
  salaryCurrency?: string;
  salaryPeriod?: string;
  /** the text matches too many offers for the trigram path (db/search.ts) */
  wide?: boolean;
};

function jobArgs(db: Conn, filter: PublicJobFilter, matches?: number): JobArgs {
  return {
    text: matchText(db, filter.text),
    location: filter.location ? likePattern(filter.location) : null,
    contract: filter.contract,
    tags: filter.tags,
    appliedBy: filter.appliedBy,
    workstation: filter.workstation,
    salaryMin: filter.salary?.min,
    salaryCurrency: filter.salary?.currency,
    salaryPeriod: filter.salary?.period,
    wide: manyMatches(matches),
  };
}

/** Published offers; with `appliedBy`, the member's applications whatever the offer's status now (their history). */
function publishedJobs(db: Conn, a: JobArgs) {
  let query = db.selectFrom('jobs');
  if (!a.appliedBy) query = query.where('jobs.status', '=', 'PUBLISHED');
  if (a.text) query = query.where(wordsMatch(db, 'jobs', a.text, a.wide ? Infinity : undefined));
  const location = a.location;
  if (location) query = query.where((eb) => eb(eb.fn('lower', ['jobs.location']), 'like', location));
  if (a.contract) query = query.where('jobs.contract', '=', a.contract);
  if (a.workstation) query = query.where('jobs.workstation', '=', a.workstation);
  if (a.salaryMin !== undefined && a.salaryCurrency && a.salaryPeriod)
    query = query.where(salaryAtLeast({ min: a.salaryMin, currency: a.salaryCurrency, period: a.salaryPeriod }));
  if (a.tags?.length) {
    const tags = a.tags;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('job_tags')
          .select('job_tags.job_hash')
          .whereRef('job_tags.job_hash', '=', 'jobs.hash')
          .where('job_tags.tag_hash', 'in', tags),
      ),
    );
  }
  if (a.appliedBy) {
    // the member's few applications drive (applicants by user), never a walk of every offer testing each
    const user = a.appliedBy;
    query = query.where('jobs.hash', 'in', (eb) =>
      eb.selectFrom('applicants').select('applicants.job_hash').where('applicants.user_hash', '=', user),
    );
  }
  return query;
}

/** Pays at least `min` in `currency` per `period`: the offer's maximum, or its minimum when it gives no maximum (also job alerts). */
export function salaryAtLeast(salary: { min: number; currency: string; period: string }) {
  return (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('jobs.salary_currency', '=', salary.currency),
      eb('jobs.salary_period', '=', salary.period),
      eb(eb.fn.coalesce('jobs.salary_max', 'jobs.salary_min'), '>=', salary.min),
    ]);
}

const SUMMARY_COLUMNS = [
  'jobs.hash',
  'jobs.slug',
  'jobs.title',
  'jobs.location',
  'jobs.contract',
  'jobs.working',
  'jobs.cdate',
  'jobs.status',
  'jobs.salary_min',
  'jobs.salary_max',
  'jobs.salary_currency',
  'jobs.salary_period',
  'companies.company_name',
  'companies.logo',
] as const;

/** Whether the filter is a search of published offers and at most a known contract (what the facets hold). */
function countedByFacets(filter: PublicJobFilter): boolean {
  return (
    !filter.location &&
    !filter.tags?.length &&
    !filter.appliedBy &&
    !filter.workstation &&
    !filter.salary &&
    (!filter.contract || (CONTRACTS as readonly string[]).includes(filter.contract))
  );
}

/** `matches`: how many offers the text alone matches (db/search.ts textMatches), which picks the search path. */
export async function countPublished(db: Conn, filter: PublicJobFilter, matches?: number): Promise<number> {
  const text = matchText(db, filter.text);
  // a search, with a contract or not, is counted inside the word index (migration 046)
  if (text && !isPostgres(db) && countedByFacets(filter))
    return countByFacets(db, 'jobs', text, ['published', ...(filter.contract ? [contractFacet(filter.contract)] : [])]);
  const [row] = await runShaped(db, 'jobs.count', jobArgs(db, filter, matches), (a: JobArgs) =>
    publishedJobs(db, a).select((eb) => eb.fn.countAll<number>().as('n')),
  );
  return Number(row?.n ?? 0);
}

/**
 * A page of offers. The page's keys are found first on the index alone, then joined (a "deferred join"), so deep
 * pages stay cheap. With the total known, a page in the second half is read from the other end of the index
 * (ascending, a shorter OFFSET) and the final ORDER BY puts it back: the last page costs what the first does.
 */
export function pagePublished(
  db: Conn,
  filter: PublicJobFilter,
  limit: number,
  offset: number,
  total?: number,
  matches?: number,
) {
  const fromEnd = total !== undefined && offset > total / 2;
  const args = {
    ...jobArgs(db, filter, matches),
    fromEnd,
    limit: fromEnd ? Math.min(limit, total - offset) : limit,
    offset: fromEnd ? Math.max(0, total - offset - limit) : offset,
  };
  return runShaped(db, 'jobs.page', args, (a: typeof args) => {
    const direction = a.fromEnd ? 'asc' : 'desc';
    const page = publishedJobs(db, a)
      .select('jobs.hash')
      .orderBy('jobs.cdate', direction)
      .orderBy('jobs.hash', direction)
      .limit(a.limit)
      .offset(a.offset);
    return db
      .selectFrom('jobs')
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      .select(SUMMARY_COLUMNS)
      .where('jobs.hash', 'in', page)
      .orderBy('jobs.cdate', 'desc')
      .orderBy('jobs.hash', 'desc');
  });
}

/** A page of the member's applications, the latest first, each with its status and date. */
export function pageApplications(
  db: Conn,
  filter: PublicJobFilter & { appliedBy: string },
  limit: number,
  offset: number,
) {
  // the member once per place the SQL names them: a shape's value is bound once (db/shapes.ts)
  const user = filter.appliedBy;
  const args = { ...jobArgs(db, filter), joinUser: user, partyUser: user, limit, offset };
  return runShaped(db, 'jobs.applications', args, (a: typeof args) => applicationsPage(db, a));
}

/** The statement of pageApplications (exported for the plan test: tests/api/list-plans.test.ts). */
export function applicationsPage(
  db: Conn,
  a: JobArgs & { joinUser: string; partyUser: string; limit: number; offset: number },
) {
  return (
    publishedJobs(db, a)
      .innerJoin('applicants', (join) =>
        join.onRef('applicants.job_hash', '=', 'jobs.hash').on('applicants.user_hash', '=', a.joinUser),
      )
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      // the conversation about this application (issue 29) and my unread count in it
      .leftJoin('conversations', 'conversations.application_hash', 'applicants.hash')
      .leftJoin('conversation_participants', (join) =>
        join
          .onRef('conversation_participants.conversation_hash', '=', 'conversations.hash')
          .on('conversation_participants.party_type', '=', 'user')
          .on('conversation_participants.party_hash', '=', a.partyUser),
      )
      .select([
        ...SUMMARY_COLUMNS,
        'applicants.status as applicant_status',
        'applicants.created_at as applied_at',
        'applicants.outcome',
        'conversation_participants.conversation_hash',
        'conversation_participants.unread_count',
      ])
      .orderBy('applicants.created_at', 'desc')
      .orderBy('jobs.hash', 'desc')
      .limit(a.limit)
      .offset(a.offset)
  );
}

/** By slug, else by hash: two indexed lookups (an OR of the two made SQLite scan the table). */
export async function findPublished(db: Conn, hashOrSlug: string) {
  const query = (column: 'jobs.slug' | 'jobs.hash') =>
    runShaped(db, `jobs.find.${column}`, { id: hashOrSlug }, (a: { id: string }) =>
      db
        .selectFrom('jobs')
        .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
        .select([
          ...SUMMARY_COLUMNS,
          'jobs.description',
          'jobs.workstation',
          'jobs.area',
          'jobs.specialty',
          'jobs.date_incorporation',
          'jobs.data',
          'jobs.file',
          'companies.data as company_data',
        ])
        .where('jobs.status', '=', 'PUBLISHED')
        .where(column, '=', a.id),
    );
  return (await query('jobs.slug'))[0] ?? (await query('jobs.hash'))[0];
}

export async function tagsOfJobs(db: Conn, jobHashes: string[], lng: Locale) {
  if (jobHashes.length === 0) return [];
  return runShaped(db, `jobs.tags.${lng}`, { jobs: jobHashes }, (a: { jobs: string[] }) =>
    db
      .selectFrom('job_tags')
      .innerJoin('tags', 'tags.hash', 'job_tags.tag_hash')
      .select(['job_tags.job_hash', 'tags.hash', 'tags.type', 'tags.group', `tags.title_${lng} as title`])
      .where('job_tags.job_hash', 'in', a.jobs),
  );
}

/** The member's application to an offer, whatever its status (a withdrawn one is kept: DESIGN §4b). */
export function findApplication(db: Conn, jobHash: string, userHash: string) {
  return db
    .selectFrom('applicants')
    .select(['hash', 'status'])
    .where('job_hash', '=', jobHash)
    .where('user_hash', '=', userHash)
    .executeTakeFirst();
}

/** Applied and not withdrawn (a discarded application still counts: the member did apply). */
export async function hasApplied(db: Conn, jobHash: string, userHash: string): Promise<boolean> {
  const row = await findApplication(db, jobHash, userHash);
  return !!row && row.status !== 'WITHDRAWN';
}

export async function userHasCv(db: Conn, userHash: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('cv_file').where('hash', '=', userHash).executeTakeFirst();
  return !!row?.cv_file;
}

/** Applicants who have not withdrawn. */
export async function applicantCount(db: Conn, jobHash: string): Promise<number> {
  const row = await db
    .selectFrom('applicants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('job_hash', '=', jobHash)
    .where('status', '!=', 'WITHDRAWN')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Titles of USER tags (an offer's area and specialty) in one language, by hash. */
export async function userTagTitles(db: Conn, hashes: string[], lng: Locale): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('tags')
    .select(['hash', 'title_es', `title_${lng} as title`])
    .where('type', '=', 'USER')
    .where('hash', 'in', hashes)
    .execute();
  return new Map(rows.map((row) => [row.hash, (row.title as string | null) || row.title_es]));
}
