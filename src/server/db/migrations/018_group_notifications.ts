/**
 * A member's group e-mails (issue 12 §6), each optional: the daily digest of new posts in my groups, a reply to my post,
 * the answer to my join request, my post removed by a group's administrator — all on by default. `group_digest_at`
 * is where the member's last digest stopped, written with the e-mail, so each post reaches each member once.
 */
import { sql, type Kysely } from 'kysely';

export const GROUP_NOTICES = [
  'notify_group_digest',
  'notify_group_replies',
  'notify_group_requests',
  'notify_group_removed',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of GROUP_NOTICES)
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(sql`1`))
      .execute();
  await db.schema.alterTable('users').addColumn('group_digest_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('group_digest_at').execute();
  for (const column of GROUP_NOTICES) await db.schema.alterTable('users').dropColumn(column).execute();
}
