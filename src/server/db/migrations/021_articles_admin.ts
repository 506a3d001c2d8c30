/**
 * News and events written in the back office (issue 14 §1): an article is a DRAFT, SCHEDULED (published by a background
 * task at `publish_at`) or PUBLISHED — the old UNPUBLISHED becomes DRAFT. A language the association did not write is
 * stored as a copy of the Spanish text marked `is_fallback`, so every public read stays one join on the page's
 * language while the editor still knows which translations are missing.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('articles').addColumn('publish_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('article_i18n')
    .addColumn('is_fallback', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await sql`update articles set status = 'DRAFT' where status = 'UNPUBLISHED'`.execute(db);
  await db.schema.createIndex('articles_scheduled_ix').on('articles').columns(['status', 'publish_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('articles_scheduled_ix').execute();
  await sql`update articles set status = 'UNPUBLISHED' where status <> 'PUBLISHED'`.execute(db);
  await db.schema.alterTable('article_i18n').dropColumn('is_fallback').execute();
  await db.schema.alterTable('articles').dropColumn('publish_at').execute();
}
