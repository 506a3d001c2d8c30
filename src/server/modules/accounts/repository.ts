/**
 * Accounts: new members, one-time tokens (confirm_email, recovery) and password changes.
 * Plain Kysely functions over `db | trx`: the service owns the transaction.
 */
import type { Insertable } from 'kysely';
import type { AccountTokensTable, UsersTable } from '../../db/types';
import type { Conn } from '../../db/conn';

export type { Conn };
/** `add_card`: the card a Bold registration gives on the provider's page before the account is validated (issue 13 §2); `invitation`: an imported member's first password (issue 28 §3). */
export type TokenPurpose = 'confirm_email' | 'recovery' | 'add_card' | 'invitation';
export type AccountTable = 'users' | 'companies';

/** A unique index refused the row; `column` says which (when the driver tells). */
export function uniqueViolation(error: unknown): { column: string } | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code === '23505') return { column: /email/.test(e.constraint ?? '') ? 'email' : (e.constraint ?? '') };
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return { column: /\.email\b/.test(e.message ?? '') ? 'email' : (e.message ?? '') };
  }
  return null;
}

export function findUserByEmail(db: Conn, email: string) {
  return db.selectFrom('users').select(['hash', 'status', 'data']).where('email', '=', email).executeTakeFirst();
}

/** A REJECTED registration gives its e-mail up: the row keeps it in `data.archived_email`. */
export async function archiveRejectedEmail(
  db: Conn,
  user: { hash: string; data: string },
  email: string,
  now: string,
): Promise<void> {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(user.data) as Record<string, unknown>;
  } catch {
    data = {};
  }
  await db
    .updateTable('users')
    .set({ email: `rejected:${user.hash}`, data: JSON.stringify({ ...data, archived_email: email }), updated_at: now })
    .where('hash', '=', user.hash)
    .where('status', '=', 'REJECTED')
    .execute();
}

export async function categoryExists(db: Conn, hash: string): Promise<boolean> {
  return !!(await db.selectFrom('categories').select('hash').where('hash', '=', hash).executeTakeFirst());
}

/** The next partner number (code_numeric); a concurrent registration that took it makes the insert retry. */
export async function nextCodeNumeric(db: Conn): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('code_numeric').as('max'))
    .executeTakeFirst();
  return Math.max(Number(row?.max ?? 0), 10000) + 1;
}

export async function insertUser(db: Conn, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function insertToken(db: Conn, row: Insertable<AccountTokensTable>): Promise<void> {
  await db.insertInto('account_tokens').values(row).execute();
}

/** Many links in one INSERT (the members import's invitations, 500 at a time). */
export async function insertTokens(db: Conn, rows: Insertable<AccountTokensTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('account_tokens').values(rows).execute();
}

/** Uses a live token once (one guarded UPDATE, so two concurrent uses cannot both succeed). */
export function consumeToken(db: Conn, purpose: TokenPurpose, tokenHash: string, now: string) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['actor_type', 'actor_hash'])
    .executeTakeFirst();
}

/**
 * Whether the member a confirmation token (used, expired or not) belongs to has a confirmed address: the link's
 * owner opening it again is told so (issue 25 §3); a token is a secret, so this tells a stranger nothing.
 */
export async function tokenOwnerConfirmed(db: Conn, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_tokens')
    .innerJoin('users', 'users.hash', 'account_tokens.actor_hash')
    .select('users.email_confirmed_at')
    .where('account_tokens.token_hash', '=', tokenHash)
    .where('account_tokens.purpose', '=', 'confirm_email')
    .where('account_tokens.actor_type', '=', 'user')
    .executeTakeFirst();
  return Boolean(row?.email_confirmed_at);
}

/** Ends every other unused token of this purpose for the account (a reset kills older recovery links). */
export async function useUpTokens(
  db: Conn,
  purpose: TokenPurpose,
  actorType: string,
  actorHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('actor_type', '=', actorType)
    .where('actor_hash', '=', actorHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** A member who may still confirm their address: registered (pending or validated), never confirmed. */
export async function findUnconfirmed(db: Conn, email: string) {
  return db
    .selectFrom('users')
    .select(['hash', 'email', 'language', 'name'])
    .where('email', '=', email)
    .where('email_confirmed_at', 'is', null)
    .where('status', 'in', ['PENDING', 'VALIDATED'])
    .executeTakeFirst();
}

export async function markEmailConfirmed(db: Conn, hash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_confirmed_at: now })
    .where('hash', '=', hash)
    .where('email_confirmed_at', 'is', null)
    .execute();
}

/** What a recovery e-mail needs about an account (member or company). */
export async function findForRecovery(db: Conn, table: AccountTable, by: { email: string } | { hash: string }) {
  const column = 'email' in by ? 'email' : 'hash';
  const value = 'email' in by ? by.email : by.hash;
  if (table === 'users') {
    return db
      .selectFrom('users')
      .select(['hash', 'email', 'status', 'language', 'name'])
      .where(column, '=', value)
      .executeTakeFirst();
  }
  return db
    .selectFrom('companies')
    .select(['hash', 'email', 'status', 'language', 'contact_name as name'])
    .where(column, '=', value)
    .executeTakeFirst();
}

export async function setPassword(
  db: Conn,
  table: AccountTable,
  hash: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db.updateTable(table).set({ password_hash: passwordHash, updated_at: now }).where('hash', '=', hash).execute();
}

/** The member a live (unused, unexpired) token names, without using it up. */
export function liveTokenActor(db: Conn, purpose: TokenPurpose, tokenHash: string, now: string) {
  return db
    .selectFrom('account_tokens')
    .select(['actor_type', 'actor_hash'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}
