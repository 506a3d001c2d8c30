/**
 * The back office's offer queue (issue 11 §2, DESIGN §4b "Back office"), on the member queue's pattern: list by
 * status and text, one offer with its history, and a decision — publish, reject (reason required) or take a
 * published offer down (reason required) — applied with the state machine's guarded move, an audit row and an
 * e-mail to the company in its language, all in one transaction. Bulk decisions answer per offer.
 */
import { decideEach } from '../../admin/decideEach';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { nowIso } from '../../../lib/ids';
import { listResult, pageWindow } from '../../../lib/lists';
import { isLocale } from '../../../../shared/constants';
import { offerAuditAction, type OfferStatus } from '../../../../shared/offerMoves';
import { localizePath } from '../../../../shared/routes';
import * as audit from '../../audit/service';
import { enqueueMail } from '../../mail/outbox';
import { extrasOf } from '../companyService';
import { applyMove } from '../moves';
import { presentOffer } from '../presenter';
import * as repo from '../repository';
import type { ServiceContext } from '../../../serviceContext';

export interface AdminOffersQuery {
  status?: OfferStatus;
  text?: string;
  page?: number;
  size?: number;
}

export interface OfferDecision {
  status: OfferStatus;
  reason?: string;
}

export async function list(ctx: ServiceContext, query: AdminOffersQuery) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const filter = { status: query.status, text: query.text };
  // a queue is worked from its head: oldest first
  const [total, rows] = await Promise.all([
    repo.countOffers(db, filter),
    repo.pageOffers(db, filter, { field: 'cdate', direction: 'asc' }, size, offset),
  ]);
  const extras = await extrasOf(ctx, rows);
  return listResult(
    rows.map((row) => presentOffer(row, 'admin', extras.get(row.hash)!)),
    total,
    size,
  );
}

export async function detail(ctx: ServiceContext, hash: string) {
  const { db } = ctx;
  const row = await repo.findOffer(db, hash);
  if (!row) throw AppError.notFound('offers.notFound');
  const extras = await extrasOf(ctx, [row], true);
  return presentOffer(row, 'admin', extras.get(hash)!);
}

export async function decide(ctx: ServiceContext, hash: string, decision: OfferDecision) {
  const { db, config, actor: admin, lng } = ctx;
  const reason = decision.reason?.trim() || null;
  if (decision.status === 'REJECTED' && !reason)
    throw AppError.badRequest('validation.failed', [
      { field: 'reason', message: translate(lng, 'offers.reasonRequired') },
    ]);
  await db.transaction().execute(async (trx) => {
    const offer = await repo.findOffer(trx, hash);
    if (!offer) throw AppError.notFound('offers.notFound');
    await applyMove(trx, offer, {
      to: decision.status,
      by: 'admin',
      actorHash: admin.hash!,
      reason,
      expiryDays: config.offerExpiryDays,
    });
    await audit.record(
      { ...ctx, db: trx },
      {
        adminHash: admin.hash!,
        action: offerAuditAction(offer.status, decision.status),
        targetType: 'job',
        targetHash: hash,
        data: {
          from: offer.status,
          to: decision.status,
          reason,
          label: `${offer.title} · ${offer.company_name}`,
          email: offer.company_email,
          admin_email: admin.email,
        },
        at: nowIso(),
      },
    );
    const language = isLocale(offer.company_language) ? offer.company_language : 'es';
    const base = config.publicUrl.replace(/\/$/, '');
    if (decision.status === 'PUBLISHED') {
      await enqueueMail(trx, {
        to: offer.company_email,
        language,
        template: 'job.published',
        data: { title: offer.title, link: `${base}${localizePath('company.jobs', language)}` },
      });
    } else {
      const link = `${base}${localizePath('company.jobs.edit', language, { hash })}`;
      await enqueueMail(trx, {
        to: offer.company_email,
        language,
        template: 'job.rejected',
        data: { title: offer.title, reason, link, takenDown: offer.status === 'PUBLISHED' },
      });
    }
  });
  return detail(ctx, hash);
}

/** The same decision for several offers, each in its own transaction: one refusal does not undo the others. */
export async function decideMany(ctx: ServiceContext, hashes: string[], decision: OfferDecision) {
  return decideEach(hashes, ctx.lng, (hash) => decide(ctx, hash, decision));
}
