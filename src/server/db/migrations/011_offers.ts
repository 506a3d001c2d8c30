/**
 * Offers through their whole life (issue 11 §5): every move of src/shared/offerMoves.ts leaves a row in
 * `job_moves` (from, to, who, why), written in the transaction of the guarded UPDATE that makes it. The offer
 * keeps its last rejection reason (shown to the company beside the edit form), when it was published and when it
 * expires. `tasks` holds the periodic background work (offer expiry first). Both new tables are private: what a
 * visitor is answered never depends on them, so they bump no public version.
 */
import type { Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['job_moves', 'tasks'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_moves')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('job_hash', 'varchar(32)', (c) => c.notNull().references('jobs.hash').onDelete('cascade'))
    .addColumn('from_status', 'varchar(16)')
    .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_hash', 'varchar(32)')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('job_moves_job_hash_created_at_ix')
    .on('job_moves')
    .columns(['job_hash', 'created_at'])
    .execute();
  await db.schema.alterTable('jobs').addColumn('reason', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('published_at', 'varchar(32)').execute();
  await db.schema.alterTable('jobs').addColumn('expires_at', 'varchar(32)').execute();
  // SPEC §2's survey may name several hired applicants (DESIGN §4b `hired_applicants`): their hashes as a JSON array
  await db.schema.alterTable('company_feedback').addColumn('hired_applicants', 'text').execute();
  // the company is warned once, a week before its offer expires
  await db.schema.alterTable('jobs').addColumn('expiry_warned_at', 'varchar(32)').execute();
  // background work (DESIGN §1): one row per periodic task; an instance claims a due task with a guarded UPDATE and a
  // lease, so with several instances each run happens once (a crashed run is due again when its lease ends)
  await db.schema
    .createTable('tasks')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('next_run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('claimed_by', 'varchar(32)')
    .addColumn('last_run_at', 'varchar(32)')
    .addColumn('last_error', 'text')
    .execute();
  // the expiry sweep reads published offers by date
  await db.schema.createIndex('jobs_status_expires_at_ix').on('jobs').columns(['status', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_status_expires_at_ix').execute();
  await db.schema.dropTable('tasks').ifExists().execute();
  await db.schema.alterTable('jobs').dropColumn('expiry_warned_at').execute();
  await db.schema.alterTable('company_feedback').dropColumn('hired_applicants').execute();
  for (const column of ['expires_at', 'published_at', 'reason'])
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  await db.schema.dropTable('job_moves').ifExists().execute();
}
