/**
 * A note to the company with an application (issue 25 §18): optional plain text, at most 1,000 characters (the
 * `job.apply` schema), shown to the offer's company beside the candidate. Applying again replaces it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applicants').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applicants').dropColumn('note').execute();
}
