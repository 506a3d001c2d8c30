/**
 * How often each offer was opened (issue 11 §3: the company's "views"). A row per offer, added to by each instance's
 * buffered counter (modules/jobs/views.ts) with an upsert, never by the request that reads the offer. The table is
 * private: a view changes no anonymous answer, so it bumps no public version and the offer stays cached.
 */
import type { Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['job_views'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_views')
    .addColumn('job_hash', 'varchar(32)', (c) => c.primaryKey().references('jobs.hash').onDelete('cascade'))
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_views').ifExists().execute();
}
