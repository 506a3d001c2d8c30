/** The member's own row, tags and sessions, as the profile and settings need them. Plain functions over `db | trx`. */
import type { Insertable, Updateable } from 'kysely';
import type { AccountTokensTable, UsersTable } from '../../db/types';
import type { DialectName } from '../../db/dialect';
import type { Conn } from '../../db/conn';
import { runShaped } from '../../db/shapes';

/**
 * GET /usr/users/me in one statement (issue 27 §3): the member's row, whether they have a payment method (a card, or
 * a direct-debit mandate not revoked) and their newest student and portfolio files — compiled once.
 */
export async function memberWithFiles(db: Conn, hash: string) {
  const [row] = await runShaped(db, 'users.me', { hash }, (a: { hash: string }) =>
    db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) => {
        const newestFile = (kind: 'student' | 'portfolio') =>
          eb
            .selectFrom('files')
            .select('files.hash')
            .where('files.owner_type', '=', 'user')
            .whereRef('files.owner_hash', '=', 'users.hash')
            .where('files.kind', '=', kind)
            .orderBy('files.updated_at', 'desc')
            .orderBy('files.hash')
            .limit(1);
        return [
          eb
            .exists(eb.selectFrom('cards').select('cards.hash').whereRef('cards.user_hash', '=', 'users.hash'))
            .as('has_card'),
          eb
            .exists(
              eb
                .selectFrom('debit_mandates')
                .select('debit_mandates.reference')
                .whereRef('debit_mandates.user_hash', '=', 'users.hash')
                .where('debit_mandates.revoked_at', 'is', null),
            )
            .as('has_mandate'),
          newestFile('student').as('student_file_hash'),
          newestFile('portfolio').as('portfolio_file_hash'),
        ];
      })
      .where('users.hash', '=', a.hash),
  );
  return row;
}

/** The row, locked for the rest of the transaction on PostgreSQL (users.data is merged, not replaced). */
export function lockUser(db: Conn, dialect: DialectName, hash: string) {
  const query = db.selectFrom('users').selectAll().where('hash', '=', hash);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export function updateUser(db: Conn, hash: string, set: Updateable<UsersTable>) {
  return db.updateTable('users').set(set).where('hash', '=', hash).execute();
}

export async function categoryExists(db: Conn, hash: string): Promise<boolean> {
  return !!(await db.selectFrom('categories').select('hash').where('hash', '=', hash).executeTakeFirst());
}

/** How many of `hashes` are member tags of `group`. */
export async function countUserTags(db: Conn, group: string, hashes: string[]): Promise<number> {
  if (hashes.length === 0) return 0;
  const row = await db
    .selectFrom('tags')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', 'USER')
    .where('group', '=', group)
    .where('hash', 'in', hashes)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function replaceUserTags(db: Conn, userHash: string, group: string, hashes: string[]): Promise<void> {
  const inGroup = db.selectFrom('tags').select('hash').where('group', '=', group).where('type', '=', 'USER');
  await db.deleteFrom('user_tags').where('user_hash', '=', userHash).where('tag_hash', 'in', inGroup).execute();
  if (hashes.length)
    await db
      .insertInto('user_tags')
      .values(hashes.map((tag_hash) => ({ user_hash: userHash, tag_hash })))
      .execute();
}

export async function userTagsByGroup(db: Conn, userHash: string): Promise<Map<string, string[]>> {
  const rows = await runShaped(db, 'users.tagsByGroup', { userHash }, (a: { userHash: string }) =>
    db
      .selectFrom('user_tags')
      .innerJoin('tags', 'tags.hash', 'user_tags.tag_hash')
      .select(['tags.hash', 'tags.group'])
      .where('user_tags.user_hash', '=', a.userHash)
      .orderBy('tags.hash'),
  );
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.group, [...(out.get(row.group) ?? []), row.hash]);
  return out;
}

/** Ends every live session of a member except `keep` (the one changing the password). */
export function revokeOtherSessions(db: Conn, userHash: string, keep: string | null, now: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('actor_type', '=', 'user')
    .where('actor_hash', '=', userHash)
    .where('revoked_at', 'is', null);
  if (keep) query = query.where('hash', '<>', keep);
  return query.execute();
}

declare module '../../db/types' {
  interface AccountTokensTable {
    /** 006_profile: the address an `email_change` token moves the account to. */
    new_email: string | null;
  }
}

export async function emailTaken(db: Conn, email: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirst());
}

export function insertEmailChange(db: Conn, row: Insertable<AccountTokensTable>) {
  return db.insertInto('account_tokens').values(row).execute();
}

/** An earlier pending change of this member stops working. */
export function dropEmailChanges(db: Conn, userHash: string, now: string) {
  return db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('purpose', '=', 'email_change')
    .where('actor_type', '=', 'user')
    .where('actor_hash', '=', userHash)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks a live email_change token used and returns it (undefined when unknown, used or expired: single use, even when two requests race). */
export async function takeEmailChange(db: Conn, tokenHash: string, now: string) {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', 'email_change')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['actor_hash', 'new_email'])
    .executeTakeFirst();
  return row?.new_email ? { actor_hash: row.actor_hash, new_email: row.new_email } : undefined;
}
