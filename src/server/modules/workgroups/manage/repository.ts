/** Groups as the members who run them see them (every status), their members and requests. Kysely over `db | trx`. */
import type { Insertable, Updateable } from 'kysely';
import type { WorkgroupsTable } from '../../../db/types';
import type { Conn } from '../../../db/conn';
import { runShaped } from '../../../db/shapes';

const OWN = [
  'hash',
  'slug',
  'name',
  'typology',
  'type',
  'status',
  'reason',
  'image',
  'description',
  'admin_hash',
  'created_at',
  'updated_at',
] as const;

export async function countMine(db: Conn, adminHash: string): Promise<number> {
  const [row] = await runShaped(db, 'workgroups.mine.count', { adminHash }, (a: { adminHash: string }) =>
    db
      .selectFrom('workgroups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('admin_hash', '=', a.adminHash),
  );
  return Number(row?.n ?? 0);
}

/**
 * A page of the groups a member runs with their members and pending requests counted (GET /usr/workgroups): one
 * statement compiled once (issue 27 §3).
 */
export function pageMine(db: Conn, adminHash: string, limit: number, offset: number) {
  return runShaped(
    db,
    'workgroups.mine.page',
    { adminHash, limit, offset },
    (a: { adminHash: string; limit: number; offset: number }) =>
      db
        .selectFrom('workgroups')
        .select(OWN)
        .select((eb) => {
          const counted = (status: 'ACCEPTED' | 'PENDING') =>
            eb
              .selectFrom('workgroup_members')
              .select((m) => m.fn.countAll<number>().as('n'))
              .whereRef('workgroup_members.workgroup_hash', '=', 'workgroups.hash')
              .where('workgroup_members.status', '=', status);
          return [counted('ACCEPTED').as('members'), counted('PENDING').as('requests')];
        })
        .where('admin_hash', '=', a.adminHash)
        .orderBy('updated_at', 'desc')
        .orderBy('hash')
        .limit(a.limit)
        .offset(a.offset),
  );
}

export function findGroup(db: Conn, hash: string) {
  return db.selectFrom('workgroups').select(OWN).where('hash', '=', hash).executeTakeFirst();
}

export type OwnRow = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

export async function insertGroup(db: Conn, row: Insertable<WorkgroupsTable>): Promise<void> {
  await db.insertInto('workgroups').values(row).execute();
}

/** Changes a group; with `from`, only if it is still in that status (a guarded move). Answers whether it changed. */
export async function updateGroup(
  db: Conn,
  hash: string,
  changes: Updateable<WorkgroupsTable>,
  from?: string,
): Promise<boolean> {
  let query = db.updateTable('workgroups').set(changes).where('hash', '=', hash);
  if (from) query = query.where('status', '=', from);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function deleteGroup(db: Conn, hash: string): Promise<void> {
  await db
    .deleteFrom('comment_likes')
    .where('comment_hash', 'in', db.selectFrom('comments').select('hash').where('workgroup_hash', '=', hash))
    .execute();
  await db
    .deleteFrom('comment_reports')
    .where('comment_hash', 'in', db.selectFrom('comments').select('hash').where('workgroup_hash', '=', hash))
    .execute();
  await db.deleteFrom('comments').where('workgroup_hash', '=', hash).execute();
  await db.deleteFrom('workgroup_members').where('workgroup_hash', '=', hash).execute();
  await db.deleteFrom('workgroup_followers').where('workgroup_hash', '=', hash).execute();
  // the group's picture row (issue 26); the service removes its object after the commit
  await db.deleteFrom('files').where('owner_type', '=', 'workgroup').where('owner_hash', '=', hash).execute();
  await db.deleteFrom('workgroups').where('hash', '=', hash).execute();
}

/** Accepted members and pending requests per group. */
export async function memberStats(
  db: Conn,
  hashes: string[],
): Promise<Map<string, { members: number; requests: number }>> {
  const out = new Map(hashes.map((hash) => [hash, { members: 0, requests: 0 }]));
  if (!hashes.length) return out;
  const rows = await db
    .selectFrom('workgroup_members')
    .select(['workgroup_hash', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workgroup_hash', 'in', hashes)
    .where('status', 'in', ['ACCEPTED', 'PENDING'])
    .groupBy(['workgroup_hash', 'status'])
    .execute();
  for (const row of rows)
    out.get(row.workgroup_hash)![row.status === 'ACCEPTED' ? 'members' : 'requests'] = Number(row.n);
  return out;
}

function roster(db: Conn, groupHash: string, status?: string) {
  let query = db
    .selectFrom('workgroup_members')
    .innerJoin('users', 'users.hash', 'workgroup_members.user_hash')
    .where('workgroup_members.workgroup_hash', '=', groupHash)
    .where('workgroup_members.status', 'in', ['PENDING', 'ACCEPTED']);
  if (status) query = query.where('workgroup_members.status', '=', status);
  return query;
}

export async function countRoster(db: Conn, groupHash: string, status?: string): Promise<number> {
  const row = await roster(db, groupHash, status)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Requests first (oldest first), then members by surname. */
export function pageRoster(db: Conn, groupHash: string, status: string | undefined, limit: number, offset: number) {
  return roster(db, groupHash, status)
    .select([
      'workgroup_members.status',
      'workgroup_members.message',
      'workgroup_members.created_at',
      'users.hash as user_hash',
      'users.name as user_name',
      'users.surname1',
      'users.photo',
      'users.email',
      'users.language',
    ])
    .orderBy((eb) => eb.case().when('workgroup_members.status', '=', 'PENDING').then(0).else(1).end())
    .orderBy('workgroup_members.created_at')
    .orderBy('users.surname1')
    .orderBy('users.hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function membership(db: Conn, groupHash: string, userHash: string) {
  return db
    .selectFrom('workgroup_members')
    .innerJoin('users', 'users.hash', 'workgroup_members.user_hash')
    .select([
      'workgroup_members.hash',
      'workgroup_members.status',
      'users.email',
      'users.name',
      'users.language',
      'users.notify_group_requests',
    ])
    .where('workgroup_members.workgroup_hash', '=', groupHash)
    .where('workgroup_members.user_hash', '=', userHash)
    .executeTakeFirst();
}

/** Moves a membership from one status to another, guarded; answers whether it moved. */
export async function moveMembership(
  db: Conn,
  groupHash: string,
  userHash: string,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('workgroup_members')
    .set({ status: to })
    .where('workgroup_hash', '=', groupHash)
    .where('user_hash', '=', userHash)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function removeMembership(db: Conn, groupHash: string, userHash: string): Promise<void> {
  await db
    .deleteFrom('workgroup_members')
    .where('workgroup_hash', '=', groupHash)
    .where('user_hash', '=', userHash)
    .execute();
  await db
    .deleteFrom('workgroup_followers')
    .where('workgroup_hash', '=', groupHash)
    .where('user_hash', '=', userHash)
    .execute();
}
