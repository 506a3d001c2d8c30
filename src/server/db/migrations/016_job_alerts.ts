/**
 * Job alerts (issue 11 §8): a member's filters and frequency (`job_alerts`, one row per member; none means every offer,
 * weekly), and which offers each member was already told about (`job_alert_deliveries`, one row per member and offer:
 * inserted in the transaction that queues the e-mail, so an offer reaches a member once whatever the number of
 * instances). The outbox keeps per-message headers (List-Unsubscribe). All private: no anonymous answer reads them.
 */
import type { Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['job_alerts', 'job_alert_deliveries'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_alerts')
    .addColumn('user_hash', 'varchar(32)', (c) => c.primaryKey().references('users.hash').onDelete('cascade'))
    .addColumn('frequency', 'varchar(16)', (c) => c.notNull())
    .addColumn('area', 'varchar(32)')
    .addColumn('contract', 'varchar(32)')
    .addColumn('working', 'varchar(32)')
    .addColumn('location', 'varchar(100)')
    .addColumn('text', 'varchar(100)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('job_alert_deliveries')
    .addColumn('user_hash', 'varchar(32)', (c) => c.notNull().references('users.hash').onDelete('cascade'))
    .addColumn('job_hash', 'varchar(32)', (c) => c.notNull().references('jobs.hash').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_alert_deliveries_pk', ['user_hash', 'job_hash'])
    .execute();
  await db.schema.createIndex('job_alert_deliveries_job_ix').on('job_alert_deliveries').column('job_hash').execute();
  // extra headers of one message, as JSON (List-Unsubscribe of the alerts)
  await db.schema.alterTable('email_outbox').addColumn('headers', 'text').execute();
  // the sweep reads recently published offers
  await db.schema.createIndex('jobs_status_published_at_ix').on('jobs').columns(['status', 'published_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_status_published_at_ix').execute();
  await db.schema.alterTable('email_outbox').dropColumn('headers').execute();
  await db.schema.dropTable('job_alert_deliveries').ifExists().execute();
  await db.schema.dropTable('job_alerts').ifExists().execute();
}
