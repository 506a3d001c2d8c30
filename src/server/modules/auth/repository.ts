/** Accounts and sessions (sign-in counters: counters.ts). Plain functions over `db | trx`. */
import type { CompiledQuery } from 'kysely';
import type { Conn } from '../../db/conn';
import type { Database } from '../../db/types';

export type AccountKind = 'user' | 'company' | 'admin';

export interface AccountRecord {
  hash: string;
  email: string;
  password_hash: string;
  status: string;
}

export function findAccountByEmail(db: Conn, kind: AccountKind, email: string): Promise<AccountRecord | undefined> {
  if (kind === 'admin') {
    return db
      .selectFrom('admins')
      .select(['hash', 'email', 'password_hash'])
      .where('email', '=', email)
      .where('removed_at', 'is', null)
      .executeTakeFirst()
      .then((row) => row && { ...row, status: 'VALIDATED' });
  }
  const table = kind === 'user' ? 'users' : 'companies';
  return db
    .selectFrom(table)
    .select(['hash', 'email', 'password_hash', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findUser(db: Conn, hash: string) {
  return db.selectFrom('users').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export function findCompany(db: Conn, hash: string) {
  return db.selectFrom('companies').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export function findAdmin(db: Conn, hash: string) {
  return db.selectFrom('admins').select(['hash', 'email', 'name']).where('hash', '=', hash).executeTakeFirst();
}

/** Sessions joined to their account's current row: status is read on every use, never remembered. */
function sessionsWithAccount(db: Conn) {
  return db
    .selectFrom('sessions')
    .leftJoin('users', (j) => j.onRef('users.hash', '=', 'sessions.actor_hash').on('sessions.actor_type', '=', 'user'))
    .leftJoin('companies', (j) =>
      j.onRef('companies.hash', '=', 'sessions.actor_hash').on('sessions.actor_type', '=', 'company'),
    )
    .leftJoin('admins', (j) =>
      j.onRef('admins.hash', '=', 'sessions.actor_hash').on('sessions.actor_type', '=', 'admin'),
    )
    .select([
      'sessions.hash as session_hash',
      'sessions.actor_type',
      'sessions.actor_hash',
      'sessions.device_id',
      'sessions.expires_at',
      'users.role as user_role',
      'users.status as user_status',
      'users.email as user_email',
      'companies.status as company_status',
      'companies.email as company_email',
      'admins.email as admin_email',
      'admins.totp_enabled_at as admin_totp_enabled_at',
    ]);
}

/** Whether the account behind a session may still use it: validated, and its row still there. */
export function accountIsActive(row: {
  actor_type: string;
  user_status: string | null;
  company_status: string | null;
  admin_email: string | null;
}): boolean {
  if (row.actor_type === 'user') return row.user_status === 'VALIDATED';
  if (row.actor_type === 'company') return row.company_status === 'VALIDATED';
  return row.actor_type === 'admin' && row.admin_email !== null;
}

/** The live session a bearer token belongs to, with its actor's role and status. */
export async function findActiveSession(db: Conn, tokenHash: string, now: string) {
  // every signed-in request runs this: built and compiled once per handle, only its two values change (issue 27)
  let compiled = activeSessionQueries.get(db);
  if (!compiled) {
    compiled = activeSessionQuery(db, TOKEN_SLOT, NOW_SLOT).compile();
    activeSessionQueries.set(db, compiled);
  }
  const parameters = compiled.parameters.map((value) =>
    value === TOKEN_SLOT ? tokenHash : value === NOW_SLOT ? now : value,
  );
  const { rows } = await db.executeQuery<NonNullable<ActiveSession>>({ ...compiled, parameters });
  return rows[0] as ActiveSession;
}

function activeSessionQuery(db: Conn, tokenHash: string, now: string) {
  return sessionsWithAccount(db)
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now);
}

const TOKEN_SLOT = '\u0000token-hash';
const NOW_SLOT = '\u0000now';
type ActiveSession = Awaited<ReturnType<ReturnType<typeof activeSessionQuery>['executeTakeFirst']>>;
const activeSessionQueries = new WeakMap<Conn, CompiledQuery<NonNullable<ActiveSession>>>();

export function insertSession(db: Conn, row: Database['sessions']) {
  return db.insertInto('sessions').values(row).execute();
}

/**
 * Rotates both secrets only if the presented refresh token is still the current one (one use) and the
 * account is still active; a refresh for an account no longer active revokes that session.
 */
export async function rotateSession(
  db: Conn,
  where: { refreshHash: string; deviceId: string; actorType: AccountKind; now: string },
  next: { token_hash: string; refresh_hash: string; expires_at: string; refresh_expires_at: string },
) {
  const row = await sessionsWithAccount(db)
    .where('sessions.refresh_hash', '=', where.refreshHash)
    .where('sessions.device_id', '=', where.deviceId)
    .where('sessions.actor_type', '=', where.actorType)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.refresh_expires_at', '>', where.now)
    .executeTakeFirst();
  if (!row) return null;
  if (!accountIsActive(row)) {
    await revokeSession(db, row.session_hash, where.now);
    return null;
  }
  const result = await db
    .updateTable('sessions')
    .set(next)
    .where('hash', '=', row.session_hash)
    .where('refresh_hash', '=', where.refreshHash)
    .where('revoked_at', 'is', null) // revoked meanwhile (revokeAllSessions): stays revoked
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { hash: row.session_hash, actor_hash: row.actor_hash } : null;
}

export function revokeSession(db: Conn, sessionHash: string, now: string) {
  return db.updateTable('sessions').set({ revoked_at: now }).where('hash', '=', sessionHash).execute();
}

export function revokeAccountSessions(db: Conn, kind: AccountKind, actorHash: string, now: string) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('actor_type', '=', kind)
    .where('actor_hash', '=', actorHash)
    .where('revoked_at', 'is', null)
    .execute();
}
