/**
 * The candidates of a company's own offer (issue 11 §7, DESIGN §4b): list with filters, one by one or bulk
 * status changes (PENDING / ACCEPTED "in process" / CANCELLED "discarded") e-mailed to the member in their
 * language, and the filtered rows as CSV. The CV is a short-lived signed link; e-mail and phone are shown only for
 * an ACCEPTED candidate (the company contacts them); a withdrawn application keeps its row but cannot be moved; a
 * deleted account shows as a former member with nothing personal. Another company's offer or applicant is 404.
 */
import { csvBody } from '../../lib/csv';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { nowIso } from '../../lib/ids';
import { listResult, pageWindow } from '../../lib/lists';
import type { FileLinks } from '../../lib/signedLinks';
import type { Actor } from '../../types';
import { isLocale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';
import type { Conn } from '../../db/conn';
import { enqueueMail } from '../mail/outbox';
import * as repo from './candidatesRepository';
import * as offers from './repository';
import { type ServiceContext } from '../../serviceContext';

export interface CandidatesQuery {
  status?: string;
  text?: string;
  category?: string;
  tags?: string;
  page?: number;
  size?: number;
}

export type CandidateStatus = 'PENDING' | 'ACCEPTED' | 'CANCELLED';

/** Rows a CSV export holds at most (a company's offer has tens or hundreds of applicants). */
const EXPORT_LIMIT = 5000;

async function ownOffer(db: Conn, actor: Actor, hash: string) {
  const offer = await offers.findOffer(db, hash);
  if (!offer || offer.company_hash !== actor.hash) throw AppError.notFound('offers.notFound');
  return offer;
}

function filterOf(job: string, query: CandidatesQuery): repo.CandidatesFilter {
  return {
    job,
    status: query.status,
    text: query.text,
    category: query.category,
    tags: query.tags ? query.tags.split(',').filter(Boolean) : undefined,
  };
}

function phoneOf(data: string): string | null {
  try {
    const parsed = JSON.parse(data) as { phone?: unknown; mobile?: unknown };
    const phone = parsed.mobile ?? parsed.phone;
    return typeof phone === 'string' && phone ? phone : null;
  } catch {
    return null;
  }
}

export function presentCandidate(row: repo.CandidateRow, links: FileLinks | null) {
  const former = row.user_status === 'DELETED';
  const active = row.status !== 'WITHDRAWN';
  return {
    hash: row.hash,
    status: row.status,
    applied_at: row.created_at,
    updated_at: row.updated_at,
    // the member's note to the company (issue 25 §18), like the CV only while the application stands
    note: !former && active ? row.note : null,
    member: former
      ? {
          hash: row.user_hash,
          former: true,
          name: null,
          surname1: null,
          surname2: null,
          photo: null,
          category: null,
          graduation_year: null,
          current_job: null,
          city: null,
          in_directory: false,
        }
      : {
          hash: row.user_hash,
          former: false,
          name: row.name,
          surname1: row.surname1,
          surname2: row.surname2,
          photo: row.photo,
          category: row.category_hash
            ? { hash: row.category_hash, title: (row.category_title as string | null) ?? '' }
            : null,
          graduation_year: row.graduation_year,
          current_job: row.current_job,
          city: row.city,
          in_directory: row.is_appear_by_company === 1 && row.user_status === 'VALIDATED',
        },
    // the CV only while the application stands (a withdrawn one takes it back), and never for a deleted account
    cv: !former && active && row.cv_file && links ? links.link(row.cv_file) : null,
    contact: !former && row.status === 'ACCEPTED' ? { email: row.email, phone: phoneOf(row.data) } : null,
  };
}

export async function list(ctx: ServiceContext, hash: string, query: CandidatesQuery, links: FileLinks) {
  const { db, actor, lng } = ctx;
  await ownOffer(db, actor, hash);
  const { size, offset } = pageWindow(query, 10);
  const filter = filterOf(hash, query);
  const [total, rows] = await Promise.all([
    repo.countCandidates(db, filter),
    repo.pageCandidates(db, filter, lng, size, offset),
  ]);
  return listResult(
    rows.map((row) => presentCandidate(row, links)),
    total,
    size,
  );
}

export async function move(ctx: ServiceContext, job: string, applicant: string, to: CandidateStatus) {
  const { db, config, actor, lng } = ctx;
  await db.transaction().execute(async (trx) => {
    const offer = await ownOffer(trx, actor, job);
    const row = await repo.findCandidate(trx, job, applicant);
    if (!row) throw AppError.notFound('candidates.notFound');
    if (row.status === 'WITHDRAWN') throw new AppError(409, 'candidates.withdrawn');
    if (row.status === to) return;
    if (!(await repo.moveCandidate(trx, applicant, row.status, to, nowIso())))
      throw new AppError(409, 'candidates.changed');
    if (row.user_status === 'DELETED') return;
    const language = isLocale(row.language) ? row.language : 'es';
    const link = `${config.publicUrl.replace(/\/$/, '')}${localizePath('user.jobs.subscribed', language)}`;
    await enqueueMail(trx, {
      to: row.email,
      language,
      template: 'application.status',
      data: {
        name: row.name,
        title: offer.title,
        company: offer.company_name,
        status: translate(language, `candidates.status.${to}`),
        link,
      },
    });
  });
  return { hash: applicant, status: to, message: translate(lng, `candidates.moved.${to}`) };
}

export async function moveMany(ctx: ServiceContext, job: string, hashes: string[], to: CandidateStatus) {
  const { db, actor, lng } = ctx;
  await ownOffer(db, actor, job);
  const results: Array<{ hash: string; statusCode: number; status?: string; code?: string; message?: string }> = [];
  for (const hash of new Set(hashes)) {
    try {
      await move(ctx, job, hash, to);
      results.push({ hash, statusCode: 200, status: to });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        hash,
        statusCode: error.status,
        code: error.code,
        message: translate(lng, error.code, error.params),
      });
    }
  }
  return {
    results,
    ok: results.filter((r) => r.statusCode === 200).length,
    failed: results.filter((r) => r.statusCode !== 200).length,
  };
}

/** The filtered candidates as CSV in the company's language (UTF-8 with a BOM, so spreadsheets read the accents). */
export async function exportCsv(
  ctx: ServiceContext,
  hash: string,
  query: CandidatesQuery,
): Promise<{ filename: string; body: string }> {
  const { db, actor, lng } = ctx;
  const offer = await ownOffer(db, actor, hash);
  const rows = (await repo.pageCandidates(db, filterOf(hash, query), lng, EXPORT_LIMIT)).map((row) =>
    presentCandidate(row, null),
  );
  const header = [
    'name',
    'surnames',
    'studies',
    'graduationYear',
    'currentJob',
    'city',
    'appliedAt',
    'status',
    'email',
    'phone',
  ].map((key) => translate(lng, `candidates.csv.${key}`));
  const lines = rows.map((c) => [
    c.member.former ? translate(lng, 'candidates.former') : c.member.name,
    [c.member.surname1, c.member.surname2].filter(Boolean).join(' '),
    c.member.category?.title ?? '',
    c.member.graduation_year ?? '',
    c.member.current_job ?? '',
    c.member.city ?? '',
    c.applied_at.slice(0, 10),
    translate(lng, `candidates.status.${c.status}`),
    c.contact?.email ?? '',
    c.contact?.phone ?? '',
  ]);
  const body = csvBody(header, lines);
  const filename = `${offer.slug.slice(0, 60)}-${translate(lng, 'candidates.csv.file')}.csv`;
  return { filename, body };
}
