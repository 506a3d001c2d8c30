/** The members import's reads and writes (issue 28 §3). Plain Kysely functions over `db | trx`. */
import type { Insertable, Updateable } from 'kysely';
import type { MemberImportsTable, MemberInvitationsTable, SubscriptionsTable, UsersTable } from '../../db/types';
import type { Conn } from '../../db/conn';

/** Members with these addresses, with their invitation when they were imported. */
export function membersByEmail(db: Conn, emails: string[]) {
  if (!emails.length) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .leftJoin('member_invitations', 'member_invitations.user_hash', 'users.hash')
    .select([
      'users.hash',
      'users.email',
      'users.status',
      'users.role',
      'users.code_numeric',
      'users.name',
      'users.surname1',
      'users.surname2',
      'users.data',
      'users.language',
      'users.is_newsletter',
      'users.subscription_end',
      'member_invitations.user_hash as invited',
      'member_invitations.accepted_at',
      'member_invitations.appear_by_user',
      'member_invitations.appear_by_company',
    ])
    .where('users.email', 'in', emails)
    .execute();
}

export type ExistingMember = Awaited<ReturnType<typeof membersByEmail>>[number];

/** Who holds these member numbers (e-mail by number). */
export async function numberOwners(db: Conn, numbers: number[]): Promise<Map<number, string>> {
  if (!numbers.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['code_numeric', 'email'])
    .where('code_numeric', 'in', numbers)
    .execute();
  return new Map(rows.map((row) => [Number(row.code_numeric), row.email]));
}

export async function maxMemberNumber(db: Conn): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('code_numeric').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export async function insertImport(db: Conn, row: Insertable<MemberImportsTable>): Promise<void> {
  await db.insertInto('member_imports').values(row).execute();
}

export async function setImportCounts(
  db: Conn,
  hash: string,
  counts: { added: number; changed: number; unchanged: number },
): Promise<void> {
  await db.updateTable('member_imports').set(counts).where('hash', '=', hash).execute();
}

/** Multi-row INSERTs: callers pass at most 500 rows (users: ~40 columns, under SQLite's 32,766 parameters). */
export async function insertMembers(db: Conn, rows: Insertable<UsersTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('users').values(rows).execute();
}

export async function insertInvitations(db: Conn, rows: Insertable<MemberInvitationsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('member_invitations').values(rows).execute();
}

/** The members a confirmed import added, a page at a time in hash order (their invitations are queued after it). */
export function addedByImport(db: Conn, importHash: string, afterHash: string, limit: number) {
  return db
    .selectFrom('member_invitations')
    .innerJoin('users', 'users.hash', 'member_invitations.user_hash')
    .select(['users.hash', 'users.email', 'users.name', 'users.language', 'users.code_numeric'])
    .where('member_invitations.import_hash', '=', importHash)
    .where('member_invitations.user_hash', '>', afterHash)
    .orderBy('member_invitations.user_hash', 'asc')
    .limit(limit)
    .execute();
}

export async function updateMember(db: Conn, hash: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('hash', '=', hash).execute();
}

export async function setInvitationFlags(db: Conn, userHash: string, user: number, company: number): Promise<void> {
  await db
    .updateTable('member_invitations')
    .set({ appear_by_user: user, appear_by_company: company })
    .where('user_hash', '=', userHash)
    .where('accepted_at', 'is', null)
    .execute();
}

export function runningSubscription(db: Conn, userHash: string) {
  return db
    .selectFrom('subscriptions')
    .select(['hash', 'current_period_end'])
    .where('user_hash', '=', userHash)
    .where('status', 'in', ['ACTIVE', 'PAST_DUE'])
    .executeTakeFirst();
}

export async function insertSubscriptions(db: Conn, rows: Insertable<SubscriptionsTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('subscriptions').values(rows).execute();
}

export async function updateSubscription(db: Conn, hash: string, changes: Updateable<SubscriptionsTable>) {
  await db.updateTable('subscriptions').set(changes).where('hash', '=', hash).execute();
}
