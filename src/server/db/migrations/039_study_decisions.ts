/**
 * The study mapping step (issue 28 §1): a study name of the school's files the office has decided on — mapped to a
 * category, or deliberately left without one — is not asked about again on the next import. `decided_at` tells a
 * name left unmapped on purpose from one only seen in a file (both have no category).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('school_studies').addColumn('decided_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('school_studies').dropColumn('decided_at').execute();
}
