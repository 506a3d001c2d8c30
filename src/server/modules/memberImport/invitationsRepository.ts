/** Imported members' invitations (034_member_invitations). Plain Kysely functions over `db | trx`. */
import type { Insertable } from 'kysely';
import type { MemberInvitationsTable } from '../../db/types';
import type { Conn } from '../../db/conn';
import { likePattern } from '../../../shared/text';

export async function insertInvitation(db: Conn, row: Insertable<MemberInvitationsTable>): Promise<void> {
  await db.insertInto('member_invitations').values(row).execute();
}

/** The member an invitation is for, while it is not accepted and the account is still in use. */
export function findPending(db: Conn, userHash: string) {
  return db
    .selectFrom('member_invitations')
    .innerJoin('users', 'users.hash', 'member_invitations.user_hash')
    .select([
      'users.hash',
      'users.email',
      'users.name',
      'users.language',
      'users.code_numeric',
      'member_invitations.appear_by_user',
      'member_invitations.appear_by_company',
      'member_invitations.sends',
    ])
    .where('member_invitations.user_hash', '=', userHash)
    .where('member_invitations.accepted_at', 'is', null)
    .where('users.status', '=', 'VALIDATED')
    .executeTakeFirst();
}

export async function markSent(db: Conn, userHash: string, sends: number, at: string): Promise<void> {
  await db.updateTable('member_invitations').set({ sends, sent_at: at }).where('user_hash', '=', userHash).execute();
}

/** Accepting: the only guarded update, so a link used twice at once accepts once. */
export async function markAccepted(db: Conn, userHash: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('member_invitations')
    .set({ accepted_at: at })
    .where('user_hash', '=', userHash)
    .where('accepted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function activateMember(
  db: Conn,
  userHash: string,
  changes: { password_hash: string; is_appear_by_user: number; is_appear_by_company: number; at: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: changes.password_hash,
      is_appear_by_user: changes.is_appear_by_user,
      is_appear_by_company: changes.is_appear_by_company,
      updated_at: changes.at,
    })
    .where('hash', '=', userHash)
    .execute();
  await db
    .updateTable('users')
    .set({ email_confirmed_at: changes.at })
    .where('hash', '=', userHash)
    .where('email_confirmed_at', 'is', null)
    .execute();
}

function pending(db: Conn, text?: string) {
  let query = db
    .selectFrom('member_invitations')
    .innerJoin('users', 'users.hash', 'member_invitations.user_hash')
    .where('member_invitations.accepted_at', 'is', null)
    .where('users.status', '=', 'VALIDATED');
  const pattern = text ? likePattern(text) : null;
  if (pattern)
    query = query.where((eb) =>
      eb.or([eb('users.search_text', 'like', pattern), eb(eb.fn('lower', ['users.email']), 'like', pattern)]),
    );
  return query;
}

export async function countPending(db: Conn, text?: string): Promise<number> {
  const row = await pending(db, text)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Oldest sends first (the ones most likely to need a new link). */
export function pagePending(db: Conn, text: string | undefined, limit: number, offset: number) {
  return pending(db, text)
    .select([
      'users.hash',
      'users.email',
      'users.name',
      'users.surname1',
      'users.surname2',
      'users.code_numeric',
      'users.role',
      'users.language',
      'member_invitations.sends',
      'member_invitations.sent_at',
      'member_invitations.created_at',
    ])
    .orderBy('member_invitations.sent_at', 'asc')
    .orderBy('users.hash', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}
