/** Members as the back office sees them (every status). Plain functions over `db | trx`. */
import { likePattern } from '../../../../shared/text';
import type { MemberStatus } from '../../../../shared/memberMoves';
import type { Role } from '../../../../shared/permissions';
import type { Conn } from '../../../db/conn';
import { readMembershipTerms } from '../../init/repository';

export interface AdminUsersFilter {
  status?: MemberStatus;
  text?: string;
}

export function filtered(db: Conn, filter: AdminUsersFilter) {
  let query = db.selectFrom('users');
  if (filter.status) query = query.where('users.status', '=', filter.status);
  const text = filter.text ? likePattern(filter.text) : null;
  if (text) {
    const raw = filter.text!.trim();
    // a document number is stored in `data` as written by JSON.stringify: match it exactly from its start
    const document = /^[A-Za-z0-9]{4,20}$/.test(raw) ? `%"document_number":"${raw.toUpperCase()}%` : null;
    query = query.where((eb) =>
      eb.or([
        eb('users.search_text', 'like', text),
        eb(eb.fn('lower', ['users.email']), 'like', text),
        ...(document ? [eb('users.data', 'like', document)] : []),
      ]),
    );
  }
  return query;
}

export async function countUsers(db: Conn, filter: AdminUsersFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Oldest registrations first (a queue is worked from its head). `selectAll` on purpose: columns added
 * by later migrations (e.g. when the e-mail was confirmed) reach the presenter without a change here.
 */
export function pageUsers(db: Conn, filter: AdminUsersFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .leftJoin('categories', 'categories.hash', 'users.category_hash')
    .selectAll('users')
    .select([
      'categories.title_es as category_es',
      'categories.title_en as category_en',
      'categories.title_ca as category_ca',
    ])
    .orderBy('users.created_at', 'asc')
    .orderBy('users.hash', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findUser(db: Conn, hash: string) {
  return db
    .selectFrom('users')
    .leftJoin('categories', 'categories.hash', 'users.category_hash')
    .selectAll('users')
    .select([
      'categories.title_es as category_es',
      'categories.title_en as category_en',
      'categories.title_ca as category_ca',
    ])
    .where('users.hash', '=', hash)
    .executeTakeFirst();
}

export type AdminUserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/**
 * The one guarded UPDATE of a decision: it changes the row only if it is still in the status the
 * decision was made from, so two administrators deciding at once cannot both win. Returns whether it did.
 */
export async function moveStatus(
  db: Conn,
  hash: string,
  from: MemberStatus,
  changes: { status: MemberStatus; role?: Role; subscription_end?: string | null; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(changes)
    .where('hash', '=', hash)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findAdmin(db: Conn, hash: string) {
  return db.selectFrom('admins').select(['hash', 'email', 'name']).where('hash', '=', hash).executeTakeFirst();
}

/** The free period of a Bold registration, in months (the membership terms of the back-office settings). */
export async function readFreePeriodMonths(db: Conn): Promise<number> {
  return (await readMembershipTerms(db)).freePeriodMonths;
}

/**
 * One batch of the export (issue 28 §4): the filtered members after `after` (created_at, hash), in list order, so the
 * export walks the table in bounded pages (keyset, no OFFSET) whatever its size.
 */
export function exportBatch(
  db: Conn,
  filter: AdminUsersFilter,
  after: { created_at: string; hash: string } | null,
  limit: number,
) {
  let query = filtered(db, filter);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('users.created_at', '>', after.created_at),
        eb.and([eb('users.created_at', '=', after.created_at), eb('users.hash', '>', after.hash)]),
      ]),
    );
  return query
    .leftJoin('member_invitations', 'member_invitations.user_hash', 'users.hash')
    .select([
      'member_invitations.accepted_at as invitation_accepted_at',
      'member_invitations.appear_by_user as invited_appear_by_user',
      'member_invitations.appear_by_company as invited_appear_by_company',
      'users.hash',
      'users.code_numeric',
      'users.email',
      'users.name',
      'users.surname1',
      'users.surname2',
      'users.data',
      'users.role',
      'users.subscription_end',
      'users.language',
      'users.is_appear_by_user',
      'users.is_appear_by_company',
      'users.is_newsletter',
      'users.status',
      'users.email_confirmed_at',
      'users.created_at',
    ])
    .orderBy('users.created_at', 'asc')
    .orderBy('users.hash', 'asc')
    .limit(limit)
    .execute();
}
