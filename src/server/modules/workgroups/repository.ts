/** Working groups, their members, followers, wall and files. */
import { sql } from 'kysely';
import { matchText, wordsMatch } from '../../db/search';
import type { Conn } from '../../db/conn';
import { runShaped } from '../../db/shapes';

export interface WorkgroupFilter {
  text?: string;
  type?: string;
  memberOf?: string;
}

/** `a.text` is a match string (db/search.ts matchText); the member is named three times (see groupArgs). */
function published(
  db: Conn,
  a: { text: string | null; type?: string; memberOf?: string; memberOf2?: string; memberOf3?: string },
) {
  let query = db
    .selectFrom('workgroups')
    .innerJoin('users as admin', 'admin.hash', 'workgroups.admin_hash')
    .where('workgroups.status', '=', 'PUBLISHED');
  if (a.text) query = query.where(wordsMatch(db, 'workgroups', a.text));
  if (a.type) query = query.where('workgroups.type', '=', a.type);
  if (a.memberOf) {
    const user = a.memberOf;
    const user2 = a.memberOf2 ?? user;
    const user3 = a.memberOf3 ?? user;
    query = query.where((eb) =>
      eb.or([
        eb('workgroups.admin_hash', '=', user),
        eb.exists(
          eb
            .selectFrom('workgroup_members')
            .select('workgroup_members.hash')
            .whereRef('workgroup_members.workgroup_hash', '=', 'workgroups.hash')
            .where('workgroup_members.user_hash', '=', user2)
            .where('workgroup_members.status', 'in', ['ACCEPTED', 'PENDING']),
        ),
        eb.exists(
          eb
            .selectFrom('workgroup_followers')
            .select('workgroup_followers.user_hash')
            .whereRef('workgroup_followers.workgroup_hash', '=', 'workgroups.hash')
            .where('workgroup_followers.user_hash', '=', user3),
        ),
      ]),
    );
  }
  return query;
}

const COLUMNS = [
  'workgroups.hash',
  'workgroups.slug',
  'workgroups.name',
  'workgroups.typology',
  'workgroups.type',
  'workgroups.status',
  'workgroups.image',
  'workgroups.description',
  'workgroups.admin_hash',
  'admin.hash as user_hash',
  'admin.name as user_name',
  'admin.surname1',
  'admin.photo',
] as const;

/** The filter as a shape's arguments (db/shapes.ts): the member once per place the SQL names them. */
function groupArgs(db: Conn, filter: WorkgroupFilter) {
  const user = filter.memberOf;
  return { text: matchText(db, filter.text), type: filter.type, memberOf: user, memberOf2: user, memberOf3: user };
}
type GroupArgs = ReturnType<typeof groupArgs>;

export async function count(db: Conn, filter: WorkgroupFilter) {
  const [row] = await runShaped(db, 'workgroups.count', groupArgs(db, filter), (a: GroupArgs) =>
    published(db, a).select((eb) => eb.fn.countAll<number>().as('n')),
  );
  return Number(row?.n ?? 0);
}

/**
 * A page of groups with their member and follower counts and, for a member, their own membership, in one statement
 * (the counts read the indexes of workgroup_members and workgroup_followers; service.ts present() takes them as is).
 */
export function page(db: Conn, filter: WorkgroupFilter, limit: number, offset: number, me: string | null) {
  const args = { ...groupArgs(db, filter), me, limit, offset };
  return runShaped(db, 'workgroups.page', args, (a: typeof args) =>
    published(db, a)
      .select(COLUMNS)
      .select((eb) => [
        eb
          .selectFrom('workgroup_members')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('workgroup_members.workgroup_hash', '=', 'workgroups.hash')
          .where('workgroup_members.status', '=', 'ACCEPTED')
          .as('member_count'),
        eb
          .selectFrom('workgroup_followers')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('workgroup_followers.workgroup_hash', '=', 'workgroups.hash')
          .as('follower_count'),
        a.me
          ? eb
              .selectFrom('workgroup_members')
              .select('workgroup_members.status')
              .whereRef('workgroup_members.workgroup_hash', '=', 'workgroups.hash')
              .where('workgroup_members.user_hash', '=', a.me)
              .limit(1)
              .as('my_membership')
          : sql<string | null>`null`.as('my_membership'),
      ])
      .orderBy('workgroups.created_at', 'desc')
      .orderBy('workgroups.hash')
      .limit(a.limit)
      .offset(a.offset),
  );
}

/** By slug, else by hash (two indexed lookups rather than one OR that scans). */
export async function findPublished(db: Conn, hashOrSlug: string) {
  const query = (column: 'workgroups.slug' | 'workgroups.hash') =>
    published(db, { text: null }).select(COLUMNS).where(column, '=', hashOrSlug).executeTakeFirst();
  return (await query('workgroups.slug')) ?? (await query('workgroups.hash'));
}

export async function memberCounts(db: Conn, hashes: string[]) {
  if (hashes.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('workgroup_members')
    .select(['workgroup_hash', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workgroup_hash', 'in', hashes)
    .where('status', '=', 'ACCEPTED')
    .groupBy('workgroup_hash')
    .execute();
  return new Map(rows.map((row) => [row.workgroup_hash, Number(row.n)]));
}

export async function followerCounts(db: Conn, hashes: string[]) {
  if (hashes.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('workgroup_followers')
    .select(['workgroup_hash', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workgroup_hash', 'in', hashes)
    .groupBy('workgroup_hash')
    .execute();
  return new Map(rows.map((row) => [row.workgroup_hash, Number(row.n)]));
}

export function membershipsOf(db: Conn, hashes: string[], userHash: string) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('workgroup_members')
    .select(['workgroup_hash', 'status', 'hash'])
    .where('workgroup_hash', 'in', hashes)
    .where('user_hash', '=', userHash)
    .execute();
}

export function insertMember(
  db: Conn,
  row: {
    hash: string;
    workgroup_hash: string;
    user_hash: string;
    status: string;
    created_at: string;
    message?: string | null;
  },
) {
  return db.insertInto('workgroup_members').values(row).execute();
}

export function deleteMember(db: Conn, workgroupHash: string, userHash: string) {
  return db
    .deleteFrom('workgroup_members')
    .where('workgroup_hash', '=', workgroupHash)
    .where('user_hash', '=', userHash)
    .execute();
}

export function setFollower(db: Conn, workgroupHash: string, userHash: string, follow: boolean, now: string) {
  const remove = db
    .deleteFrom('workgroup_followers')
    .where('workgroup_hash', '=', workgroupHash)
    .where('user_hash', '=', userHash);
  return follow
    ? remove
        .execute()
        .then(() =>
          db
            .insertInto('workgroup_followers')
            .values({ workgroup_hash: workgroupHash, user_hash: userHash, created_at: now })
            .execute(),
        )
    : remove.execute();
}

// ── wall ──────────────────────────────────────────────────────────────────────

const COMMENT_COLUMNS = [
  'comments.hash',
  'comments.parent_hash',
  'comments.content',
  'comments.edited_at',
  'comments.created_at',
  'comments.file_hash',
  'users.hash as user_hash',
  'users.name as user_name',
  'users.surname1',
  'users.photo',
  'users.is_appear_by_user',
] as const;

function topLevel(db: Conn, workgroupHash: string, onlyFiles: boolean) {
  let query = db
    .selectFrom('comments')
    .innerJoin('users', 'users.hash', 'comments.user_hash')
    .where('comments.workgroup_hash', '=', workgroupHash)
    .where('comments.parent_hash', 'is', null)
    .where('comments.deleted', '=', 0);
  if (onlyFiles) query = query.where('comments.file_hash', 'is not', null);
  return query;
}

export async function countComments(db: Conn, workgroupHash: string, onlyFiles: boolean) {
  const row = await topLevel(db, workgroupHash, onlyFiles)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageComments(db: Conn, workgroupHash: string, onlyFiles: boolean, limit: number, offset: number) {
  return topLevel(db, workgroupHash, onlyFiles)
    .select(COMMENT_COLUMNS)
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function repliesOf(db: Conn, parentHashes: string[]) {
  if (parentHashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.hash', 'comments.user_hash')
    .select(COMMENT_COLUMNS)
    .where('comments.parent_hash', 'in', parentHashes)
    .where('comments.deleted', '=', 0)
    .orderBy('comments.created_at')
    .execute();
}

export async function likeStats(db: Conn, commentHashes: string[], userHash: string | null) {
  if (commentHashes.length === 0) return { counts: new Map<string, number>(), mine: new Set<string>() };
  const rows = await db
    .selectFrom('comment_likes')
    .select([
      'comment_hash',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<number>`sum(case when user_hash = ${userHash ?? ''} then 1 else 0 end)`.as('mine'),
    ])
    .where('comment_hash', 'in', commentHashes)
    .groupBy('comment_hash')
    .execute();
  return {
    counts: new Map(rows.map((row) => [row.comment_hash, Number(row.n)])),
    mine: new Set(rows.filter((row) => Number(row.mine) > 0).map((row) => row.comment_hash)),
  };
}

export function filesByHash(db: Conn, hashes: string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('files')
    .select(['hash', 'name', 'mime', 'size', 'updated_at'])
    .where('hash', 'in', hashes)
    .execute();
}

/** The reports on these posts, for the group's administrator (the reporters stay unnamed), and which of them `userHash` reported. */
export async function reportsOf(db: Conn, commentHashes: string[], userHash: string | null) {
  const byPost = new Map<string, { reason: string; created_at: string }[]>();
  const mine = new Set<string>();
  if (commentHashes.length === 0) return { byPost, mine };
  const rows = await db
    .selectFrom('comment_reports')
    .select(['comment_hash', 'user_hash', 'reason', 'created_at'])
    .where('comment_hash', 'in', commentHashes)
    .orderBy('created_at')
    .execute();
  for (const row of rows) {
    byPost.set(row.comment_hash, [
      ...(byPost.get(row.comment_hash) ?? []),
      { reason: row.reason, created_at: row.created_at },
    ]);
    if (row.user_hash === userHash) mine.add(row.comment_hash);
  }
  return { byPost, mine };
}

export function findComment(db: Conn, workgroupHash: string, commentHash: string) {
  return db
    .selectFrom('comments')
    .select(['hash', 'user_hash', 'parent_hash'])
    .where('workgroup_hash', '=', workgroupHash)
    .where('hash', '=', commentHash)
    .where('deleted', '=', 0)
    .executeTakeFirst();
}

export async function toggleLike(db: Conn, commentHash: string, userHash: string, now: string) {
  const removed = await db
    .deleteFrom('comment_likes')
    .where('comment_hash', '=', commentHash)
    .where('user_hash', '=', userHash)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('comment_likes')
    .values({ comment_hash: commentHash, user_hash: userHash, created_at: now })
    .execute();
  return true;
}

export async function countLikes(db: Conn, commentHash: string) {
  const row = await db
    .selectFrom('comment_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('comment_hash', '=', commentHash)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ── files and members ────────────────────────────────────────────────────────

export async function countFiles(db: Conn, workgroupHash: string) {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workgroup_hash', '=', workgroupHash)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageFiles(db: Conn, workgroupHash: string, limit: number, offset: number) {
  return db
    .selectFrom('files')
    .select(['hash', 'name', 'mime', 'size', 'updated_at'])
    .where('workgroup_hash', '=', workgroupHash)
    .orderBy('updated_at', 'desc')
    .orderBy('hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countMembers(db: Conn, workgroupHash: string) {
  const row = await db
    .selectFrom('workgroup_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workgroup_hash', '=', workgroupHash)
    .where('status', '=', 'ACCEPTED')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function pageMembers(db: Conn, workgroupHash: string, limit: number, offset: number) {
  return db
    .selectFrom('workgroup_members')
    .innerJoin('users', 'users.hash', 'workgroup_members.user_hash')
    .select([
      'workgroup_members.hash',
      'workgroup_members.status',
      'users.hash as user_hash',
      'users.name as user_name',
      'users.surname1',
      'users.photo',
      'users.is_appear_by_user',
    ])
    .where('workgroup_members.workgroup_hash', '=', workgroupHash)
    .where('workgroup_members.status', '=', 'ACCEPTED')
    .orderBy('users.surname1')
    .orderBy('workgroup_members.hash')
    .limit(limit)
    .offset(offset)
    .execute();
}
