/**
 * The demo's membership (issue 13): bold@demo.test pays by a saved sandbox card (Visa •••• 4242), renews every year on
 * its date and has last year's receipt; gratis@demo.test is in the free period, to be paid by card when it ends (no card
 * yet: the card page asks for one). Everything else about payments starts empty.
 */
import type { Insertable } from 'kysely';
import type { CardsTable, PaymentsTable, SubscriptionsTable } from '../types';

type Member = { hash: string; subscription_end?: string | null };

const minusYear = (iso: string) => {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() - 1);
  return date.toISOString();
};

export function demoMembership(bold: Member, gratis: Member, hash: () => string, now: Date) {
  const boldEnd = bold.subscription_end!;
  const start = minusYear(boldEnd);
  const paidAt = new Date(Math.min(Date.parse(start), now.getTime())).toISOString();
  const cards: Insertable<CardsTable>[] = [
    {
      hash: hash(),
      user_hash: bold.hash,
      provider_token: `sbx_demo_${hash()}`,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: now.getUTCFullYear() + 4,
      is_default: 1,
      created_at: paidAt,
    },
  ];
  const boldSubscription = hash();
  const subscriptions: Insertable<SubscriptionsTable>[] = [
    {
      hash: boldSubscription,
      user_hash: bold.hash,
      card_hash: null,
      status: 'ACTIVE',
      amount_cents: 5000,
      current_period_end: boldEnd,
      period_start: start,
      next_charge_at: boldEnd,
      created_at: paidAt,
      cancelled_at: null,
      method: 'CARD',
      renew: 1,
      failures: 0,
      last_failure: null,
    },
    {
      hash: hash(),
      user_hash: gratis.hash,
      card_hash: null,
      status: 'ACTIVE',
      amount_cents: 5000,
      current_period_end: gratis.subscription_end!,
      period_start: now.toISOString(),
      next_charge_at: gratis.subscription_end!,
      created_at: now.toISOString(),
      cancelled_at: null,
      method: 'CARD',
      renew: 1,
      failures: 0,
      last_failure: null,
    },
  ];
  const payments: Insertable<PaymentsTable>[] = [
    {
      hash: hash(),
      user_hash: bold.hash,
      subscription_hash: boldSubscription,
      method: 'CARD',
      status: 'PAID',
      amount_cents: 5000,
      period_start: start,
      period_end: boldEnd,
      attempt: 1,
      card_label: 'visa •••• 4242',
      mandate_ref: null,
      provider_ref: `sbx_ch_demo`,
      result: null,
      receipt_number: `R-${paidAt.slice(0, 4)}-000001`,
      sepa_batch: null,
      created_at: paidAt,
      settled_at: paidAt,
    },
  ];
  return { cards, subscriptions, payments };
}
