/**
 * The member's membership (issue 13 §3–§4; SPEC §2 "virtual card", §7): what it is (`GET /usr/subscription`), becoming
 * Bold or turning renewal back on (`POST /usr/subscription/{id}/create`, `id` = the card to charge, or `iban` for direct
 * debit), turning renewal off (`DELETE /usr/users/subscription`: Bold until the paid period ends), the receipts, and the
 * direct-debit mandate. A Regular member pays the first year at once; a member already Bold or in the free period
 * (without a running subscription) is charged when their current period ends.
 */
import { PAGE_SIZES, type Locale } from '../../../../shared/constants';
import type { ServiceContext } from '../../../serviceContext';
import { maskIban } from '../../../../shared/profile';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { newHash, nowIso } from '../../../lib/ids';
import { listResult, pageWindow, type PageQuery } from '../../../lib/lists';
import type { Actor } from '../../../types';
import { uniqueViolation } from '../../accounts/repository';
import { readMembershipTerms } from '../../init/repository';
import { enqueueMail } from '../../mail/outbox';
import { localizePath } from '../../../../shared/routes';
import { receiptPdf } from '../receipts/pdf';
import { chargeSubscription, formatDay } from './charging';
import { requireCardPayments } from '../provider';
import * as repo from './repository';

const memberHash = (actor: Actor) => {
  if (actor.type !== 'user' || !actor.hash) throw AppError.unauthorized();
  return actor.hash;
};

export async function show(ctx: ServiceContext) {
  const { actor } = ctx;
  const user = memberHash(actor);
  const [member, running, card, mandate, terms] = await Promise.all([
    repo.memberOf(ctx.db, user),
    repo.findRunning(ctx.db, user),
    repo.defaultCard(ctx.db, user),
    repo.liveMandate(ctx.db, user),
    readMembershipTerms(ctx.db),
  ]);
  if (!member) throw AppError.notFound();
  return {
    role: member.role,
    valid_until: member.subscription_end,
    price_cents: Math.round(terms.priceEuros * 100),
    free_period_months: terms.freePeriodMonths,
    subscription: running
      ? {
          hash: running.hash,
          status: running.status,
          method: running.method,
          renew: running.renew === 1,
          amount_cents: running.amount_cents,
          current_period_end: running.current_period_end,
          next_charge_at: running.next_charge_at,
          failures: running.failures,
          last_failure: running.last_failure,
        }
      : null,
    card: card
      ? { hash: card.hash, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year }
      : null,
    iban: member.iban ? maskIban(member.iban) : null,
    mandate: mandate ? { reference: mandate.reference, accepted_at: mandate.accepted_at } : null,
  };
}

function declined(lng: Locale, result: string): AppError {
  const key = `payments.declined.${result}`;
  const text = translate(lng, key);
  return new AppError(402, text === key ? 'payments.declined.declined' : key);
}

/** `id`: a card of the member's, or `iban` (direct debit, with an accepted mandate). */
export async function create(ctx: ServiceContext, id: string) {
  const { actor, lng } = ctx;
  const user = memberHash(actor);
  const method = id === 'iban' ? 'DEBIT' : 'CARD';
  const now = new Date();
  const started = await ctx.db.transaction().execute(async (trx) => {
    const member = await repo.lockMember(trx, ctx.dialect, user);
    if (!member || member.status !== 'VALIDATED') throw AppError.forbidden();
    if (method === 'CARD') {
      requireCardPayments(ctx.config);
      if (!(await repo.findMemberCard(trx, user, id))) throw AppError.notFound();
      await trx
        .updateTable('cards')
        .set({ is_default: 0 })
        .where('user_hash', '=', user)
        .where('hash', '<>', id)
        .execute();
      await trx
        .updateTable('cards')
        .set({ is_default: 1 })
        .where('user_hash', '=', user)
        .where('hash', '=', id)
        .execute();
    } else if (!(await repo.liveMandate(trx, user))) throw new AppError(409, 'payments.noMandate');

    const running = await repo.findRunning(trx, user);
    if (running) {
      // keeping (or changing how to pay) a running membership: renew again at the end of the paid period
      await repo.updateSubscription(trx, running.hash, repo.RUNNING, {
        method,
        renew: 1,
        cancelled_at: null,
        next_charge_at: running.status === 'ACTIVE' ? running.current_period_end : running.next_charge_at,
      });
      return null;
    }
    const terms = await readMembershipTerms(trx);
    const until =
      member.subscription_end && member.subscription_end > nowIso(now) && member.role !== 'REGULAR'
        ? member.subscription_end
        : nowIso(now);
    const hash = newHash();
    try {
      await repo.insertSubscription(trx, {
        hash,
        user_hash: user,
        card_hash: null,
        status: 'ACTIVE',
        amount_cents: Math.round(terms.priceEuros * 100),
        current_period_end: until,
        period_start: null,
        next_charge_at: until,
        created_at: nowIso(now),
        cancelled_at: null,
        method,
        renew: 1,
        failures: 0,
        last_failure: null,
      });
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError(409, 'payments.alreadySubscribed');
      throw error;
    }
    return until <= nowIso(now) ? hash : null;
  });
  if (started) {
    // a Regular member pays the first year now; a decline ends this attempt at once (they are here to try again)
    const subscription = (await repo.findSubscription(ctx.db, started))!;
    const outcome = await chargeSubscription(ctx, subscription, now, true);
    if (outcome.status === 'DECLINED') throw declined(lng, outcome.result ?? 'declined');
  }
  return show(ctx);
}

/** Turns renewal off: Bold until the paid period ends, then Regular (the renewal job ends it), with an e-mail now. */
export async function cancel(ctx: ServiceContext) {
  const { actor } = ctx;
  const user = memberHash(actor);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, ctx.dialect, user);
    const running = await repo.findRunning(trx, user);
    if (!running) throw new AppError(404, 'payments.noSubscription');
    if (running.renew === 0) return;
    await repo.updateSubscription(trx, running.hash, repo.RUNNING, {
      renew: 0,
      cancelled_at: nowIso(),
      next_charge_at: null,
    });
    const member = (await repo.memberOf(trx, user))!;
    const language = (['es', 'en', 'ca'] as const).find((l) => l === member.language) ?? 'es';
    const link = `${ctx.config.publicUrl}${localizePath('user.card', language)}`;
    await enqueueMail(trx, {
      to: member.email,
      language,
      template: 'membership.cancelled',
      data: { name: member.name, link, date: formatDay(running.current_period_end, language) },
    });
  });
  return show(ctx);
}

export async function payments(ctx: ServiceContext, query: PageQuery) {
  const { actor } = ctx;
  const user = memberHash(actor);
  const { size, offset } = pageWindow(query, PAGE_SIZES.cards);
  const [total, rows] = await Promise.all([
    repo.countUserPayments(ctx.db, user),
    repo.pageUserPayments(ctx.db, user, size, offset),
  ]);
  return listResult(rows, total, size);
}

export async function receipt(ctx: ServiceContext, hash: string) {
  const { actor } = ctx;
  const user = memberHash(actor);
  if (!(await repo.findUserPayment(ctx.db, user, hash))) throw AppError.notFound();
  const made = await receiptPdf(ctx.db, hash);
  if (!made) throw AppError.notFound();
  return made;
}
