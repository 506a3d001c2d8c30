/** Subscriptions and their payments (issue 13 §3); every function takes `db | trx`, the caller owns the transaction. */
import type { Insertable, Updateable } from 'kysely';
import type { PaymentsTable, SubscriptionsTable } from '../../../db/types';
import type { Role } from '../../../../shared/permissions';
import type { Conn } from '../../../db/conn';
import type { DialectName } from '../../../db/dialect';

/** A running subscription is ACTIVE or PAST_DUE (a charge failed and is being retried). */
export const RUNNING = ['ACTIVE', 'PAST_DUE'] as const;

export function findRunning(db: Conn, userHash: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_hash', '=', userHash)
    .where('status', 'in', RUNNING)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function findSubscription(db: Conn, hash: string) {
  return db.selectFrom('subscriptions').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export async function insertSubscription(db: Conn, row: Insertable<SubscriptionsTable>) {
  await db.insertInto('subscriptions').values(row).execute();
}

/** A guarded change: only if the subscription is still in one of `from` (answers whether it moved). */
export async function updateSubscription(
  db: Conn,
  hash: string,
  from: readonly string[],
  changes: Updateable<SubscriptionsTable>,
): Promise<boolean> {
  const moved = await db
    .updateTable('subscriptions')
    .set(changes)
    .where('hash', '=', hash)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Running subscriptions with a charge (or retry) due at `at`. */
export function dueCharges(db: Conn, at: string, limit: number) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', 'in', RUNNING)
    .where('renew', '=', 1)
    .where('next_charge_at', '<=', at)
    .orderBy('next_charge_at')
    .limit(limit)
    .execute();
}

/** Subscriptions whose renewal was turned off and whose paid period is over. */
export function dueEnds(db: Conn, at: string, limit: number) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', 'in', RUNNING)
    .where('renew', '=', 0)
    .where('current_period_end', '<=', at)
    .limit(limit)
    .execute();
}

/** Bold or free-period members past their end date with no running subscription (accounts from before payments). */
export function lapsedWithoutSubscription(db: Conn, at: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['hash', 'email', 'name', 'language', 'role', 'subscription_end'])
    .where('role', 'in', ['BOLD', 'GRATIS'])
    .where('subscription_end', '<=', at)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscriptions')
            .select('hash')
            .whereRef('subscriptions.user_hash', '=', 'users.hash')
            .where('status', 'in', RUNNING),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/**
 * Starts one charge attempt: the unique (subscription, period, attempt) makes a second start of the same attempt fail,
 * whichever instance or replay tries it, so an attempt is charged at most once. Answers false when it already exists.
 */
export async function startPayment(db: Conn, row: Insertable<PaymentsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('payments')
    .values(row)
    .onConflict((oc) => oc.columns(['subscription_hash', 'period_start', 'attempt']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The payment of one attempt (what startPayment found already there). */
export function findAttempt(db: Conn, subscriptionHash: string, periodStart: string, attempt: number) {
  return db
    .selectFrom('payments')
    .select(['hash', 'status', 'method', 'created_at'])
    .where('subscription_hash', '=', subscriptionHash)
    .where('period_start', '=', periodStart)
    .where('attempt', '=', attempt)
    .executeTakeFirst();
}

export async function settlePayment(
  db: Conn,
  hash: string,
  from: readonly string[],
  changes: Updateable<PaymentsTable>,
): Promise<boolean> {
  const moved = await db
    .updateTable('payments')
    .set(changes)
    .where('hash', '=', hash)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export function findPayment(db: Conn, hash: string) {
  return db.selectFrom('payments').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export function findUserPayment(db: Conn, userHash: string, hash: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_hash', '=', userHash)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

export async function countUserPayments(db: Conn, userHash: string) {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_hash', '=', userHash)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageUserPayments(db: Conn, userHash: string, limit: number, offset: number) {
  return db
    .selectFrom('payments')
    .select([
      'hash',
      'method',
      'status',
      'amount_cents',
      'refunded_cents',
      'period_start',
      'period_end',
      'card_label',
      'mandate_ref',
      'result',
      'receipt_number',
      'created_at',
      'settled_at',
    ])
    .where('user_hash', '=', userHash)
    .orderBy('created_at', 'desc')
    .orderBy('hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The next receipt number of a year: R-2027-000001 … (counted inside the paying transaction; unique in the table). */
export async function nextReceiptNumber(db: Conn, year: number): Promise<string> {
  const prefix = `R-${year}-`;
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.max('receipt_number').as('last'))
    .where('receipt_number', 'like', `${prefix}%`)
    .executeTakeFirst();
  const last = typeof row?.last === 'string' ? Number(row.last.slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(6, '0')}`;
}

export function defaultCard(db: Conn, userHash: string) {
  return db
    .selectFrom('cards')
    .select(['hash', 'provider_token', 'brand', 'last4', 'exp_month', 'exp_year'])
    .where('user_hash', '=', userHash)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function findMemberCard(db: Conn, userHash: string, hash: string) {
  return db
    .selectFrom('cards')
    .select(['hash', 'provider_token', 'brand', 'last4'])
    .where('user_hash', '=', userHash)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/**
 * Whether the member has a way to pay the renewal (issue 25 §4): a card on file, or a live direct-debit mandate (a
 * debit needs one; an IBAN alone is charged nothing). The free-period guard reads it from GET /usr/users/me.
 */
export async function hasPaymentMethod(db: Conn, userHash: string): Promise<boolean> {
  const [card, mandate] = await Promise.all([
    db.selectFrom('cards').select('hash').where('user_hash', '=', userHash).limit(1).executeTakeFirst(),
    db
      .selectFrom('debit_mandates')
      .select('reference')
      .where('user_hash', '=', userHash)
      .where('revoked_at', 'is', null)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Boolean(card || mandate);
}

export function liveMandate(db: Conn, userHash: string) {
  return db
    .selectFrom('debit_mandates')
    .selectAll()
    .where('user_hash', '=', userHash)
    .where('revoked_at', 'is', null)
    .orderBy('accepted_at', 'desc')
    .executeTakeFirst();
}

/** What a membership change reads of a member. */
const MEMBER_COLUMNS = [
  'hash',
  'email',
  'name',
  'surname1',
  'surname2',
  'language',
  'role',
  'status',
  'subscription_end',
  'iban',
  'code_numeric',
  'data',
] as const;

/** The member, row-locked on PostgreSQL until the transaction ends: one membership change per member at a time. */
export function lockMember(db: Conn, dialect: DialectName, userHash: string) {
  const query = db.selectFrom('users').select(MEMBER_COLUMNS).where('hash', '=', userHash);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export function memberOf(db: Conn, userHash: string) {
  return db.selectFrom('users').select(MEMBER_COLUMNS).where('hash', '=', userHash).executeTakeFirst();
}

export async function setRole(db: Conn, userHash: string, role: Role, subscriptionEnd: string | null, at: string) {
  await db
    .updateTable('users')
    .set({ role, subscription_end: subscriptionEnd, updated_at: at })
    .where('hash', '=', userHash)
    .execute();
}

export function liveMandateRefs(db: Conn, userHash: string) {
  return db
    .selectFrom('debit_mandates')
    .select('reference')
    .where('user_hash', '=', userHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The uncollected debits under `refs`, row-locked on PostgreSQL (after the member's row: the one lock order). */
export function pendingDebitsUnder(db: Conn, dialect: DialectName, refs: string[]) {
  const query = db
    .selectFrom('payments')
    .selectAll()
    .where('method', '=', 'DEBIT')
    .where('status', '=', 'PENDING')
    .where('mandate_ref', 'in', refs)
    .orderBy('hash');
  return (dialect === 'postgres' ? query.forUpdate() : query).execute();
}

/** A debit not yet in a SEPA file is cancelled (guarded: one sent to the bank meanwhile is not). */
export async function cancelDebit(db: Conn, hash: string, at: string): Promise<boolean> {
  const moved = await db
    .updateTable('payments')
    .set({ status: 'CANCELLED', result: 'mandateRevoked', settled_at: at })
    .where('hash', '=', hash)
    .where('status', '=', 'PENDING')
    .where('sepa_batch', 'is', null)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Another payment of the member's, PAID, covers the whole period of `payment` (e.g. a card paid that year). */
export async function periodPaidOtherwise(
  db: Conn,
  payment: { hash: string; user_hash: string; period_start: string; period_end: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('hash')
    .where('user_hash', '=', payment.user_hash)
    .where('hash', '<>', payment.hash)
    .where('status', '=', 'PAID')
    .where('period_start', '<=', payment.period_start)
    .where('period_end', '>=', payment.period_end)
    .executeTakeFirst();
  return row !== undefined;
}
