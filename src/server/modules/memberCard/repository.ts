/** The member card's tokens and the member's card data (issue 13 member card); every function takes `db | trx`. */
import type { Conn } from '../../db/conn';

const MEMBER_COLUMNS = [
  'hash',
  'name',
  'surname1',
  'surname2',
  'photo',
  'code_numeric',
  'role',
  'status',
  'subscription_end',
  'language',
] as const;

export function findMember(db: Conn, userHash: string) {
  return db.selectFrom('users').select(MEMBER_COLUMNS).where('hash', '=', userHash).executeTakeFirst();
}

export function liveToken(db: Conn, userHash: string) {
  return db
    .selectFrom('member_card_tokens')
    .select(['token', 'created_at'])
    .where('user_hash', '=', userHash)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function insertToken(db: Conn, row: { token: string; user_hash: string; created_at: string }) {
  await db
    .insertInto('member_card_tokens')
    .values({ ...row, revoked_at: null })
    .execute();
}

export async function revokeLive(db: Conn, userHash: string, at: string) {
  await db
    .updateTable('member_card_tokens')
    .set({ revoked_at: at })
    .where('user_hash', '=', userHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A token and its member (only what the verify answer may show, plus what decides validity). */
export function findByToken(db: Conn, token: string) {
  return db
    .selectFrom('member_card_tokens')
    .innerJoin('users', 'users.hash', 'member_card_tokens.user_hash')
    .select([
      'member_card_tokens.revoked_at',
      'users.name',
      'users.photo',
      'users.role',
      'users.status',
      'users.subscription_end',
    ])
    .where('member_card_tokens.token', '=', token)
    .executeTakeFirst();
}
