/**
 * Membership payments in the back office (issue 13 §6): subscriptions and payments listed and exported, refunds, the
 * SEPA direct-debit file of the pending debits, and the bank's answer to each debit (collected or returned).
 * - A refund gives back a PAID payment in full or in part, never more than is left: the guarded update and the
 *   provider's refund share one transaction, so a refused refund writes nothing and two at once cannot exceed what was
 *   paid. A refund does not end the membership (docs/decisions.md); ending it is the member's or the renewal job's call.
 * - A SEPA file takes every PENDING debit not yet sent, marks it with the batch id and writes the audit row that keeps
 *   the collection date and creation time, so the same file can be downloaded again from its rows.
 * - Collected / returned apply the membership's own rules (payments/subscriptions/charging.ts).
 */
import type { Locale } from '../../../../shared/constants';
import type { ServiceContext } from '../../../serviceContext';
import type {
  AdminPayment,
  AdminPaymentDecision,
  AdminPaymentRefund,
  AdminPaymentsFilter,
  AdminSubscription,
  AdminSubscriptionsFilter,
} from '../../../../shared/schema-types';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { csvBody } from '../../../lib/csv';
import { newHash, nowIso } from '../../../lib/ids';
import { listResult, pageWindow } from '../../../lib/lists';
import type { Conn } from '../../../db/conn';
import { applyFailed, applyPaid } from '../subscriptions/charging';
import { paymentProvider } from '../provider';
import { record } from '../../audit/service';
import * as repo from './repository';
import { sepaXml, type SepaLine } from './sepa';

const fieldError = (lng: Locale, field: string, key: string, params: Record<string, unknown> = {}) =>
  AppError.badRequest('validation.failed', [{ field, message: translate(lng, key, { field, ...params }) }]);

type MemberRow = {
  user_hash: string;
  name: string;
  surname1: string | null;
  surname2: string | null;
  email: string;
  code_numeric: number | null;
};
const member = (row: MemberRow) => ({
  hash: row.user_hash,
  name: [row.name, row.surname1, row.surname2].filter(Boolean).join(' '),
  email: row.email,
  partner_number: row.code_numeric === null || row.code_numeric === undefined ? null : Number(row.code_numeric),
});

export async function subscriptions(ctx: ServiceContext, query: AdminSubscriptionsFilter) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const [total, rows] = await Promise.all([
    repo.countSubscriptions(db, query),
    repo.pageSubscriptions(db, query, size, offset),
  ]);
  const items = rows.map((row): AdminSubscription => ({
    hash: row.hash,
    member: member(row),
    status: row.status as AdminSubscription['status'],
    method: row.method as AdminSubscription['method'],
    renew: Number(row.renew) === 1,
    amount_cents: Number(row.amount_cents),
    current_period_end: row.current_period_end,
    next_charge_at: row.next_charge_at,
    failures: Number(row.failures),
    last_failure: row.last_failure,
    created_at: row.created_at,
    ended_at: row.ended_at ?? null,
  }));
  return listResult(items, total, size);
}

type PaymentRow = Awaited<ReturnType<typeof repo.pagePayments>>[number];
const presentPayment = (row: PaymentRow): AdminPayment => ({
  hash: row.hash,
  member: member(row),
  status: row.status as AdminPayment['status'],
  method: row.method as AdminPayment['method'],
  amount_cents: Number(row.amount_cents),
  refunded_cents: Number(row.refunded_cents),
  period_start: row.period_start,
  period_end: row.period_end,
  attempt: Number(row.attempt),
  card_label: row.card_label,
  mandate_ref: row.mandate_ref,
  receipt_number: row.receipt_number,
  sepa_batch: row.sepa_batch,
  created_at: row.created_at,
  settled_at: row.settled_at,
  result: row.result,
});

export async function payments(ctx: ServiceContext, query: AdminPaymentsFilter) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const [total, rows] = await Promise.all([repo.countPayments(db, query), repo.pagePayments(db, query, size, offset)]);
  return listResult(rows.map(presentPayment), total, size);
}

async function onePayment(db: Conn, hash: string): Promise<AdminPayment> {
  const found = await db
    .selectFrom('payments')
    .innerJoin('users', 'users.hash', 'payments.user_hash')
    .select([
      'users.hash as user_hash',
      'users.name',
      'users.surname1',
      'users.surname2',
      'users.email',
      'users.code_numeric',
    ])
    .selectAll('payments')
    .where('payments.hash', '=', hash)
    .executeTakeFirst();
  if (!found) throw AppError.notFound();
  return presentPayment(found as unknown as PaymentRow);
}

const euros = (cents: number) => (cents / 100).toFixed(2);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

export async function paymentsCsv(ctx: ServiceContext, query: AdminPaymentsFilter) {
  const { db, lng } = ctx;
  const rows = (await repo.pagePayments(db, query, null)).map(presentPayment);
  const h = (key: string) => translate(lng, `admin.payments.csv.${key}`);
  const header = [
    'date',
    'member',
    'email',
    'partner',
    'method',
    'status',
    'amount',
    'refunded',
    'periodStart',
    'periodEnd',
    'attempt',
    'account',
    'receipt',
    'batch',
    'settled',
    'result',
  ].map(h);
  const lines = rows.map((p) => [
    day(p.created_at),
    p.member.name,
    p.member.email,
    p.member.partner_number ?? '',
    h(`method.${p.method}`),
    h(`status.${p.status}`),
    euros(p.amount_cents),
    euros(p.refunded_cents),
    day(p.period_start),
    day(p.period_end),
    p.attempt,
    p.card_label ?? p.mandate_ref ?? '',
    p.receipt_number ?? '',
    p.sepa_batch ?? '',
    day(p.settled_at),
    p.result ?? '',
  ]);
  return { filename: `${h('file')}-${nowIso().slice(0, 10)}.csv`, body: csvBody(header, lines) };
}

function audit(
  ctx: ServiceContext,
  action: 'payment.refunded' | 'payment.collected' | 'payment.returned',
  payment: AdminPayment,
  data: Record<string, unknown>,
) {
  // the member is the target, so the audit log shows their name; the payment is in the data
  return record(ctx, {
    adminHash: ctx.actor.hash!,
    action,
    targetType: 'user',
    targetHash: payment.member.hash,
    data: { label: payment.member.name, payment: payment.hash, ...data },
    at: nowIso(),
  });
}

/** Refunds a PAID card or debit payment (card: through the provider; debit: the association pays it back by transfer). */
export async function refund(ctx: ServiceContext, hash: string, body: AdminPaymentRefund) {
  const { lng } = ctx;
  const reason = body.reason.trim();
  if (!reason) throw fieldError(lng, 'reason', 'validation.required');
  return ctx.db.transaction().execute(async (trx) => {
    const payment = await repo.findPayment(trx, hash);
    if (!payment) throw AppError.notFound();
    if (payment.status !== 'PAID' || (payment.method !== 'CARD' && payment.method !== 'DEBIT'))
      throw new AppError(409, 'admin.payments.notRefundable');
    const left = Number(payment.amount_cents) - Number(payment.refunded_cents);
    const amount = body.amount_cents ?? left;
    if (left <= 0 || amount > left) throw new AppError(409, 'admin.payments.overRefund', { left: euros(left) });
    // guarded: another refund that got here first leaves less, and this one is refused
    if (!(await repo.addRefund(trx, hash, amount)))
      throw new AppError(409, 'admin.payments.overRefund', { left: euros(left) });
    if (payment.method === 'CARD') {
      if (!payment.provider_ref) throw new AppError(409, 'admin.payments.noProviderRef');
      let answer: { ok: boolean; result?: string };
      try {
        answer = await paymentProvider(ctx.config).refund(ctx.config, {
          payment: hash,
          reference: payment.provider_ref,
          amountCents: amount,
        });
      } catch (error) {
        ctx.log.error({ err: error, payment: hash }, 'payment provider unreachable for a refund');
        throw new AppError(502, 'admin.payments.providerUnreachable');
      }
      if (!answer.ok) {
        ctx.log.warn({ payment: hash, result: answer.result }, 'refund refused by the provider');
        throw new AppError(502, 'admin.payments.refundRefused', { result: answer.result ?? '' });
      }
    }
    const after = await onePayment(trx, hash);
    await audit({ ...ctx, db: trx }, 'payment.refunded', after, {
      amount_cents: amount,
      reason,
      from: payment.status,
      to: after.status,
    });
    return after;
  });
}

/** The bank's answer to a debit sent in a SEPA file: collected (PENDING → PAID) or returned (PENDING|PAID → RETURNED). */
export async function decide(ctx: ServiceContext, hash: string, body: AdminPaymentDecision) {
  const { lng } = ctx;
  const reason = body.reason?.trim() || null;
  if (body.status === 'RETURNED' && !reason) throw fieldError(lng, 'reason', 'validation.required');
  return ctx.db.transaction().execute(async (trx) => {
    const payment = await repo.findPayment(trx, hash);
    if (!payment) throw AppError.notFound();
    const from = payment.status;
    const allowed =
      payment.method === 'DEBIT' &&
      payment.sepa_batch !== null &&
      (from === 'PENDING' || (body.status === 'RETURNED' && from === 'PAID'));
    if (!allowed) throw new AppError(409, 'admin.payments.illegalMove');
    const at = new Date();
    const moved =
      body.status === 'PAID'
        ? await applyPaid(ctx, trx, hash, null, at)
        : await applyFailed(ctx, trx, hash, 'RETURNED', 'returned', at);
    if (!moved) throw new AppError(409, 'admin.payments.illegalMove');
    const after = await onePayment(trx, hash);
    await audit({ ...ctx, db: trx }, body.status === 'PAID' ? 'payment.collected' : 'payment.returned', after, {
      from,
      to: after.status,
      amount_cents: after.amount_cents,
      batch: payment.sepa_batch,
      ...(reason ? { reason } : {}),
    });
    return after;
  });
}

/** dd/mm/yyyy → its parts; the schema already checked it is a real day. */
function parseDay(dmy: string) {
  const [d, m, y] = dmy.split('/').map(Number) as [number, number, number];
  return { d, m, y, iso: `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` };
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[^0-9]/g, '')
    .slice(0, 14);

/** The SEPA file of every pending debit not yet sent: marks them with a new batch id and answers its XML. */
export async function exportSepa(ctx: ServiceContext, collectionDate: string) {
  const { actor, lng } = ctx;
  const { iso } = parseDay(collectionDate);
  if (iso < nowIso().slice(0, 10)) throw fieldError(lng, 'collection_date', 'admin.payments.collectionInPast');
  return ctx.db.transaction().execute(async (trx) => {
    const pending = await repo.unbatchedDebits(trx);
    if (pending.length === 0) throw new AppError(409, 'admin.payments.nothingToCollect');
    const at = new Date();
    const batch = `sepa${stamp(at)}${newHash(6)}`;
    const marked = await repo.markBatch(
      trx,
      pending.map((row) => row.hash),
      batch,
    );
    // another export took them first
    if (marked === 0) throw new AppError(409, 'admin.payments.nothingToCollect');
    const lines = await linesOf(trx, batch);
    const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
    await record(
      { ...ctx, db: trx },
      {
        adminHash: actor.hash!,
        action: 'sepa.exported',
        targetType: 'sepa',
        targetHash: batch,
        data: {
          label: batch,
          count: lines.length,
          total_cents: total,
          collection_date: iso,
          created_at: at.toISOString(),
        },
        at: at.toISOString(),
      },
    );
    return {
      batch,
      count: lines.length,
      totalCents: total,
      xml: sepaXml(ctx.config.sepaCreditor, { batch, createdAt: at, collectionDate: iso, lines }),
    };
  });
}

async function linesOf(db: Conn, batch: string): Promise<SepaLine[]> {
  const rows = await repo.batchLines(db, batch);
  const used = await repo.mandatesUsedBefore(
    db,
    rows.map((row) => row.mandate_ref!),
    batch,
  );
  return rows.map((row) => ({
    endToEndId: row.hash,
    amountCents: Number(row.amount_cents),
    mandateId: row.mandate_ref!,
    mandateSignedAt: row.accepted_at.slice(0, 10),
    debtorName: row.holder,
    debtorIban: row.iban,
    sequence: used.has(row.mandate_ref!) ? 'RCUR' : 'FRST',
    remittance: `Bold ${row.period_start.slice(0, 4)} ${row.receipt_number ?? row.code_numeric ?? ''}`.trim(),
  }));
}

/** A past batch's file again, rebuilt from its rows and the audit row of its export. */
export async function downloadSepa(ctx: ServiceContext, batch: string) {
  const exported = await repo.batchExport(ctx.db, batch);
  if (!exported) throw AppError.notFound();
  let data: { collection_date?: string; created_at?: string } = {};
  try {
    data = JSON.parse(exported.data) as typeof data;
  } catch {
    /* an unreadable row: fall back to the row's own time */
  }
  const lines = await linesOf(ctx.db, batch);
  if (lines.length === 0) throw AppError.notFound();
  const createdAt = new Date(data.created_at ?? exported.created_at);
  return {
    batch,
    xml: sepaXml(ctx.config.sepaCreditor, {
      batch,
      createdAt,
      collectionDate: data.collection_date ?? exported.created_at.slice(0, 10),
      lines,
    }),
  };
}
