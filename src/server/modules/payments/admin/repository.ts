/** The back office's reads and writes of subscriptions, payments and SEPA batches; every function takes `db | trx`. */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../../db/types';
import { likePattern } from '../../../../shared/text';
import type { Conn } from '../../../db/conn';

export interface SubscriptionFilter {
  status?: string;
  method?: string;
  q?: string;
}

export interface PaymentFilter extends SubscriptionFilter {
  from?: string;
  to?: string;
}

const MEMBER = [
  'users.hash as user_hash',
  'users.name',
  'users.surname1',
  'users.surname2',
  'users.email',
  'users.code_numeric',
] as const;

function subscriptions(db: Conn, filter: SubscriptionFilter) {
  let query = db.selectFrom('subscriptions').innerJoin('users', 'users.hash', 'subscriptions.user_hash');
  const text = filter.q ? likePattern(filter.q) : null;
  if (text)
    query = query.where((eb) =>
      eb.or([eb('users.search_text', 'like', text), eb(eb.fn('lower', ['users.email']), 'like', text)]),
    );
  if (filter.status) query = query.where('subscriptions.status', '=', filter.status);
  if (filter.method) query = query.where('subscriptions.method', '=', filter.method);
  return query;
}

export async function countSubscriptions(db: Conn, filter: SubscriptionFilter) {
  const row = await subscriptions(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageSubscriptions(db: Conn, filter: SubscriptionFilter, limit: number, offset: number) {
  return subscriptions(db, filter)
    .select([
      ...MEMBER,
      'subscriptions.hash',
      'subscriptions.status',
      'subscriptions.method',
      'subscriptions.renew',
      'subscriptions.amount_cents',
      'subscriptions.current_period_end',
      'subscriptions.next_charge_at',
      'subscriptions.failures',
      'subscriptions.last_failure',
      'subscriptions.created_at',
      'subscriptions.ended_at',
    ])
    .orderBy('subscriptions.created_at', 'desc')
    .orderBy('subscriptions.hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** `to` is inclusive: every moment of that day. */
const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

function payments(db: Conn, filter: PaymentFilter) {
  let query = db.selectFrom('payments').innerJoin('users', 'users.hash', 'payments.user_hash');
  const text = filter.q ? likePattern(filter.q) : null;
  if (text)
    query = query.where((eb) =>
      eb.or([eb('users.search_text', 'like', text), eb(eb.fn('lower', ['users.email']), 'like', text)]),
    );
  if (filter.status) query = query.where('payments.status', '=', filter.status);
  if (filter.method) query = query.where('payments.method', '=', filter.method);
  if (filter.from) query = query.where('payments.created_at', '>=', filter.from);
  if (filter.to) query = query.where('payments.created_at', '<=', endOfDay(filter.to));
  return query;
}

const PAYMENT_COLUMNS = [
  'payments.hash',
  'payments.status',
  'payments.method',
  'payments.amount_cents',
  'payments.refunded_cents',
  'payments.period_start',
  'payments.period_end',
  'payments.attempt',
  'payments.card_label',
  'payments.mandate_ref',
  'payments.receipt_number',
  'payments.sepa_batch',
  'payments.created_at',
  'payments.settled_at',
  'payments.result',
] as const;

export async function countPayments(db: Conn, filter: PaymentFilter) {
  const row = await payments(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pagePayments(db: Conn, filter: PaymentFilter, limit: number | null, offset = 0) {
  const query = payments(db, filter)
    .select([...MEMBER, ...PAYMENT_COLUMNS])
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.hash');
  return (limit === null ? query : query.limit(limit).offset(offset)).execute();
}

export function findPayment(db: Conn, hash: string) {
  return db.selectFrom('payments').selectAll().where('hash', '=', hash).executeTakeFirst();
}

/**
 * Adds `amount` to what was refunded of a PAID payment, only if that never exceeds what was paid; the payment becomes
 * REFUNDED when nothing is left. Guarded in one statement, so two refunds at once can never give back more than was paid.
 */
export async function addRefund(db: Conn, hash: string, amount: number): Promise<boolean> {
  const moved = await db
    .updateTable('payments')
    .set({
      refunded_cents: sql<number>`refunded_cents + ${amount}`,
      status: sql<string>`case when refunded_cents + ${amount} >= amount_cents then 'REFUNDED' else 'PAID' end`,
    })
    .where('hash', '=', hash)
    .where('status', '=', 'PAID')
    .where(sql<boolean>`refunded_cents + ${amount} <= amount_cents`)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** A debit's mandate is live (not revoked, not deleted with its account): the only ones a SEPA file may collect under. */
const underLiveMandate = (eb: ExpressionBuilder<Database, 'payments'>) =>
  eb.exists(
    eb
      .selectFrom('debit_mandates')
      .select('debit_mandates.reference')
      .whereRef('debit_mandates.reference', '=', 'payments.mandate_ref')
      .where('debit_mandates.revoked_at', 'is', null),
  );

/** Direct debits waiting for a SEPA file, under a live mandate. */
export function unbatchedDebits(db: Conn) {
  return db
    .selectFrom('payments')
    .select('hash')
    .where('method', '=', 'DEBIT')
    .where('status', '=', 'PENDING')
    .where('sepa_batch', 'is', null)
    .where('mandate_ref', 'is not', null)
    .where(underLiveMandate)
    .execute();
}

/**
 * Puts the still-unbatched debits among `hashes` into `batch` (guarded: a debit goes into one file only, and only while
 * its mandate is live — a revocation that cancelled it, or got there first, keeps it out).
 */
export async function markBatch(db: Conn, hashes: string[], batch: string): Promise<number> {
  if (hashes.length === 0) return 0;
  const moved = await db
    .updateTable('payments')
    .set({ sepa_batch: batch })
    .where('hash', 'in', hashes)
    .where('sepa_batch', 'is', null)
    .where('status', '=', 'PENDING')
    .where(underLiveMandate)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

/** A batch's debits with their mandate and member (the lines of its SEPA file). */
export function batchLines(db: Conn, batch: string) {
  return db
    .selectFrom('payments')
    .innerJoin('debit_mandates', 'debit_mandates.reference', 'payments.mandate_ref')
    .innerJoin('users', 'users.hash', 'payments.user_hash')
    .select([
      'payments.hash',
      'payments.amount_cents',
      'payments.period_start',
      'payments.receipt_number',
      'payments.mandate_ref',
      'debit_mandates.iban',
      'debit_mandates.holder',
      'debit_mandates.accepted_at',
      'users.code_numeric',
    ])
    .where('payments.sepa_batch', '=', batch)
    .orderBy('payments.created_at')
    .orderBy('payments.hash')
    .execute();
}

/** Mandates among `refs` already collected in an earlier batch (not returned): their next debit is RCUR, else FRST. */
export async function mandatesUsedBefore(db: Conn, refs: string[], batch: string): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .selectFrom('payments')
    .select('mandate_ref')
    .distinct()
    .where('mandate_ref', 'in', refs)
    .where('sepa_batch', 'is not', null)
    .where('sepa_batch', '<', batch)
    .where('status', '<>', 'RETURNED')
    .execute();
  return new Set(rows.map((row) => row.mandate_ref!));
}

/** The audit row written when a batch was exported: its collection date and creation time rebuild the same file. */
export function batchExport(db: Conn, batch: string) {
  return db
    .selectFrom('audit_log')
    .select(['data', 'created_at'])
    .where('action', '=', 'sepa.exported')
    .where('target_type', '=', 'sepa')
    .where('target_hash', '=', batch)
    .executeTakeFirst();
}
