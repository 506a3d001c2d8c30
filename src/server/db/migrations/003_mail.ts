/**
 * E-mail outbox delivery (issue 8 §1): the rendered HTML part beside 001's subject and text, and the
 * columns the worker claims rows with. Times are ISO strings like the rest of 001, compared as text.
 * - next_attempt_at: a PENDING row is due when this is in the past (backoff after a failure);
 * - locked_until / claimed_by: a row in SENDING belongs to one worker until its lease ends (a crash leaves
 *   the row due again once the lease is over: nothing is lost on restart).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await s.alterTable('email_outbox').addColumn('body_html', 'text').execute();
  await s
    .alterTable('email_outbox')
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.alterTable('email_outbox').addColumn('locked_until', 'varchar(32)').execute();
  await s.alterTable('email_outbox').addColumn('claimed_by', 'varchar(64)').execute();
  await s
    .createIndex('email_outbox_status_next_attempt_at_ix')
    .on('email_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('email_outbox_status_next_attempt_at_ix').ifExists().execute();
  for (const column of ['claimed_by', 'locked_until', 'next_attempt_at', 'body_html']) {
    await db.schema.alterTable('email_outbox').dropColumn(column).execute();
  }
}
