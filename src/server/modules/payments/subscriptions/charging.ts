/**
 * Charging a subscription (issue 13 §3–§5), shared by the renewal job and a Regular member's upgrade. A charge pays the
 * year that starts where the subscription's current period ends. Each attempt is first written as a PENDING payment
 * (unique per subscription, period and attempt — a second instance or a replay cannot start it again), then the
 * provider is asked, then the outcome is applied in one transaction:
 * - paid: the year is the member's (role BOLD, `subscription_end`), a numbered receipt is e-mailed as a PDF;
 * - declined: retried after RETRY_DAYS with an e-mail each time; after the last attempt the subscription ends and the
 *   member becomes REGULAR;
 * - direct debit: the payment waits for the back office's SEPA file and the year is granted at once; a returned debit
 *   takes the year back and follows the declined path.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { ServiceContext } from '../../../serviceContext';
import { isLocale, type Locale } from '../../../../shared/constants';
import { localizePath } from '../../../../shared/routes';
import type { SubscriptionsTable } from '../../../db/types';
import { newHash, nowIso } from '../../../lib/ids';
import type { Conn } from '../../../db/conn';
import { enqueueMail } from '../../mail/outbox';
import { paymentProvider } from '../provider';
import * as repo from './repository';
import type { Selectable } from 'kysely';

/** Days to wait after the 1st, 2nd and 3rd failed attempt: four attempts over a week, then the membership ends. */
export const RETRY_DAYS = [2, 3, 2] as const;
export const MAX_ATTEMPTS = RETRY_DAYS.length + 1;
const DAY_MS = 86_400_000;

export type Subscription = Selectable<SubscriptionsTable>;
export type ChargeOutcome = { status: 'PAID' | 'PENDING' | 'DECLINED' | 'SKIPPED'; result?: string; payment?: string };

export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

export const formatAmount = (cents: number, lng: Locale) =>
  new Intl.NumberFormat(lng, { style: 'currency', currency: 'EUR' }).format(cents / 100);
export const formatDay = (iso: string, lng: Locale) =>
  new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

export async function mailMember(
  ctx: ServiceContext,
  db: Conn,
  userHash: string,
  template: 'membership.receipt' | 'membership.paymentFailed' | 'membership.ended' | 'membership.cancelled',
  data: (lng: Locale) => Record<string, unknown>,
  receipt?: string,
) {
  const member = await repo.memberOf(db, userHash);
  if (!member || member.status === 'DELETED') return;
  const language: Locale = isLocale(member.language) ? member.language : 'es';
  const link = `${ctx.config.publicUrl}${localizePath('user.card', language)}`;
  await enqueueMail(db, {
    to: member.email,
    language,
    template,
    data: { name: member.name, link, ...data(language) },
    ...(receipt ? { attachments: [{ receipt }] } : {}),
  });
}

/** A paid charge: the year is the member's. */
export async function applyPaid(
  ctx: ServiceContext,
  trx: Conn,
  paymentHash: string,
  providerRef: string | null,
  at: Date,
): Promise<boolean> {
  const payment = await repo.findPayment(trx, paymentHash);
  if (!payment) return false;
  // the member's row first, as every membership change does: one lock order, no deadlock between them
  await repo.lockMember(trx, ctx.dialect, payment.user_hash);
  const receipt = await repo.nextReceiptNumber(trx, at.getUTCFullYear());
  if (
    !(await repo.settlePayment(trx, paymentHash, ['PENDING'], {
      status: 'PAID',
      provider_ref: providerRef ?? payment.provider_ref,
      receipt_number: receipt,
      settled_at: nowIso(at),
    }))
  )
    return false;
  const subscription = await repo.findSubscription(trx, payment.subscription_hash);
  if (!subscription) return false;
  // a debit already granted its year when it was due; a card grants it now
  if (payment.method === 'CARD') await grantYear(trx, subscription, payment.period_start, payment.period_end, at);
  await mailMember(
    ctx,
    trx,
    payment.user_hash,
    'membership.receipt',
    (lng) => ({
      amount: formatAmount(payment.amount_cents, lng),
      number: receipt,
      until: formatDay(payment.period_end, lng),
    }),
    paymentHash,
  );
  return true;
}

async function grantYear(trx: Conn, subscription: Subscription, start: string, end: string, at: Date) {
  await repo.updateSubscription(trx, subscription.hash, repo.RUNNING, {
    status: 'ACTIVE',
    failures: 0,
    last_failure: null,
    period_start: start,
    current_period_end: end,
    next_charge_at: subscription.renew === 1 ? end : null,
  });
  await repo.setRole(trx, subscription.user_hash, 'BOLD', end, nowIso(at));
}

/**
 * A failed attempt (declined card, no card, returned debit): retried later with an e-mail, or, after the last attempt,
 * the end of the membership. `interactive`: the member is paying now (an upgrade) and hears it at once — no retries.
 */
export async function applyFailed(
  ctx: ServiceContext,
  trx: Conn,
  paymentHash: string,
  status: 'FAILED' | 'RETURNED',
  result: string,
  at: Date,
  interactive = false,
): Promise<boolean> {
  const payment = await repo.findPayment(trx, paymentHash);
  if (!payment) return false;
  await repo.lockMember(trx, ctx.dialect, payment.user_hash);
  const from = status === 'RETURNED' ? ['PENDING', 'PAID'] : ['PENDING'];
  if (!(await repo.settlePayment(trx, paymentHash, from, { status, result, settled_at: nowIso(at) }))) return false;
  const subscription = await repo.findSubscription(trx, payment.subscription_hash);
  if (!subscription || subscription.status === 'ENDED') return true;
  const failures = subscription.failures + 1;
  if (interactive) {
    await repo.updateSubscription(trx, subscription.hash, repo.RUNNING, {
      status: 'ENDED',
      ended_at: nowIso(at),
      next_charge_at: null,
      failures,
      last_failure: result,
    });
    return true;
  }
  if (status === 'RETURNED') {
    // the year granted when the debit was due goes back until a later attempt pays it
    await repo.updateSubscription(trx, subscription.hash, repo.RUNNING, { current_period_end: payment.period_start });
    const member = await repo.memberOf(trx, subscription.user_hash);
    if (member?.role === 'BOLD')
      await repo.setRole(trx, subscription.user_hash, 'BOLD', payment.period_start, nowIso(at));
  }
  if (failures < MAX_ATTEMPTS) {
    const next = nowIso(new Date(at.getTime() + RETRY_DAYS[failures - 1]! * DAY_MS));
    await repo.updateSubscription(trx, subscription.hash, repo.RUNNING, {
      status: 'PAST_DUE',
      failures,
      last_failure: result,
      next_charge_at: next,
    });
    await mailMember(ctx, trx, subscription.user_hash, 'membership.paymentFailed', (lng) => ({
      amount: formatAmount(payment.amount_cents, lng),
      date: formatDay(next, lng),
      reasonKey: result,
    }));
  } else {
    await endSubscription(ctx, trx, subscription, at, 'failed', result);
  }
  return true;
}

/** The end of a membership: the subscription ENDED, the member REGULAR (from the next request on), an e-mail. */
export async function endSubscription(
  ctx: ServiceContext,
  trx: Conn,
  subscription: Subscription,
  at: Date,
  why: 'failed' | 'cancelled',
  result?: string,
) {
  await repo.lockMember(trx, ctx.dialect, subscription.user_hash);
  if (
    !(await repo.updateSubscription(trx, subscription.hash, repo.RUNNING, {
      status: 'ENDED',
      ended_at: nowIso(at),
      next_charge_at: null,
      ...(result ? { failures: subscription.failures + 1, last_failure: result } : {}),
    }))
  )
    return;
  const member = await repo.memberOf(trx, subscription.user_hash);
  if (member && (member.role === 'BOLD' || member.role === 'GRATIS'))
    await repo.setRole(trx, subscription.user_hash, 'REGULAR', member.subscription_end, nowIso(at));
  await mailMember(ctx, trx, subscription.user_hash, 'membership.ended', () => ({ why }));
}

/** This attempt of this period was started already (another instance, a replayed job): nothing is charged again. */
function skipped(ctx: ServiceContext, subscription: Subscription): ChargeOutcome {
  ctx.log.warn(
    { subscription: subscription.hash, period: subscription.current_period_end, attempt: subscription.failures + 1 },
    'membership charge already started for this period and attempt: skipped',
  );
  return { status: 'SKIPPED' };
}

/** Charges the year due on one subscription (attempt = failures + 1). */
export async function chargeSubscription(
  ctx: ServiceContext,
  subscription: Subscription,
  at: Date,
  interactive = false,
): Promise<ChargeOutcome> {
  const periodStart = subscription.current_period_end;
  const periodEnd = addMonths(periodStart, 12);
  const payment = newHash();
  const base = {
    hash: payment,
    user_hash: subscription.user_hash,
    subscription_hash: subscription.hash,
    method: subscription.method,
    amount_cents: subscription.amount_cents,
    period_start: periodStart,
    period_end: periodEnd,
    attempt: subscription.failures + 1,
    created_at: nowIso(at),
    status: 'PENDING',
  };

  if (subscription.method === 'DEBIT') {
    return ctx.db.transaction().execute(async (trx) => {
      await repo.lockMember(trx, ctx.dialect, subscription.user_hash);
      const mandate = await repo.liveMandate(trx, subscription.user_hash);
      if (!(await repo.startPayment(trx, { ...base, mandate_ref: mandate?.reference ?? null })))
        return skipped(ctx, subscription);
      if (!mandate) {
        await applyFailed(ctx, trx, payment, 'FAILED', 'noMandate', at, interactive);
        return { status: 'DECLINED' as const, result: 'noMandate', payment };
      }
      // collected by the back office's next SEPA file; the year is granted now and taken back if the debit returns
      await grantYear(trx, subscription, periodStart, periodEnd, at);
      return { status: 'PENDING' as const, payment };
    });
  }

  const card = await repo.defaultCard(ctx.db, subscription.user_hash);
  const label = card ? `${card.brand} •••• ${card.last4}` : null;
  let charge = payment;
  let resumed = false;
  if (!(await repo.startPayment(ctx.db, { ...base, card_label: label }))) {
    const started = await repo.findAttempt(ctx.db, subscription.hash, periodStart, base.attempt);
    if (!started || !leftByStoppedRun(started, at)) return skipped(ctx, subscription);
    // recorded, then the run died before applying the outcome: asked again under the same order, which the
    // provider never charges twice (resume), and the outcome applied as if nothing had happened in between
    charge = started.hash;
    resumed = true;
    ctx.log.warn({ payment: charge, subscription: subscription.hash }, 'resuming a card charge left by a stopped run');
  }
  const outcome = await askProvider(ctx, card, charge, subscription, resumed);
  if (!outcome) return skipped(ctx, subscription);
  return ctx.db.transaction().execute(async (trx) => {
    if (outcome.status === 'PAID') {
      await applyPaid(ctx, trx, charge, outcome.reference ?? null, at);
      return { status: 'PAID' as const, payment: charge };
    }
    ctx.log.warn(
      { payment: charge, subscription: subscription.hash, result: outcome.result },
      'membership charge declined',
    );
    await applyFailed(ctx, trx, charge, 'FAILED', outcome.result ?? 'declined', at, interactive);
    return { status: 'DECLINED' as const, result: outcome.result ?? 'declined', payment: charge };
  });
}

/**
 * How long a PENDING card charge may take before it counts as left by a run that died (SIGKILL, a crash) between
 * recording it and applying the provider's answer: well past the provider's own timeout (30 s), and shorter than the
 * renewal task's lease, so the next run after the lease expired resolves it.
 */
export const RESUME_AFTER_MS = 5 * 60_000;

function leftByStoppedRun(payment: { status: string; method: string; created_at: string }, at: Date): boolean {
  return (
    payment.status === 'PENDING' &&
    payment.method === 'CARD' &&
    new Date(payment.created_at).getTime() <= at.getTime() - RESUME_AFTER_MS
  );
}

async function askProvider(
  ctx: ServiceContext,
  card: Awaited<ReturnType<typeof repo.defaultCard>>,
  payment: string,
  subscription: Subscription,
  resume: boolean,
): Promise<{ status: 'PAID' | 'DECLINED'; reference?: string; result?: string } | null> {
  if (!card) return { status: 'DECLINED', result: 'noCard' };
  try {
    return await paymentProvider(ctx.config).chargeStoredCard(ctx.config, {
      payment,
      token: card.provider_token,
      amountCents: subscription.amount_cents,
      description: `Alumni Bold ${subscription.current_period_end.slice(0, 10)}`,
      ...(resume ? { resume } : {}),
    });
  } catch (error) {
    ctx.log.error({ err: error, payment }, 'payment provider unreachable');
    // a resumed charge may have gone through the first time: it stays PENDING, asked again (same order) next run
    if (resume) return null;
    // a first send: nothing was charged that we know of; counted as a failed attempt and retried
    return { status: 'DECLINED', result: 'unreachable' };
  }
}

const BATCH = 200;

/**
 * The renewal job (DESIGN §1; a task, so one instance runs it at a time): ends, charges and retries what is due.
 * `signal` (the instance stopping) ends the run between two members, never inside one: the rest stay due for the
 * next run, on this instance or another.
 */
export async function runRenewals(ctx: ServiceContext, at: Date, signal?: AbortSignal) {
  const now = nowIso(at);
  const counts = { ended: 0, charged: 0, declined: 0, pending: 0, lapsed: 0, stopped: false };
  // between two members the event loop gets a turn: on SQLite (no I/O to wait for) a run would otherwise hold it to
  // its end, and neither requests nor a SIGTERM would be seen until then
  const go = async () => {
    await yieldToLoop();
    return !(counts.stopped ||= signal?.aborted === true);
  };
  for (const subscription of await repo.dueEnds(ctx.db, now, BATCH)) {
    if (!(await go())) return counts;
    await ctx.db.transaction().execute((trx) => endSubscription(ctx, trx, subscription, at, 'cancelled'));
    counts.ended++;
  }
  for (const subscription of await repo.dueCharges(ctx.db, now, BATCH)) {
    if (!(await go())) return counts;
    const outcome = await chargeSubscription(ctx, subscription, at);
    if (outcome.status === 'PAID') counts.charged++;
    else if (outcome.status === 'DECLINED') counts.declined++;
    else if (outcome.status === 'PENDING') counts.pending++;
  }
  for (const member of await repo.lapsedWithoutSubscription(ctx.db, now, BATCH)) {
    if (!(await go())) return counts;
    await ctx.db.transaction().execute(async (trx) => {
      await repo.setRole(trx, member.hash, 'REGULAR', member.subscription_end, now);
    });
    counts.lapsed++;
  }
  return counts;
}
