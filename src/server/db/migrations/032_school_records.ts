/**
 * The school's records (issue 28 §1): who studied or works at the school, imported by the back office and
 * compared with registrations (§2). The document number is kept only as a keyed hash (HMAC of the normalised
 * number with SECRET_KEY): it can be compared, never shown. `school_studies` maps a study name of the
 * school's files to a category of the tree (the mapping step for names the tree does not know).
 */
import type { Kysely } from 'kysely';

/** Read by the back office and registration only: no public page shows them, so no change bumps the public cache. */
export const PRIVATE_TABLES = ['school_records', 'school_studies'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('school_records')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('document_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('surname1', 'text', (c) => c.notNull())
    .addColumn('surname2', 'text')
    .addColumn('email', 'text')
    .addColumn('study', 'text')
    .addColumn('first_year', 'integer')
    .addColumn('last_year', 'integer')
    .addColumn('graduated_on', 'text')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('school_records_study_ix').on('school_records').column('study').execute();
  await db.schema
    .createTable('school_studies')
    .addColumn('study_key', 'text', (c) => c.primaryKey())
    .addColumn('study', 'text', (c) => c.notNull())
    .addColumn('category_hash', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('school_studies').execute();
  await db.schema.dropTable('school_records').execute();
}
