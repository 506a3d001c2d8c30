/**
 * Membership that pays (issue 13 §3–§5): a subscription renews itself every year on its date (`renew`, `next_charge_at`),
 * is paid by the member's default card or by direct debit (`method`), and counts its failed charges (`failures`, retried
 * then ended). Each charge is a row of `payments`, unique per subscription, period and attempt, so two instances (or a
 * replayed job) can never charge the same attempt twice. Direct debit needs a mandate the member accepted. A receipt
 * travels with its e-mail as a PDF made when the e-mail is sent (`email_outbox.attachments`). Private.
 */
import { sql, type Kysely } from 'kysely';

/** Tables added here whose writes never change an anonymous answer (see 009_public_cache.ts). */
export const PRIVATE_TABLES = ['payments', 'debit_mandates'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const subscriptions = db.schema.alterTable('subscriptions');
  await subscriptions.addColumn('method', 'varchar(8)', (c) => c.notNull().defaultTo('CARD')).execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('renew', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('period_start', 'varchar(32)').execute();
  await db.schema.alterTable('subscriptions').addColumn('next_charge_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('last_failure', 'varchar(64)').execute();
  await db.schema.alterTable('subscriptions').addColumn('ended_at', 'varchar(32)').execute();
  await db.schema
    .createIndex('subscriptions_due_ix')
    .on('subscriptions')
    .columns(['status', 'next_charge_at'])
    .execute();
  // one running subscription per member, whatever two requests or instances try at once
  await sql`CREATE UNIQUE INDEX subscriptions_running_uq ON subscriptions (user_hash) WHERE status IN ('ACTIVE', 'PAST_DUE')`.execute(
    db,
  );

  await db.schema
    .createTable('payments')
    .addColumn('hash', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_hash', 'varchar(32)', (c) => c.notNull().references('users.hash').onDelete('cascade'))
    .addColumn('subscription_hash', 'varchar(32)', (c) =>
      c.notNull().references('subscriptions.hash').onDelete('cascade'),
    )
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull()) // PENDING | PAID | FAILED | REFUNDED | RETURNED
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .addColumn('period_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('period_end', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('card_label', 'varchar(40)')
    .addColumn('mandate_ref', 'varchar(35)')
    .addColumn('provider_ref', 'varchar(64)')
    .addColumn('result', 'varchar(64)')
    .addColumn('receipt_number', 'varchar(20)', (c) => c.unique())
    .addColumn('sepa_batch', 'varchar(40)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('settled_at', 'varchar(32)')
    .addUniqueConstraint('payments_attempt_uq', ['subscription_hash', 'period_start', 'attempt'])
    .execute();
  await db.schema.createIndex('payments_user_ix').on('payments').columns(['user_hash', 'created_at']).execute();
  await db.schema
    .createIndex('payments_status_ix')
    .on('payments')
    .columns(['status', 'method', 'created_at'])
    .execute();

  await db.schema
    .createTable('debit_mandates')
    .addColumn('reference', 'varchar(35)', (c) => c.primaryKey())
    .addColumn('user_hash', 'varchar(32)', (c) => c.notNull().references('users.hash').onDelete('cascade'))
    .addColumn('iban', 'varchar(42)', (c) => c.notNull())
    .addColumn('holder', 'varchar(150)', (c) => c.notNull())
    .addColumn('language', 'varchar(2)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('debit_mandates_user_ix')
    .on('debit_mandates')
    .columns(['user_hash', 'accepted_at'])
    .execute();

  await db.schema.alterTable('email_outbox').addColumn('attachments', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('attachments').execute();
  await db.schema.dropTable('debit_mandates').ifExists().execute();
  await db.schema.dropTable('payments').ifExists().execute();
  await db.schema.dropIndex('subscriptions_running_uq').ifExists().execute();
  await db.schema.dropIndex('subscriptions_due_ix').ifExists().execute();
  for (const column of ['ended_at', 'last_failure', 'failures', 'next_charge_at', 'period_start', 'renew', 'method'])
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
}
