/** Job alerts: a member's preferences, who is due an alert, the offers that match, and who was told what. Kysely over `db | trx`. */
import type { Insertable } from 'kysely';
import type { JobAlertsTable } from '../../db/types';
import { BOLD_ROLES } from '../../../shared/permissions';
import { matchText, wordsMatch } from '../../db/search';
import { salaryAtLeast } from '../jobs/repository';
import type { Conn } from '../../db/conn';

export function findAlert(db: Conn, userHash: string) {
  return db.selectFrom('job_alerts').selectAll().where('user_hash', '=', userHash).executeTakeFirst();
}

export async function saveAlert(db: Conn, row: Insertable<JobAlertsTable>): Promise<void> {
  const { user_hash: _key, ...changes } = row;
  await db
    .insertInto('job_alerts')
    .values(row)
    .onConflict((oc) => oc.column('user_hash').doUpdateSet(changes))
    .execute();
}

/** Members who get offers by e-mail now (Bold or GRATIS, validated, switch on) at this frequency (no row: weekly). */
export function recipients(db: Conn, frequency: 'instant' | 'weekly') {
  return db
    .selectFrom('users')
    .leftJoin('job_alerts', 'job_alerts.user_hash', 'users.hash')
    .select([
      'users.hash',
      'users.email',
      'users.name',
      'users.language',
      'job_alerts.area',
      'job_alerts.contract',
      'job_alerts.working',
      'job_alerts.location',
      'job_alerts.text',
      'job_alerts.workstation',
      'job_alerts.salary_min',
      'job_alerts.salary_currency',
      'job_alerts.salary_period',
    ])
    .where('users.is_receive_jobs', '=', 1)
    .where('users.status', '=', 'VALIDATED')
    .where('users.role', 'in', [...BOLD_ROLES])
    .where((eb) =>
      frequency === 'weekly'
        ? eb.or([eb('job_alerts.frequency', 'is', null), eb('job_alerts.frequency', '=', 'weekly')])
        : eb('job_alerts.frequency', '=', 'instant'),
    )
    .orderBy('users.hash')
    .execute();
}

export type Recipient = Awaited<ReturnType<typeof recipients>>[number];

/** Published offers since `since` that match the member's filters and were not sent to them yet, oldest first. */
export function matchingOffers(db: Conn, member: Recipient, since: string, limit = 20) {
  let query = db
    .selectFrom('jobs')
    .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
    .select(['jobs.hash', 'jobs.slug', 'jobs.title', 'jobs.location', 'companies.company_name'])
    .where('jobs.status', '=', 'PUBLISHED')
    .where('jobs.published_at', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('job_alert_deliveries')
            .select('job_alert_deliveries.job_hash')
            .whereRef('job_alert_deliveries.job_hash', '=', 'jobs.hash')
            .where('job_alert_deliveries.user_hash', '=', member.hash),
        ),
      ),
    );
  if (member.area) query = query.where('jobs.area', '=', member.area);
  if (member.contract) query = query.where('jobs.contract', '=', member.contract);
  if (member.working) query = query.where('jobs.working', '=', member.working);
  if (member.workstation) query = query.where('jobs.workstation', '=', member.workstation);
  if (member.salary_min != null)
    query = query.where(
      salaryAtLeast({
        min: member.salary_min,
        currency: member.salary_currency ?? 'EUR',
        period: member.salary_period ?? 'year',
      }),
    );
  // the place as written (accents kept), the words against the offer's folded search text
  const place = member.location
    ?.trim()
    .toLowerCase()
    .replace(/[%_\\]/g, ' ');
  if (place) query = query.where((eb) => eb(eb.fn('lower', ['jobs.location']), 'like', `%${place}%`));
  // the words as the offers' list searches them (db/search.ts): what the alert sends is what the search shows
  const words = matchText(db, member.text);
  if (words) query = query.where(wordsMatch(db, 'jobs', words));
  return query.orderBy('jobs.published_at').orderBy('jobs.hash').limit(limit).execute();
}

/** Records that the member was told about the offer; false when another run already did (it then must not send it). */
export async function claimDelivery(db: Conn, userHash: string, jobHash: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('job_alert_deliveries')
    .values({ user_hash: userHash, job_hash: jobHash, created_at: at })
    .onConflict((oc) => oc.columns(['user_hash', 'job_hash']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
