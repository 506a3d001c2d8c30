/**
 * The `auth` data version (issue 27 §2, modules/auth/sessionCache.ts): bumped in the writing transaction by every
 * write that can change who a remembered session is or whether it may still be used — a session updated (signed
 * out, revoked, rotated, its expiry moved) or deleted; an account's role, status or e-mail changed, an account
 * deleted; an administrator removed or their second factor turned on or off. Each instance keeps the sessions it has
 * resolved in memory only while this version is the one it read them at, so what any instance (or the admin CLI,
 * or a restore) commits is seen by every instance's next request. A new session (an insert) changes nothing already
 * remembered and does not bump it. Same triggers as migrations 008/009: statement-level on PostgreSQL (the
 * bump_data_version function of 008), row-level on SQLite.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Per table: the columns whose update bumps the version (null: any update), deletes always do. */
export const AUTH_WRITES: ReadonlyArray<[table: string, columns: string[] | null]> = [
  ['sessions', null],
  ['users', ['hash', 'role', 'status', 'email']],
  ['companies', ['hash', 'status', 'email']],
  ['admins', ['hash', 'email', 'removed_at', 'totp_enabled_at']],
];

function isPostgres(db: Kysely<unknown>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const updateOf = (columns: string[] | null) => (columns ? `update of ${columns.join(', ')}` : 'update');

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into data_versions (name, version) values ('auth', 0)`.execute(db);
  if (isPostgres(db)) {
    for (const [table, columns] of AUTH_WRITES)
      await sql
        .raw(
          `create trigger ${table}_auth_version after delete or ${updateOf(columns)} on ${table} for each statement execute function bump_data_version('auth')`,
        )
        .execute(db);
    return;
  }
  const bump = `update data_versions set version = version + 1 where name = 'auth';`;
  for (const [table, columns] of AUTH_WRITES) {
    await sql.raw(`create trigger ${table}_auth_delete after delete on ${table} begin ${bump} end`).execute(db);
    await sql
      .raw(`create trigger ${table}_auth_update after ${updateOf(columns)} on ${table} begin ${bump} end`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of AUTH_WRITES) {
    if (isPostgres(db)) await sql.raw(`drop trigger if exists ${table}_auth_version on ${table}`).execute(db);
    else
      for (const event of ['delete', 'update'])
        await sql.raw(`drop trigger if exists ${table}_auth_${event}`).execute(db);
  }
  await sql`delete from data_versions where name = 'auth'`.execute(db);
}
