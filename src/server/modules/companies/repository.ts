/** Companies' accounts (registration here, decisions in admin/companies). Plain Kysely over `db | trx`. */
import type { Insertable, Updateable } from 'kysely';
import type { CompaniesTable } from '../../db/types';
import type { Conn } from '../../db/conn';

export function findByEmail(db: Conn, email: string) {
  return db.selectFrom('companies').select(['hash', 'status']).where('email', '=', email).executeTakeFirst();
}

/** A rejected company frees its address for a new registration: the old row keeps it under another key. */
export async function archiveRejectedEmail(db: Conn, hash: string, email: string): Promise<void> {
  await db
    .updateTable('companies')
    .set({ email: `rejected:${hash}:${email}`.slice(0, 254) })
    .where('hash', '=', hash)
    .where('status', '=', 'REJECTED')
    .execute();
}

export async function insertCompany(db: Conn, row: Insertable<CompaniesTable>): Promise<void> {
  await db.insertInto('companies').values(row).execute();
}

export async function updateCompany(db: Conn, hash: string, changes: Updateable<CompaniesTable>): Promise<void> {
  await db.updateTable('companies').set(changes).where('hash', '=', hash).execute();
}

/** A password change ends the company's other sessions (the one that changed it stays). */
export async function revokeOtherSessions(
  db: Conn,
  companyHash: string,
  keep: string | null,
  now: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('actor_type', '=', 'company')
    .where('actor_hash', '=', companyHash)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('hash', '<>', keep);
  await query.execute();
}
