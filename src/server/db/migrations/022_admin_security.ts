/**
 * Administrators (issue 14 §7): a second factor (TOTP, its secret encrypted with a key derived from SECRET_KEY, the
 * last time step used so a code works once, and one-time recovery codes stored as SHA-256), and removal — a removed
 * administrator keeps their audit rows (their hash stays) but can no longer sign in.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admins').addColumn('totp_secret', 'varchar(255)').execute();
  await db.schema.alterTable('admins').addColumn('totp_enabled_at', 'varchar(32)').execute();
  await db.schema.alterTable('admins').addColumn('totp_last_step', 'integer').execute();
  await db.schema.alterTable('admins').addColumn('recovery_codes', 'text').execute();
  await db.schema.alterTable('admins').addColumn('removed_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['removed_at', 'recovery_codes', 'totp_last_step', 'totp_enabled_at', 'totp_secret'])
    await db.schema.alterTable('admins').dropColumn(column).execute();
}
