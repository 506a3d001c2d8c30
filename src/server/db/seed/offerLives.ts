/**
 * Offers with a believable life (issue 11 "Demo and data"): when each was sent, published, unpublished or closed
 * and by whom (`job_moves`), when it expires, a rejected offer of company@demo.test with the association's reason,
 * how often each published offer was read, a closed offer with its survey, and one of its published offers with an applicant at every status. Drawn from a
 * PRNG of its own, so every other demo row comes out as before.
 */
import type { OfferStatus } from '../../../shared/offerMoves';
import type { Random } from './random';
import type { Rows } from './rows';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

export interface OfferLives {
  job_moves: Rows<'job_moves'>;
  company_feedback: Rows<'company_feedback'>;
  applicants: Rows<'applicants'>;
  job_views: Rows<'job_views'>;
}

const REJECTION =
  'Indica la franja salarial y si el puesto admite teletrabajo: sin ello no podemos publicar la oferta.';

export function offerLives(
  rand: Random,
  jobs: Rows<'jobs'>,
  applicants: Rows<'applicants'>,
  own: { hash: string },
  candidates: Array<{ hash: string }>,
  now: Date,
): OfferLives {
  const out: OfferLives = { job_moves: [], company_feedback: [], applicants: [], job_views: [] };
  const move = (
    job: string,
    from: OfferStatus | null,
    to: OfferStatus,
    actor: string,
    at: number,
    reason: string | null = null,
  ) =>
    out.job_moves.push({
      hash: rand.hash(),
      job_hash: job,
      from_status: from,
      to_status: to,
      actor_type: actor,
      actor_hash: actor === 'company' ? own.hash : null,
      reason,
      created_at: iso(at),
    });
  const ownJobs = jobs.filter((job) => job.company_hash === own.hash);
  // one of the company's offers awaiting review was sent back with a reason
  const rejected = ownJobs.filter((job) => job.status === 'PENDING')[1];
  if (rejected) {
    rejected.status = 'REJECTED';
    rejected.reason = REJECTION;
  }
  const today = now.getTime();
  for (const job of jobs) {
    const sent = Date.parse(job.cdate);
    move(job.hash, null, 'PENDING', 'company', sent);
    if (job.status === 'PENDING') continue;
    const reviewed = Math.min(sent + rand.int(1, 3) * DAY, today);
    if (job.status === 'REJECTED') {
      move(job.hash, 'PENDING', 'REJECTED', 'admin', reviewed, REJECTION);
      continue;
    }
    move(job.hash, 'PENDING', 'PUBLISHED', 'admin', reviewed);
    job.published_at = iso(reviewed);
    // every offer that was published has been read: a few dozen to a few hundred times, more the longer it was out
    const daysOut = Math.max(1, Math.round((today - reviewed) / DAY));
    out.job_views.push({
      job_hash: job.hash,
      views: rand.int(3, 9) * Math.min(daysOut, 40) + rand.int(0, 20),
      updated_at: iso(today),
    });
    if (job.status === 'PUBLISHED') {
      job.expires_at = iso(today + rand.int(8, 58) * DAY);
    } else {
      job.expires_at = iso(reviewed + 60 * DAY);
      const later = Math.min(reviewed + rand.int(5, 40) * DAY, today);
      move(
        job.hash,
        'PUBLISHED',
        job.status,
        job.company_hash === own.hash || job.status === 'UNPUBLISHED' ? 'company' : 'system',
        later,
      );
    }
  }
  // the company's closed offers carry their survey
  for (const job of ownJobs.filter((j) => j.status === 'CLOSED')) {
    const hired = rand.chance(0.5);
    out.company_feedback.push({
      hash: rand.hash(),
      job_hash: job.hash,
      company_hash: own.hash,
      rating_bank: rand.int(3, 5),
      rating_candidates: rand.int(2, 5),
      hired: hired ? 1 : 0,
      hired_user_hash: null,
      hired_name: hired ? 'Laia Serra' : null,
      hired_applicants: null,
      created_at: job.updated_at,
    });
  }
  // one published offer of the company with an application at every status, from members not already applying
  const showcase = ownJobs.find((j) => j.status === 'PUBLISHED');
  if (showcase) {
    const taken = new Set(applicants.filter((a) => a.job_hash === showcase.hash).map((a) => a.user_hash));
    const have = new Set(applicants.filter((a) => a.job_hash === showcase.hash).map((a) => a.status));
    const free = rand.sample(
      candidates.filter((c) => !taken.has(c.hash)),
      4,
    );
    for (const status of ['PENDING', 'ACCEPTED', 'CANCELLED', 'WITHDRAWN']) {
      if (have.has(status)) continue;
      const user = free.pop();
      if (!user) break;
      const at = iso(today - rand.int(1, 20) * DAY);
      out.applicants.push({
        hash: rand.hash(),
        job_hash: showcase.hash,
        user_hash: user.hash,
        status,
        created_at: at,
        updated_at: at,
      });
    }
  }
  return out;
}
