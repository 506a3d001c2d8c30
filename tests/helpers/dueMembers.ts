/** Bold members with a card renewal due (the renewal tests: kill-during-renewals, task-stop-between-items). */
import { addMonths } from '../../src/server/modules/payments/subscriptions/charging';
import { makeMember } from './admin';
import type { TestApp } from './app';

export interface DueMember {
  hash: string;
  email: string;
  token: string;
}

/**
 * `count` Bold members whose year ended at `periodEnd`, each with a card (`tokenOf(i, hash)`, the provider's token)
 * and a charge due at `periodEnd`. Every other subscription is moved out of the way, so a run charges exactly these.
 */
export async function makeDueMembers(
  t: TestApp,
  count: number,
  periodEnd: string,
  tokenOf: (i: number, hash: string) => string,
): Promise<DueMember[]> {
  const db = t.app.db;
  await db.updateTable('subscriptions').set({ next_charge_at: '2999-01-01T00:00:00.000Z' }).execute();
  const members: DueMember[] = [];
  for (let i = 0; i < count; i++) {
    const member = await makeMember(t, { status: 'VALIDATED', role: 'BOLD', emailConfirmed: true });
    const token = tokenOf(i, member.hash);
    await db.updateTable('users').set({ subscription_end: periodEnd }).where('hash', '=', member.hash).execute();
    const card = `c${member.hash}`.slice(0, 16);
    await db
      .insertInto('cards')
      .values({
        hash: card,
        user_hash: member.hash,
        provider_token: token,
        brand: 'visa',
        last4: '0004',
        exp_month: 12,
        exp_year: 2034,
        is_default: 1,
        created_at: periodEnd,
      })
      .execute();
    await db
      .insertInto('subscriptions')
      .values({
        hash: `s${member.hash}`.slice(0, 16),
        user_hash: member.hash,
        card_hash: card,
        status: 'ACTIVE',
        method: 'CARD',
        renew: 1,
        amount_cents: 4000,
        period_start: addMonths(periodEnd, -12),
        current_period_end: periodEnd,
        next_charge_at: periodEnd,
        created_at: periodEnd,
        cancelled_at: null,
      })
      .execute();
    members.push({ ...member, token });
  }
  return members;
}

/** Per member: the payments of the period, receipt mails, and the year granted on the subscription and the member. */
export async function renewalState(t: TestApp, members: DueMember[]) {
  const db = t.app.db;
  const states = [];
  for (const member of members) {
    const payments = await db
      .selectFrom('payments')
      .select(['status', 'receipt_number', 'period_start', 'period_end'])
      .where('user_hash', '=', member.hash)
      .execute();
    const subscription = await db
      .selectFrom('subscriptions')
      .select(['status', 'current_period_end', 'next_charge_at'])
      .where('user_hash', '=', member.hash)
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom('users')
      .select(['role', 'subscription_end'])
      .where('hash', '=', member.hash)
      .executeTakeFirstOrThrow();
    const receipts = await db
      .selectFrom('email_outbox')
      .select('hash')
      .where('to_address', '=', member.email)
      .where('template', '=', 'membership.receipt')
      .execute();
    states.push({
      payments: payments.map((p) => [p.status, p.receipt_number !== null, p.period_start, p.period_end]),
      receiptMails: receipts.length,
      subscription: [subscription.status, subscription.current_period_end, subscription.next_charge_at],
      member: [user.role, user.subscription_end],
    });
  }
  return states;
}

/** The state of a member renewed once for the year after `periodEnd`. */
export function renewedOnce(periodEnd: string) {
  const year = addMonths(periodEnd, 12);
  return {
    payments: [['PAID', true, periodEnd, year]],
    receiptMails: 1,
    subscription: ['ACTIVE', year, year],
    member: ['BOLD', year],
  };
}
