/** Companies' accounts (registration here, decisions in admin/companies). Plain Kysely over `db | trx`. */
import type { Insertable } from 'kysely';
import type { CompaniesTable } from '../../db/types';
import type { Conn } from '../auth/repository';

export function findByEmail(db: Conn, email: string) {
  return db.selectFrom('companies').select(['hash', 'status']).where('email', '=', email).executeTakeFirst();
}

/** A rejected company frees its address for a new registration: the old row keeps it under another key. */
export async function archiveRejectedEmail(db: Conn, hash: string, email: string): Promise<void> {
  await db.updateTable('companies').set({ email: `rejected:${hash}:${email}`.slice(0, 254) }).where('hash', '=', hash).where('status', '=', 'REJECTED').execute();
}

export async function insertCompany(db: Conn, row: Insertable<CompaniesTable>): Promise<void> {
  await db.insertInto('companies').values(row).execute();
}
