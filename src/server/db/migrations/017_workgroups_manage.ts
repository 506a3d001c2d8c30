/**
 * Groups run by members (issue 12): a group keeps the association's last rejection reason (shown to its creator beside
 * the edit form), and a join request its optional message to the group's administrator.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workgroups').addColumn('reason', 'text').execute();
  await db.schema.alterTable('workgroup_members').addColumn('message', 'varchar(500)').execute();
  // "my groups": the ones a member administers, every status
  await db.schema
    .createIndex('workgroups_admin_status_ix')
    .on('workgroups')
    .columns(['admin_hash', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('workgroups_admin_status_ix').execute();
  await db.schema.alterTable('workgroup_members').dropColumn('message').execute();
  await db.schema.alterTable('workgroups').dropColumn('reason').execute();
}
