/**
 * An offer's optional salary range (issue 25 §17): lowest and highest amount, ISO 4217 currency, and what it pays
 * for (year, month or hour). Columns, because the public list and job alerts filter on them. The work mode is the
 * existing `workstation` column (ON_SITE, HYBRID, REMOTE). Job alerts keep a work mode and a minimum salary too.
 * The offer's PDF (issue 25 §10) needs no column: `jobs.file` has held a file's hash since 001_initial.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('salary_min', 'double precision').execute();
  await db.schema.alterTable('jobs').addColumn('salary_max', 'double precision').execute();
  await db.schema.alterTable('jobs').addColumn('salary_currency', 'varchar(3)').execute();
  await db.schema.alterTable('jobs').addColumn('salary_period', 'varchar(8)').execute();
  await db.schema.alterTable('job_alerts').addColumn('workstation', 'varchar(16)').execute();
  await db.schema.alterTable('job_alerts').addColumn('salary_min', 'double precision').execute();
  await db.schema.alterTable('job_alerts').addColumn('salary_currency', 'varchar(3)').execute();
  await db.schema.alterTable('job_alerts').addColumn('salary_period', 'varchar(8)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['salary_min', 'salary_currency', 'salary_period', 'workstation'])
    await db.schema.alterTable('job_alerts').dropColumn(column).execute();
  for (const column of ['salary_min', 'salary_max', 'salary_currency', 'salary_period'])
    await db.schema.alterTable('jobs').dropColumn(column).execute();
}
