/**
 * The dashboard's figures (issue 14 §6): grouped counts and averages, plain functions over `db | trx`. Every query is
 * portable: dates are ISO 8601 text in both databases, so a month is `substr(created_at, 1, 7)`; the grouped
 * expressions carry no bound parameter (PostgreSQL would not see `$1` in the select and `$2` in the group as one
 * expression); PostgreSQL answers counts and sums as strings and averages as numerics, so every figure goes through Number.
 */
import { sql } from 'kysely';
import type { Conn } from '../../../db/conn';

const n = (value: unknown): number => Number(value ?? 0);

export async function membersByRoleAndStatus(db: Conn) {
  const rows = await db
    .selectFrom('users')
    .select(['role', 'status', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['role', 'status'])
    .execute();
  return rows.map((row) => ({ role: row.role, status: row.status, count: n(row.n) }));
}

const month = sql<string>`substr(created_at, 1, 7)`;

/** Registrations of members (`users`) or companies per month `YYYY-MM` since `since` (an ISO instant). */
export async function registrationsByMonth(db: Conn, table: 'users' | 'companies', since: string) {
  const rows = await db
    .selectFrom(table as 'users')
    .select([month.as('month'), (eb) => eb.fn.countAll().as('n')])
    .where('created_at', '>=', since)
    .groupBy(month)
    .execute();
  return rows.map((row) => ({ month: row.month, count: n(row.n) }));
}

export async function offersByStatus(db: Conn) {
  const rows = await db
    .selectFrom('jobs')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: n(row.n) }));
}

export async function applicationsByStatus(db: Conn) {
  const rows = await db
    .selectFrom('applicants')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: n(row.n) }));
}

/**
 * The closing survey (company_feedback): responses, average ratings, and whom the company hired — one of the offer's
 * candidates (`hired_applicants`, or `hired_user_hash` on rows older than 011_offers), someone else (only `hired_name`),
 * or nobody.
 */
export async function surveySummary(db: Conn) {
  const named = sql`(hired_applicants is not null or hired_user_hash is not null)`;
  const row = await db
    .selectFrom('company_feedback')
    .select([
      (eb) => eb.fn.countAll().as('responses'),
      (eb) => eb.fn.avg('rating_bank').as('bank'),
      (eb) => eb.fn.avg('rating_candidates').as('candidates'),
      sql`sum(case when hired = 0 then 1 else 0 end)`.as('none'),
      sql`sum(case when hired <> 0 and ${named} then 1 else 0 end)`.as('applicant'),
      sql`sum(case when hired <> 0 and not ${named} then 1 else 0 end)`.as('other'),
    ])
    .executeTakeFirstOrThrow();
  const responses = n(row.responses);
  return {
    responses,
    bank: responses ? Number(row.bank) : null,
    candidates: responses ? Number(row.candidates) : null,
    hired: { applicant: n(row.applicant), other: n(row.other), none: n(row.none) },
  };
}

/** How many responses gave each score to the job bank or to the candidates. */
export async function ratingCounts(db: Conn, column: 'rating_bank' | 'rating_candidates') {
  const rows = await db
    .selectFrom('company_feedback')
    .select([column, (eb) => eb.fn.countAll().as('n')])
    .groupBy(column)
    .execute();
  return rows.map((row) => ({ score: n((row as Record<string, unknown>)[column]), count: n(row.n) }));
}
