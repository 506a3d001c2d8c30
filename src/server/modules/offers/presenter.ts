/** An offer as its company or the back office reads it (schemas/company.job.json). */
import { offerMovesFrom, type OfferMover } from '../../../shared/offerMoves';
import { isoToDmy } from '../../../shared/dates';
import type { FileLinks } from '../../lib/signedLinks';
import { offerFileOf } from './offerFile';
import type { OfferRow } from './repository';

export interface OfferExtras {
  tags: Array<{ hash: string; title: string | null; type: string; group: string | null }>;
  applicants: Record<string, number>;
  /** How often the published offer was opened (jobs/views.ts). */
  views?: number;
  history?: Array<{
    from_status: string | null;
    to_status: string;
    actor_type: string;
    reason: string | null;
    created_at: string;
  }>;
  /** Titles of the tags the offers point at (area, specialty), by hash. */
  titles?: Map<string, string>;
  /** The people who applied and did not withdraw (the survey asks whom the company hired among them). */
  candidates?: Array<{ hash: string; name: string | null; former: boolean }>;
  /** The download names of the offers' files (offerFile.ts), and the reader's signed links (none: no file link). */
  fileNames?: Map<string, string>;
  links?: FileLinks;
}

/** `{ hash, title }` as the public job answers it (schemas/job.json); null when the tag is gone. */
function tagRef(hash: string | null, titles: Map<string, string> | undefined) {
  const title = hash ? titles?.get(hash) : undefined;
  return hash && title !== undefined ? { hash, title } : null;
}

const NO_APPLICANTS = { PENDING: 0, ACCEPTED: 0, CANCELLED: 0, WITHDRAWN: 0 };

/** The offer's fields with no column (issue 24 §3): stored in jobs.data, answered under `extra` (company.job.json). */
export function offerData(row: { data: string }): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(row.data);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function presentOffer(row: OfferRow, reader: OfferMover, extras: OfferExtras) {
  return {
    hash: row.hash,
    slug: row.slug,
    title: row.title,
    description: row.description,
    location: row.location,
    contract: row.contract,
    working: row.working,
    date_incorporation: isoToDmy(row.date_incorporation),
    workstation: row.workstation,
    salary_min: row.salary_min,
    salary_max: row.salary_max,
    salary_currency: row.salary_currency,
    salary_period: row.salary_period,
    area: tagRef(row.area, extras.titles),
    specialty: tagRef(row.specialty, extras.titles),
    tags: extras.tags.map((tag) => ({
      hash: tag.hash,
      title: tag.title ?? '',
      type: tag.type,
      group: tag.group ?? '',
    })),
    status: row.status,
    reason: row.reason,
    company: { hash: row.company_hash, name: row.company_name, email: row.company_email },
    moves: offerMovesFrom(row.status, reader).map((move) => ({ to: move.to, needs: move.needs ?? null })),
    applicants: { ...NO_APPLICANTS, ...extras.applicants },
    views: extras.views ?? 0,
    cdate: row.cdate,
    updated_at: row.updated_at,
    published_at: row.published_at,
    expires_at: row.expires_at,
    extra: offerData(row),
    ...offerFileOf(row.file, extras.fileNames ?? new Map(), extras.links),
    ...(extras.candidates ? { candidates: extras.candidates } : {}),
    ...(extras.history
      ? {
          history: extras.history.map((move) => ({
            from: move.from_status,
            to: move.to_status,
            by: move.actor_type,
            reason: move.reason,
            at: move.created_at,
          })),
        }
      : {}),
  };
}
