/** Accounts, sessions and failed-login records. Plain functions over `db | trx`. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types';

export type Conn = Kysely<Database> | Transaction<Database>;
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
      .executeTakeFirst()
      .then((row) => row && { ...row, status: 'VALIDATED' });
  }
  const table = kind === 'user' ? 'users' : 'companies';
  return db.selectFrom(table).select(['hash', 'email', 'password_hash', 'status']).where('email', '=', email).executeTakeFirst();
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

/** The live session a bearer token belongs to, with its actor's role and status. */
export async function findActiveSession(db: Conn, tokenHash: string, now: string) {
  return db
    .selectFrom('sessions')
    .leftJoin('users', (j) => j.onRef('users.hash', '=', 'sessions.actor_hash').on('sessions.actor_type', '=', 'user'))
    .leftJoin('companies', (j) => j.onRef('companies.hash', '=', 'sessions.actor_hash').on('sessions.actor_type', '=', 'company'))
    .leftJoin('admins', (j) => j.onRef('admins.hash', '=', 'sessions.actor_hash').on('sessions.actor_type', '=', 'admin'))
    .select([
      'sessions.hash as session_hash',
      'sessions.actor_type',
      'sessions.actor_hash',
      'sessions.device_id',
      'users.role as user_role',
      'users.status as user_status',
      'users.email as user_email',
      'companies.status as company_status',
      'companies.email as company_email',
      'admins.email as admin_email',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export function insertSession(db: Conn, row: Database['sessions']) {
  return db.insertInto('sessions').values(row).execute();
}

/** Rotates both secrets only if the presented refresh token is still the current one (one use). */
export async function rotateSession(
  db: Conn,
  where: { refreshHash: string; deviceId: string; actorType: AccountKind; now: string },
  next: { token_hash: string; refresh_hash: string; expires_at: string; refresh_expires_at: string },
) {
  const row = await db
    .selectFrom('sessions')
    .select(['hash', 'actor_hash'])
    .where('refresh_hash', '=', where.refreshHash)
    .where('device_id', '=', where.deviceId)
    .where('actor_type', '=', where.actorType)
    .where('revoked_at', 'is', null)
    .where('refresh_expires_at', '>', where.now)
    .executeTakeFirst();
  if (!row) return null;
  const result = await db.updateTable('sessions').set(next).where('hash', '=', row.hash).where('refresh_hash', '=', where.refreshHash).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row : null;
}

export function revokeSession(db: Conn, sessionHash: string, now: string) {
  return db.updateTable('sessions').set({ revoked_at: now }).where('hash', '=', sessionHash).execute();
}

export async function countFailures(db: Conn, key: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function recordFailures(db: Conn, rows: Database['login_failures'][]) {
  return db.insertInto('login_failures').values(rows).execute();
}

export function clearFailures(db: Conn, key: string) {
  return db.deleteFrom('login_failures').where('key', '=', key).execute();
}
