/**
 * A company's own offers (issue 11 §3–§6, DESIGN §4b): list, read, create (PENDING), edit, and move along
 * src/shared/offerMoves.ts — closing with SPEC §2's survey. Everything of one request happens in one
 * transaction: an edit and a move in the same body land together or not at all. Another company's offer is 404.
 *
 * Editing a published offer keeps it published (no second review): the association validated the company and
 * the offer once, and can still take it down with a reason. Editing a rejected offer is what lets the company
 * send it back to review (REJECTED → PENDING needs a change since the rejection). A closed offer is history.
 */
import type { Updateable } from 'kysely';
import type { Config } from '../../config';
import type { JobsTable } from '../../db/types';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { dmyToIso } from '../../../shared/dates';
import { newHash, nowIso, slugify } from '../../lib/ids';
import { listResult, pageWindow } from '../../lib/lists';
import type { Actor } from '../../types';
import { isLocale, type Locale } from '../../../shared/constants';
import { OFFER_EDITABLE, type OfferStatus } from '../../../shared/offerMoves';
import { localizePath } from '../../../shared/routes';
import type { CompanyJobWrite } from '../../../shared/schema-types';
import { foldText } from '../../../shared/text';
import type { Conn } from '../../db/conn';
import { enqueueMail } from '../mail/outbox';
import { applyMove } from './moves';
import { offerData, presentOffer, type OfferExtras } from './presenter';
import { viewsOf } from '../jobs/views';
import * as repo from './repository';
import { checkSalary, SALARY_FIELDS } from './salary';
import { fileLinks, type FileLinks } from '../../lib/signedLinks';
import { offerFileNames } from './offerFile';
import { type ServiceContext } from '../../serviceContext';

export interface CompanyOffersQuery {
  text?: string;
  status?: OfferStatus;
  sort?: string;
  page?: number;
  size?: number;
}

type Fields = Omit<CompanyJobWrite, 'status' | 'survey'>;
const FIELD_NAMES = [
  'title',
  'description',
  'location',
  'contract',
  'working',
  'date_incorporation',
  'workstation',
  'area',
  'specialty',
  'tags',
  ...SALARY_FIELDS,
] as const;
const NOT_DATA: readonly string[] = [...FIELD_NAMES, 'status', 'survey'];

/** The fields of the body with no column: any a maintainer added to company.job.write, stored in jobs.data (issue 24 §3). */
function dataFieldsOf(body: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).filter(([name, value]) => !NOT_DATA.includes(name) && value !== undefined),
  );
}

/** Tags, applicant counts, views and (for one offer) the history, for the offers of a page. */
export async function extrasOf(
  ctx: ServiceContext,
  rows: Array<Pick<repo.OfferRow, 'hash' | 'area' | 'specialty' | 'file'>>,
  withHistory = false,
  links?: FileLinks,
): Promise<Map<string, OfferExtras>> {
  const { db, lng } = ctx;
  const hashes = rows.map((row) => row.hash);
  const referenced = [
    ...new Set(rows.flatMap((row) => [row.area, row.specialty]).filter((hash): hash is string => !!hash)),
  ];
  const [tags, counts, named, views, fileNames] = await Promise.all([
    repo.tagsOfOffers(db, hashes, lng),
    repo.applicantCounts(db, hashes),
    repo.tagTitles(db, referenced, lng),
    viewsOf(db, hashes),
    offerFileNames(
      db,
      rows.map((row) => row.file),
    ),
  ]);
  const titles = new Map(named.map((tag) => [tag.hash, (tag.title as string | null) || tag.title_es]));
  const out = new Map<string, OfferExtras>(
    hashes.map((hash) => [hash, { tags: [], applicants: {}, titles, views: views.get(hash) ?? 0, fileNames, links }]),
  );
  for (const tag of tags) out.get(tag.job_hash)!.tags.push(tag);
  for (const count of counts) out.get(count.job_hash)!.applicants[count.status] = Number(count.n);
  if (withHistory) for (const hash of hashes) out.get(hash)!.history = await repo.movesOf(db, hash);
  return out;
}

export function parseSort(sort = '-cdate'): { field: repo.OfferSort; direction: 'asc' | 'desc' } {
  const descending = sort.startsWith('-');
  return { field: (descending ? sort.slice(1) : sort) as repo.OfferSort, direction: descending ? 'desc' : 'asc' };
}

export async function list(ctx: ServiceContext, query: CompanyOffersQuery, links?: FileLinks) {
  const { db, actor } = ctx;
  const { size, offset } = pageWindow(query, 10);
  const filter = { company: actor.hash!, status: query.status, text: query.text };
  const [total, rows] = await Promise.all([
    repo.countOffers(db, filter),
    repo.pageOffers(db, filter, parseSort(query.sort), size, offset),
  ]);
  const extras = await extrasOf(ctx, rows, false, links);
  return listResult(
    rows.map((row) => presentOffer(row, 'company', extras.get(row.hash)!)),
    total,
    size,
  );
}

async function ownOffer(db: Conn, actor: Actor, hash: string): Promise<repo.OfferRow> {
  const row = await repo.findOffer(db, hash);
  // another company's offer does not exist for this one
  if (!row || row.company_hash !== actor.hash) throw AppError.notFound('offers.notFound');
  return row;
}

export async function show(ctx: ServiceContext, hash: string, links?: FileLinks) {
  const { db, actor } = ctx;
  const row = await ownOffer(db, actor, hash);
  const extras = (await extrasOf(ctx, [row], true, links)).get(hash)!;
  const applicants = await repo.applicantsOf(db, hash);
  extras.candidates = applicants
    .filter((a) => a.status !== 'WITHDRAWN')
    .map((a) => ({
      hash: a.hash,
      name: a.user_status === 'DELETED' ? null : `${a.name} ${a.surname1}`,
      former: a.user_status === 'DELETED',
    }));
  return presentOffer(row, 'company', extras);
}

/** The offer's tags exist, and its area and specialty are tags of those groups: 400 naming the field otherwise. */
async function checkTags(db: Conn, lng: Locale, fields: Pick<Fields, 'tags' | 'area' | 'specialty'>): Promise<void> {
  for (const group of ['area', 'specialty'] as const) {
    const hash = fields[group];
    if (hash && !(await repo.isTagOfGroup(db, hash, group)))
      throw AppError.badRequest('validation.failed', [{ field: group, message: translate(lng, 'offers.tagUnknown') }]);
  }
  const tags = fields.tags;
  if (!tags?.length) return;
  const known = await repo.existingOfferTags(db, tags);
  const unknown = tags.findIndex((tag) => !known.has(tag));
  if (unknown >= 0)
    throw AppError.badRequest('validation.failed', [
      { field: `tags.${unknown}`, message: translate(lng, 'offers.tagUnknown') },
    ]);
}

/** The columns an edit writes (search text recomputed from the result), or null when the body has no field. */
function columnsOf(
  fields: Fields,
  current: { title: string; description: string; location: string; company_name: string },
  at: string,
): Updateable<JobsTable> | null {
  if (!FIELD_NAMES.some((name) => name !== 'tags' && fields[name] !== undefined)) return null;
  const { tags: _tags, date_incorporation, ...plain } = fields;
  const next = { ...current, ...plain };
  return {
    ...plain,
    ...(date_incorporation !== undefined ? { date_incorporation: dmyToIso(date_incorporation) } : {}),
    search_text: foldText(`${next.title} ${next.description} ${next.location} ${current.company_name}`),
    updated_at: at,
  };
}

export async function create(ctx: ServiceContext, body: CompanyJobWrite, links?: FileLinks) {
  const { db, actor, lng } = ctx;
  for (const field of ['status', 'survey'] as const) {
    if (body[field] !== undefined)
      throw AppError.badRequest('validation.failed', [{ field, message: translate(lng, 'offers.statusOnCreate') }]);
  }
  checkSalary(lng, body);
  const hash = newHash();
  await db.transaction().execute(async (trx) => {
    await checkTags(trx, lng, body);
    const company = await trx
      .selectFrom('companies')
      .select('company_name')
      .where('hash', '=', actor.hash!)
      .executeTakeFirstOrThrow();
    const at = nowIso();
    await repo.insertOffer(trx, {
      hash,
      slug: `${slugify(body.title!, 60)}-${hash.slice(0, 6)}`,
      company_hash: actor.hash!,
      status: 'PENDING',
      title: body.title!,
      description: body.description!,
      location: body.location!,
      contract: body.contract!,
      working: body.working ?? null,
      date_incorporation: dmyToIso(body.date_incorporation ?? null),
      workstation: body.workstation ?? null,
      area: body.area ?? null,
      specialty: body.specialty ?? null,
      file: null,
      salary_min: body.salary_min ?? null,
      salary_max: body.salary_max ?? null,
      salary_currency: body.salary_currency ?? null,
      salary_period: body.salary_period ?? null,
      search_text: foldText(`${body.title} ${body.description} ${body.location} ${company.company_name}`),
      data: JSON.stringify(dataFieldsOf(body)),
      cdate: at,
      updated_at: at,
    });
    await repo.replaceTags(trx, hash, body.tags ?? []);
    await repo.insertMove(trx, {
      hash: newHash(),
      job_hash: hash,
      from_status: null,
      to_status: 'PENDING',
      actor_type: 'company',
      actor_hash: actor.hash!,
      reason: null,
      created_at: at,
    });
  });
  return show(ctx, hash, links);
}

export async function update(ctx: ServiceContext, hash: string, body: CompanyJobWrite) {
  const { db, config, actor, lng } = ctx;
  const { status, survey, ...fields } = body;
  if (survey && status !== 'CLOSED')
    throw AppError.badRequest('validation.failed', [
      { field: 'survey', message: translate(lng, 'offers.surveyOnlyToClose') },
    ]);
  if (status === 'CLOSED' && !survey)
    throw AppError.badRequest('validation.failed', [
      { field: 'survey', message: translate(lng, 'offers.surveyRequired') },
    ]);
  await db.transaction().execute(async (trx) => {
    let offer = await ownOffer(trx, actor, hash);
    const at = nowIso();
    const columns = columnsOf(fields, offer, at);
    const data = dataFieldsOf(fields);
    const hasData = Object.keys(data).length > 0;
    if (columns || fields.tags || hasData) {
      if (!OFFER_EDITABLE.includes(offer.status as OfferStatus)) throw new AppError(409, 'offers.closedNoEdit');
      await checkTags(trx, lng, fields);
      checkSalary(lng, { ...offer, ...fields });
      if (columns || hasData)
        await repo.updateOffer(trx, hash, {
          ...columns,
          ...(hasData ? { data: JSON.stringify({ ...offerData(offer), ...data }), updated_at: at } : {}),
        });
      if (fields.tags) await repo.replaceTags(trx, hash, fields.tags);
      offer = { ...offer, updated_at: at };
    }
    if (!status) return;
    const applicants = status === 'CLOSED' ? await repo.applicantsOf(trx, hash) : [];
    if (survey) checkSurvey(lng, survey, applicants);
    await applyMove(trx, offer, {
      to: status,
      by: 'company',
      actorHash: actor.hash!,
      expiryDays: config.offerExpiryDays,
    });
    if (survey) await closeWithSurvey(trx, config, offer, actor, survey, applicants);
  });
  return show(ctx, hash, fileLinks(config.secretKey, actor));
}

type Survey = NonNullable<CompanyJobWrite['survey']>;
type Applicant = Awaited<ReturnType<typeof repo.applicantsOf>>[number];

function checkSurvey(lng: Locale, survey: Survey, applicants: Applicant[]): void {
  const named = survey.hired_applicants ?? [];
  const other = survey.hired_other?.trim() ?? '';
  if (survey.hired && !named.length && !other)
    throw AppError.badRequest('validation.failed', [
      { field: 'survey.hired_applicants', message: translate(lng, 'offers.surveyWhom') },
    ]);
  if (!survey.hired && (named.length || other))
    throw AppError.badRequest('validation.failed', [
      { field: 'survey.hired_applicants', message: translate(lng, 'offers.surveyNotHired') },
    ]);
  const known = new Set(applicants.map((a) => a.hash));
  const stranger = named.findIndex((hash) => !known.has(hash));
  if (stranger >= 0)
    throw AppError.badRequest('validation.failed', [
      { field: `survey.hired_applicants.${stranger}`, message: translate(lng, 'offers.notApplicant') },
    ]);
}

/** The survey row, and each standing application's outcome (hired or not selected), told to its candidate in their language. */
async function closeWithSurvey(
  trx: Conn,
  config: Config,
  offer: repo.OfferRow,
  actor: Actor,
  survey: Survey,
  applicants: Applicant[],
): Promise<void> {
  const named = survey.hired_applicants ?? [];
  const first = applicants.find((a) => a.hash === named[0]);
  await repo.insertFeedback(trx, {
    hash: newHash(),
    job_hash: offer.hash,
    company_hash: actor.hash!,
    rating_bank: survey.rating_jobbank,
    rating_candidates: survey.rating_candidates,
    hired: survey.hired ? 1 : 0,
    hired_user_hash: first?.user_hash ?? null,
    hired_name: survey.hired_other?.trim() || null,
    hired_applicants: named.length ? JSON.stringify(named) : null,
    created_at: nowIso(),
  });
  // every application still standing gets its outcome, and its candidate one e-mail saying it (issue 25 §19)
  for (const applicant of applicants.filter((a) => a.status !== 'WITHDRAWN')) {
    const outcome = named.includes(applicant.hash) ? 'HIRED' : 'NOT_SELECTED';
    await repo.setOutcome(trx, applicant.hash, outcome);
    if (applicant.user_status === 'DELETED') continue; // a former member has no address left
    const language = isLocale(applicant.language) ? applicant.language : 'es';
    const link = `${config.publicUrl.replace(/\/$/, '')}${localizePath('user.jobs.subscribed', language)}`;
    const template = outcome === 'HIRED' ? 'job.outcome.hired' : 'job.outcome.notSelected';
    await enqueueMail(trx, {
      to: applicant.email,
      language,
      template,
      data: { name: applicant.name, title: offer.title, company: offer.company_name, link },
    });
  }
}
