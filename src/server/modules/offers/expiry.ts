/**
 * The offers' background task (issue 11 §5): a week before a published offer expires its company is e-mailed
 * once (a guarded `expiry_warned_at` mark in the mail's transaction); at its expiry the offer moves
 * PUBLISHED → CLOSED as the `system` (guarded, with its history row) and the candidates still waiting are told.
 * Each item is idempotent, so a run repeated after a crash, or raced by another instance, sends nothing twice.
 */
import type { Config } from '../../config';
import type { Db } from '../../db/dialect';
import { nowIso } from '../../lib/ids';
import { AppError } from '../../errors';
import { isLocale } from '../../../shared/constants';
import { localizePath } from '../../../shared/routes';
import { enqueueMail } from '../mail/outbox';
import { yieldToRequests, type Task } from '../tasks/runner';
import { applyMove } from './moves';
import * as repo from './repository';

const DAY = 86_400_000;
export const WARN_DAYS = 7;

export async function sweepOffers(db: Db, config: Config, now: Date): Promise<{ warned: number; closed: number }> {
  const at = nowIso(now);
  const base = config.publicUrl.replace(/\/$/, '');
  let warned = 0;
  let closed = 0;
  for (const hash of await repo.offersToWarn(db, at, nowIso(new Date(now.getTime() + WARN_DAYS * DAY)))) {
    await yieldToRequests();
    await db.transaction().execute(async (trx) => {
      if (!(await repo.markWarned(trx, hash, at))) return; // another instance did it
      const offer = (await repo.findOffer(trx, hash))!;
      const language = isLocale(offer.company_language) ? offer.company_language : 'es';
      const date = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
        dateStyle: 'long',
        timeZone: 'Europe/Madrid',
      }).format(new Date(offer.expires_at!));
      await enqueueMail(trx, {
        to: offer.company_email,
        language,
        template: 'job.expiring',
        data: { title: offer.title, date, link: `${base}${localizePath('company.jobs.show', language, { hash })}` },
      });
      warned++;
    });
  }
  for (const hash of await repo.offersToExpire(db, at)) {
    await yieldToRequests();
    await db.transaction().execute(async (trx) => {
      const offer = await repo.findOffer(trx, hash);
      if (!offer || offer.status !== 'PUBLISHED') return;
      try {
        await applyMove(trx, offer, {
          to: 'CLOSED',
          by: 'system',
          actorHash: null,
          expiryDays: config.offerExpiryDays,
          now,
        });
      } catch (error) {
        if (error instanceof AppError && error.status === 409) return; // moved meanwhile (closed by its company, another instance)
        throw error;
      }
      for (const applicant of (await repo.applicantsOf(trx, hash)).filter((a) => a.status === 'PENDING')) {
        const language = isLocale(applicant.language) ? applicant.language : 'es';
        await enqueueMail(trx, {
          to: applicant.email,
          language,
          template: 'job.closed',
          data: {
            name: applicant.name,
            title: offer.title,
            company: offer.company_name,
            link: `${base}${localizePath('user.jobs.subscribed', language)}`,
          },
        });
      }
      closed++;
    });
  }
  return { warned, closed };
}

export function offerExpiryTask(db: Db, config: Config): Task {
  return { name: 'offers.expiry', everyMs: 60 * 60_000, run: (now) => sweepOffers(db, config, now) };
}
