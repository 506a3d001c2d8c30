/**
 * Revoking a direct-debit mandate (issue 23 §4), by the member (DELETE /usr/users/mandate) or by a new account in their
 * settings, in the caller's transaction:
 * - a debit under it already in a SEPA file (sent to the bank, not yet answered) refuses the revocation (409
 *   payments.debitInCollection): the file is gone out and would be collected under a revoked mandate;
 * - a debit under it not yet in a file is CANCELLED, and the Bold year it opened goes back (subscription ended, the
 *   member Regular until where it started, an e-mail) — unless that period was paid another way, then Bold stays and,
 *   with no mandate left to renew it, renewal is turned off;
 * - with nothing uncollected, a member's own revocation is still refused while the mandate renews the membership
 *   (`refuseInUse`: 409 payments.mandateInUse, switch to a card first).
 */
import type { Locale } from '../../../../shared/constants';
import type { ServiceContext } from '../../../serviceContext';
import { normaliseIban } from '../../../../shared/formats';
import type { Config } from '../../../config';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { nowIso } from '../../../lib/ids';
import type { Conn } from '../../../db/conn';
import { formatDay, mailMember } from '../subscriptions/charging';
import * as repo from '../subscriptions/repository';

type Debit = Awaited<ReturnType<typeof repo.pendingDebitsUnder>>[number];

/** The association's own account (SEPA_CREDITOR_IBAN) is never a member's: compared in electronic form (spaces, case). */
export function isCreditorIban(config: Config, iban: string): boolean {
  const normal = normaliseIban(iban);
  return normal !== '' && normal === normaliseIban(config.sepaCreditor.iban);
}

export const creditorIbanError = (lng: Locale, field = 'payment.iban') =>
  AppError.badRequest('validation.failed', [{ field, message: translate(lng, 'payments.creditorIban', { field }) }]);

export async function revokeMandates(
  ctx: ServiceContext,
  trx: Conn,
  userHash: string,
  options: { refuseInUse: boolean },
  at = new Date(),
): Promise<void> {
  // the member's row first, as every membership change does: one lock order, no deadlock between them
  await repo.lockMember(trx, ctx.dialect, userHash);
  const refs = (await repo.liveMandateRefs(trx, userHash)).map((row) => row.reference);
  if (refs.length === 0) return;
  const debits = await repo.pendingDebitsUnder(trx, ctx.dialect, refs);
  if (debits.some((debit) => debit.sepa_batch !== null)) throw new AppError(409, 'payments.debitInCollection');
  if (debits.length === 0 && options.refuseInUse) {
    const running = await repo.findRunning(trx, userHash);
    if (running && running.method === 'DEBIT' && running.renew === 1) throw new AppError(409, 'payments.mandateInUse');
  }
  for (const debit of debits) await cancelDebit(ctx, trx, debit, at);
  await trx
    .updateTable('debit_mandates')
    .set({ revoked_at: nowIso(at) })
    .where('reference', 'in', refs)
    .where('revoked_at', 'is', null)
    .execute();
}

async function cancelDebit(ctx: ServiceContext, trx: Conn, debit: Debit, at: Date) {
  const now = nowIso(at);
  // locked above: a file cannot take it meanwhile; the guard says so if it did anyway
  if (!(await repo.cancelDebit(trx, debit.hash, now))) throw new AppError(409, 'payments.debitInCollection');
  const subscription = await repo.findSubscription(trx, debit.subscription_hash);
  const member = await repo.memberOf(trx, debit.user_hash);
  const running =
    subscription && (repo.RUNNING as readonly string[]).includes(subscription.status) ? subscription : null;
  const paidLater = !!member?.subscription_end && member.subscription_end > debit.period_end;
  if (paidLater || (await repo.periodPaidOtherwise(trx, debit))) {
    if (running && running.method === 'DEBIT' && running.renew === 1) {
      await repo.updateSubscription(trx, running.hash, repo.RUNNING, {
        renew: 0,
        cancelled_at: now,
        next_charge_at: null,
      });
      await mailMember(ctx, trx, debit.user_hash, 'membership.cancelled', (lng) => ({
        date: formatDay(running.current_period_end, lng),
      }));
    }
    return;
  }
  if (running)
    await repo.updateSubscription(trx, running.hash, repo.RUNNING, {
      status: 'ENDED',
      ended_at: now,
      next_charge_at: null,
      current_period_end: debit.period_start,
    });
  if (member && (member.role === 'BOLD' || member.role === 'GRATIS'))
    await repo.setRole(trx, debit.user_hash, 'REGULAR', debit.period_start, now);
  await mailMember(ctx, trx, debit.user_hash, 'membership.ended', () => ({ why: 'mandateRevoked' }));
}
