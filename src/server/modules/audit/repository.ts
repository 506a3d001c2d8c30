/** The audit log (005_audit): plain functions over `db | trx`, so a decision and its row share one transaction. */
import type { Conn } from '../../db/conn';

export interface AuditEntry {
  hash: string;
  admin_hash: string;
  action: string;
  target_type: string;
  target_hash: string;
  data: Record<string, unknown>;
  created_at: string;
}

export interface AuditFilter {
  action?: string;
  target?: string;
}

export async function insertAudit(db: Conn, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ ...entry, data: JSON.stringify(entry.data) })
    .execute();
}

function filtered(db: Conn, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.action) query = query.where('audit_log.action', '=', filter.action);
  if (filter.target) query = query.where('audit_log.target_hash', '=', filter.target);
  return query;
}

export async function countAudit(db: Conn, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Newest first; the administrator and a member target are joined for their current names. */
export function pageAudit(db: Conn, filter: AuditFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .leftJoin('admins', 'admins.hash', 'audit_log.admin_hash')
    .leftJoin('users', (j) =>
      j.onRef('users.hash', '=', 'audit_log.target_hash').on('audit_log.target_type', '=', 'user'),
    )
    .select([
      'audit_log.hash',
      'audit_log.action',
      'audit_log.target_type',
      'audit_log.target_hash',
      'audit_log.data',
      'audit_log.created_at',
      'audit_log.admin_hash',
      'admins.email as admin_email',
      'admins.name as admin_name',
      'users.name as user_name',
      'users.surname1 as user_surname1',
      'users.surname2 as user_surname2',
      'users.email as user_email',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.hash', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
