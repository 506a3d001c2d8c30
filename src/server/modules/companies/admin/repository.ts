/** Companies as the back office sees them (every status). Plain Kysely over `db | trx`. */
import type { Updateable } from 'kysely';
import { likePattern } from '../../../../shared/text';
import type { CompaniesTable } from '../../../db/types';
import type { Conn } from '../../../db/conn';

export interface AdminCompaniesFilter {
  status?: string;
  text?: string;
}

function filtered(db: Conn, filter: AdminCompaniesFilter) {
  let query = db.selectFrom('companies');
  if (filter.status) query = query.where('companies.status', '=', filter.status);
  const text = filter.text ? likePattern(filter.text) : null;
  if (text) {
    query = query.where((eb) =>
      eb.or(
        [
          'companies.company_name',
          'companies.document_number_company',
          'companies.contact_name',
          'companies.email',
        ].map((column) => eb(eb.fn('lower', [column as 'companies.email']), 'like', text)),
      ),
    );
  }
  return query;
}

const COLUMNS = [
  'hash',
  'email',
  'company_name',
  'document_number_company',
  'contact_name',
  'contact_phone',
  'url',
  'specialty_company',
  'status',
  'language',
  'created_at',
] as const;

export async function countCompanies(db: Conn, filter: AdminCompaniesFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageCompanies(db: Conn, filter: AdminCompaniesFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .select(COLUMNS.map((c) => `companies.${c}` as const))
    .select((eb) =>
      eb
        .selectFrom('jobs')
        .select((j) => j.fn.countAll<number>().as('n'))
        .whereRef('jobs.company_hash', '=', 'companies.hash')
        .as('offers'),
    )
    .orderBy('companies.created_at', 'asc')
    .orderBy('companies.hash', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findCompany(db: Conn, hash: string) {
  return db
    .selectFrom('companies')
    .select(COLUMNS.map((c) => `companies.${c}` as const))
    .select((eb) =>
      eb
        .selectFrom('jobs')
        .select((j) => j.fn.countAll<number>().as('n'))
        .whereRef('jobs.company_hash', '=', 'companies.hash')
        .as('offers'),
    )
    .where('companies.hash', '=', hash)
    .executeTakeFirst();
}

export type AdminCompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

export async function moveStatus(
  db: Conn,
  hash: string,
  from: string,
  changes: Updateable<CompaniesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('companies')
    .set(changes)
    .where('hash', '=', hash)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
