/**
 * The outcome of an application once its offer closes (issue 25 §19): HIRED or NOT_SELECTED, set from the closing
 * survey for every application not withdrawn; null while the offer is open (or when it expired unsurveyed).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applicants').addColumn('outcome', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applicants').dropColumn('outcome').execute();
}
