/** Cards and the sessions of the provider's card page (issue 13 §2); every function takes `db | trx`. */
import type { Insertable } from 'kysely';
import type { CardsTable, PaymentSessionsTable } from '../../../db/types';
import { nowIso } from '../../../lib/ids';
import type { Conn } from '../../../db/conn';

export function findOpenSession(db: Conn, hash: string) {
  return db
    .selectFrom('payment_sessions')
    .selectAll()
    .where('hash', '=', hash)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
}

export async function insertSession(db: Conn, row: Insertable<PaymentSessionsTable>) {
  await db.insertInto('payment_sessions').values(row).execute();
}

/** Closes a session once: PENDING → its outcome; a second notification for it moves nothing (answers false). */
export async function closeSession(
  db: Conn,
  hash: string,
  status: string,
  result: string | null,
  cardHash: string | null,
  at: string,
): Promise<boolean> {
  const moved = await db
    .updateTable('payment_sessions')
    .set({ status, result, card_hash: cardHash, closed_at: at })
    .where('hash', '=', hash)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

export function findSession(db: Conn, hash: string) {
  return db.selectFrom('payment_sessions').selectAll().where('hash', '=', hash).executeTakeFirst();
}

const CARD_COLUMNS = ['hash', 'brand', 'last4', 'exp_month', 'exp_year', 'is_default', 'created_at'] as const;

export async function countCards(db: Conn, userHash: string) {
  const row = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_hash', '=', userHash)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageCards(db: Conn, userHash: string, limit: number, offset: number) {
  return db
    .selectFrom('cards')
    .select(CARD_COLUMNS)
    .where('user_hash', '=', userHash)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findCard(db: Conn, userHash: string, hash: string) {
  return db
    .selectFrom('cards')
    .select(CARD_COLUMNS)
    .where('user_hash', '=', userHash)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

export async function insertCard(db: Conn, row: Insertable<CardsTable>) {
  await db.insertInto('cards').values(row).execute();
}

export async function makeDefault(db: Conn, userHash: string, hash: string) {
  await db
    .updateTable('cards')
    .set({ is_default: 0 })
    .where('user_hash', '=', userHash)
    .where('hash', '<>', hash)
    .execute();
  await db
    .updateTable('cards')
    .set({ is_default: 1 })
    .where('user_hash', '=', userHash)
    .where('hash', '=', hash)
    .execute();
}

export async function deleteCard(db: Conn, userHash: string, hash: string) {
  await db.deleteFrom('cards').where('user_hash', '=', userHash).where('hash', '=', hash).execute();
}

/** Whether the member has a running subscription that renews by card (its last card must stay). */
export async function hasCardSubscription(db: Conn, userHash: string) {
  return !!(await db
    .selectFrom('subscriptions')
    .select('hash')
    .where('user_hash', '=', userHash)
    .where('status', 'in', ['ACTIVE', 'PAST_DUE'])
    .where('method', '=', 'CARD')
    .where('renew', '=', 1)
    .executeTakeFirst());
}
