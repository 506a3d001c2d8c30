/** The public job bank (SPEC §3 filters, §6 who sees what). */
import { audienceValues, viewerOf, type sharedFields } from '../../lib/audience';
import { companyData } from '../companies/data';
import { offerData } from '../offers/presenter';
import { offerFileNames, offerFileOf } from '../offers/offerFile';
import type { FileLinks } from '../../lib/signedLinks';
import { PAGE_SIZES, type Locale } from '../../../shared/constants';
import { can } from '../../../shared/permissions';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { listResult, pageWindow, pageWithTotal, type PageQuery } from '../../lib/lists';
import { cachedCount } from '../../lib/countCache';
import { sharedPage } from '../../lib/sharedPages';
import { matchText, textMatches } from '../../db/search';
import { newHash, nowIso } from '../../lib/ids';
import { memberOfFilter } from '../articles/memberFilter';
import { asCode, JOB_WORKING, JOB_WORKSTATION } from '../../../shared/codes';
import * as repo from './repository';
import { findApplyTarget, insertPending, moveFrom } from './application';
import type { ViewCounter } from './views';
import { type ServiceContext } from '../../serviceContext';

export interface JobsQuery extends PageQuery {
  text?: string;
  contract?: string;
  tags?: string;
  location?: string;
  subscribed_by_me?: boolean;
  workstation?: string;
  salary_min?: number;
  salary_currency?: string;
  salary_period?: string;
}

/** What a visitor without the `jobs.view` permission reads of a description (SPEC §6: upgrade to view). */
const TEASER_LENGTH = 240;

type SummaryRow = Awaited<ReturnType<typeof repo.pagePublished>>[number];

async function withTags<T extends SummaryRow>(db: Db, rows: T[], lng: Locale) {
  const tagRows = await repo.tagsOfJobs(
    db,
    rows.map((row) => row.hash),
    lng,
  );
  return rows.map((row) => ({
    hash: row.hash,
    slug: row.slug,
    title: row.title,
    location: row.location,
    contract: row.contract,
    working: asCode(JOB_WORKING, row.working),
    salary_min: row.salary_min,
    salary_max: row.salary_max,
    salary_currency: row.salary_currency,
    salary_period: row.salary_period,
    cdate: row.cdate,
    status: row.status,
    company: { name: row.company_name, logo: row.logo },
    tags: tagRows
      .filter((tag) => tag.job_hash === row.hash)
      .map(({ hash, title, type, group }) => ({ hash, title, type, group })),
  }));
}

export async function listPublic(ctx: ServiceContext, query: JobsQuery) {
  const { db, actor, lng } = ctx;
  const appliedBy = query.subscribed_by_me ? memberOfFilter(actor, lng, 'subscribed_by_me') : undefined;
  const { size, offset } = pageWindow(query, PAGE_SIZES.jobs);
  const filter: repo.PublicJobFilter = {
    text: query.text,
    contract: query.contract,
    location: query.location,
    tags: query.tags ? query.tags.split(',') : undefined,
    appliedBy,
    workstation: query.workstation,
    salary:
      query.salary_min !== undefined
        ? { min: query.salary_min, currency: query.salary_currency ?? 'EUR', period: query.salary_period ?? 'year' }
        : undefined,
  };
  if (appliedBy) return listApplications(db, lng, { ...filter, appliedBy }, size, offset);
  // nothing of the public list depends on who asks: one page for every caller (lib/sharedPages.ts)
  return sharedPage(db, `jobs:${lng}:${size}:${offset}:${JSON.stringify(filter)}`, () =>
    publishedPage(db, lng, filter, size, offset),
  );
}

async function publishedPage(db: Db, lng: Locale, filter: repo.PublicJobFilter, size: number, offset: number) {
  // the total first (cached per filter and data version): a page past the end is answered without a query
  const matches = await textMatches(db, 'jobs', matchText(db, filter.text), 'content');
  const count = await cachedCount(db, 'content', `jobs:${JSON.stringify(filter)}`, () =>
    repo.countPublished(db, filter, matches),
  );
  if (offset >= count) return listResult([], count, size);
  const rows = await repo.pagePublished(db, filter, size, offset, count, matches);
  return listResult(await withTags(db, rows, lng), count, size);
}

/**
 * The member's applications (`subscribed_by_me`, DESIGN §4b): every offer they applied to, the latest application
 * first, whatever the offer's status now. `status` is the application's (PENDING, ACCEPTED = in process,
 * CANCELLED = discarded, WITHDRAWN), `offer_status` the offer's, `applied_at` when the current application was made,
 * `outcome` HIRED or NOT_SELECTED once the company closed the offer with its survey (issue 25 §19).
 */
async function listApplications(
  db: Db,
  lng: Locale,
  filter: repo.PublicJobFilter & { appliedBy: string },
  size: number,
  offset: number,
) {
  // a first page shorter than its size is the whole list: counted only when the page cannot tell
  const { rows, total: count } = await pageWithTotal(
    size,
    offset,
    () => repo.pageApplications(db, filter, size, offset),
    () => repo.countPublished(db, filter),
  );
  const items = await withTags(db, rows, lng);
  return listResult(
    items.map((item, i) => ({
      ...item,
      status: rows[i]!.applicant_status,
      offer_status: rows[i]!.status,
      applied_at: rows[i]!.applied_at,
      outcome: rows[i]!.outcome ?? null,
      conversation: rows[i]!.conversation_hash
        ? { hash: rows[i]!.conversation_hash, unread: Number(rows[i]!.unread_count ?? 0) }
        : null,
      subscribed: rows[i]!.applicant_status !== 'WITHDRAWN',
    })),
    count,
    size,
  );
}

/** A view of a published offer (views.ts); an unknown or unpublished offer answers 404 like its page. */
export async function countView(
  ctx: ServiceContext,
  views: ViewCounter,
  ip: string,
  hashOrSlug: string,
): Promise<void> {
  const { db, actor } = ctx;
  const row = await repo.findPublished(db, hashOrSlug);
  if (!row) throw AppError.notFound();
  if (actor.type === 'company' || actor.type === 'admin') return; // the offer's readers, not its managers
  views.count(row.hash, actor.hash ?? ip);
}

/**
 * `shared`, `companyShared`: company.job.write's and company.profile's fields marked x-audience public or members
 * (lib/audience.ts), read when the routes start. The offer's company block is the one place a company is public.
 */
export async function showPublic(
  ctx: ServiceContext,
  hashOrSlug: string,
  shared: ReturnType<typeof sharedFields> = [],
  companyShared: ReturnType<typeof sharedFields> = [],
  links?: FileLinks,
) {
  const { db, actor, lng } = ctx;
  const row = await repo.findPublished(db, hashOrSlug);
  if (!row) throw AppError.notFound();
  const [summary] = await withTags(db, [row], lng);
  // area and specialty are USER tags (their hash is stored): answered with the title in the request's language
  const titles = await repo.userTagTitles(
    db,
    [row.area, row.specialty].filter((h): h is string => !!h),
    lng,
  );
  const locked = !can(actor.role, 'jobs.view');
  const companyFields = companyData({ data: row.company_data });
  return {
    ...summary!,
    company: {
      ...summary!.company,
      extra: audienceValues(companyShared, (name) => companyFields[name], viewerOf(actor)),
    },
    description: locked ? teaser(row.description) : row.description,
    locked,
    workstation: locked ? null : asCode(JOB_WORKSTATION, row.workstation),
    area: tagOf(row.area, titles),
    specialty: tagOf(row.specialty, titles),
    date_incorporation: row.date_incorporation,
    subscribed: actor.type === 'user' && actor.hash ? await repo.hasApplied(db, row.hash, actor.hash) : false,
    extra: audienceValues(shared, (name) => offerData(row)[name], viewerOf(actor)),
    // the offer's PDF goes with the whole offer: a teaser reader gets no link (issue 25 §10)
    ...offerFileOf(locked ? null : row.file, await offerFileNames(db, [row.file]), links),
  };
}

/** A stored tag hash as `{ hash, title }`; a hash whose tag is gone (or an old free-text value) reads as null. */
function tagOf(hash: string | null, titles: Map<string, string>) {
  const title = hash ? titles.get(hash) : undefined;
  return hash && title ? { hash, title } : null;
}

function teaser(text: string): string {
  if (text.length <= TEASER_LENGTH) return text;
  return `${text.slice(0, TEASER_LENGTH).replace(/\s+\S*$/, '')}…`;
}

/**
 * Applying is `PATCH /api/jobs/{id}/subscribe` (DESIGN §6): a toggle. Applying needs a CV on the profile
 * (418 "Add your CV to apply"); withdrawing never does. Withdrawing keeps the row as WITHDRAWN (the company's
 * history); applying again makes it PENDING. An application the company discarded (CANCELLED) cannot be
 * withdrawn and re-sent to start over (418). Every move is one guarded UPDATE inside the transaction.
 * Applying keeps the optional note to the company (issue 25 §18; blank is none, and applying again replaces it).
 */
export async function toggleApplication(ctx: ServiceContext, hashOrSlug: string, note?: string) {
  const { db, actor } = ctx;
  const userHash = actor.hash!;
  // one read and one guarded write (application.ts); the answer comes from the two
  const target = await findApplyTarget(db, hashOrSlug, userHash);
  if (!target) throw AppError.notFound();
  const now = nowIso();
  const current = target.application;
  if (current?.status === 'CANCELLED') throw AppError.rule('jobs.applicationDiscarded');
  if (!current || current.status === 'WITHDRAWN') {
    if (!target.hasCv) throw AppError.rule('jobs.cvRequired');
    const kept = note?.trim() || null;
    const moved = current
      ? await moveFrom(db, current.hash, 'WITHDRAWN', 'PENDING', now, kept)
      : await insertPending(db, { hash: newHash(), job: target.job, user: userHash, now, note: kept });
    if (moved) return { active: true, status: 'PENDING', count: target.count + 1 };
  } else if (await moveFrom(db, current.hash, current.status, 'WITHDRAWN', now, null)) {
    return { active: false, status: 'WITHDRAWN', count: target.count - 1 };
  }
  // a concurrent request moved it first (a double click): answer what is there now
  const after = await repo.findApplication(db, target.job, userHash);
  const active = !!after && after.status !== 'WITHDRAWN';
  return { active, status: after?.status ?? 'WITHDRAWN', count: await repo.applicantCount(db, target.job) };
}
