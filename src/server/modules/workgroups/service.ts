/**
 * Working groups. A PRIVATE group shows non-members only its public face: its wall, files and
 * members are answered with 404 `workgroups.membersOnly`, so nothing of them leaks.
 */
import { PAGE_SIZES, WALL_EDIT_MINUTES, type Locale } from '../../../shared/constants';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { newHash, nowIso } from '../../lib/ids';
import { listResult, pageWindow, pageWithTotal, type PageQuery } from '../../lib/lists';
import { cachedPage } from '../../lib/countCache';
import type { FileLinks } from '../../lib/signedLinks';
import type { Actor } from '../../types';
import { memberOfFilter } from '../articles/memberFilter';
import { presentAuthor, presentGroupAuthor } from '../users/presenters';
import { asCode, WORKGROUP_TYPOLOGIES } from '../../../shared/codes';
import * as repo from './repository';
import { removePost } from './wall/service';
import type { Config } from '../../config';
import type { Conn } from '../../db/conn';
import { findUser } from '../auth/repository';
import { enqueueMail } from '../mail/outbox';
import { localizePath } from '../../../shared/routes';
import { type ServiceContext } from '../../serviceContext';

export interface WorkgroupsQuery extends PageQuery {
  text?: string;
  type?: string;
  subscribed_by_me?: boolean;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findPublished>>>;
/** A row of repo.page: its counts and the caller's membership came with it. */
type CountedRow = Row & {
  member_count: number | string | null;
  follower_count: number | string | null;
  my_membership: string | null;
};

function memberHash(actor: Actor): string | null {
  return actor.type === 'user' ? actor.hash : null;
}

/** The counts and the caller's membership of rows read without them (one group by hash or slug). */
async function counted(db: Db, actor: Actor, rows: Row[]): Promise<CountedRow[]> {
  const hashes = rows.map((row) => row.hash);
  const me = memberHash(actor);
  const [members, followers, mine] = await Promise.all([
    repo.memberCounts(db, hashes),
    repo.followerCounts(db, hashes),
    me ? repo.membershipsOf(db, hashes, me) : [],
  ]);
  return rows.map((row) => ({
    ...row,
    member_count: members.get(row.hash) ?? 0,
    follower_count: followers.get(row.hash) ?? 0,
    my_membership: mine.find((m) => m.workgroup_hash === row.hash)?.status ?? null,
  }));
}

async function present(db: Db, actor: Actor, plain: Row[]) {
  return presentCounted(actor, await counted(db, actor, plain));
}

function presentCounted(actor: Actor, rows: CountedRow[]) {
  const me = memberHash(actor);
  return rows.map((row) => {
    const membership = row.my_membership ?? null;
    const isAdmin = me !== null && row.admin_hash === me;
    return {
      hash: row.hash,
      slug: row.slug,
      name: row.name,
      typology: asCode(WORKGROUP_TYPOLOGIES, row.typology),
      type: row.type,
      status: row.status,
      image: row.image,
      description: row.description,
      admin: presentAuthor(row),
      members: Number(row.member_count),
      followers: Number(row.follower_count),
      membership,
      is_admin: isAdmin,
      can_view: row.type === 'PUBLIC' || isAdmin || membership === 'ACCEPTED' || actor.type === 'admin',
    };
  });
}

export async function list(ctx: ServiceContext, query: WorkgroupsQuery) {
  const { db, actor, lng } = ctx;
  const memberOf = query.subscribed_by_me ? memberOfFilter(actor, lng, 'subscribed_by_me') : undefined;
  const { size, offset } = pageWindow(query, PAGE_SIZES.workgroups);
  const filter: repo.WorkgroupFilter = { text: query.text, type: query.type, memberOf };
  const page = () => repo.page(db, filter, size, offset, memberHash(actor));
  const count = () => repo.count(db, filter);
  // the public list's total is cached per filter and content version (a group's admin always exists: the foreign
  // key cascades, so the count depends on workgroups alone); the member's own list is counted when the page cannot tell
  const { rows, total } = memberOf
    ? await pageWithTotal(size, offset, page, count)
    : await cachedPage(db, 'content', `workgroups:${JSON.stringify(filter)}`, { size, offset }, page, count);
  return listResult(presentCounted(actor, rows), total, size);
}

export async function show(ctx: ServiceContext, id: string) {
  const { db, actor } = ctx;
  const row = await repo.findPublished(db, id);
  if (!row) throw AppError.notFound();
  return (await present(db, actor, [row]))[0]!;
}

/** The group, if the caller may read its wall, files and members. */
export async function viewable(ctx: ServiceContext, id: string) {
  const group = await show(ctx, id);
  if (!group.can_view) throw AppError.notFound('workgroups.membersOnly');
  return group;
}

/**
 * The member area's reads (/usr/workgroups/{hash}/comments|files): the group by its exact hash, for its members and
 * its administrator only; anyone else gets the private twin's 404, so the answer tells nothing about the group.
 */
export async function memberViewable(ctx: ServiceContext, hash: string) {
  const { db, actor } = ctx;
  const group = await repo.findPublished(db, hash);
  if (!group || group.hash !== hash) throw AppError.notFound('workgroups.membersOnly');
  const [view] = await present(db, actor, [group]);
  if (!view || !(view.is_admin || view.membership === 'ACCEPTED')) throw AppError.notFound('workgroups.membersOnly');
  return view;
}

/**
 * Join or leave (DESIGN §6): a PUBLIC group is joined at once (member and follower); a PRIVATE one
 * gets a PENDING request for its administrator. A second call leaves or withdraws the request.
 */
export async function toggleMembership(ctx: ServiceContext, id: string, message?: string) {
  const { db, config, actor } = ctx;
  const group = await show(ctx, id);
  if (group.is_admin) throw AppError.rule('workgroups.adminCannotLeave');
  const userHash = actor.hash!;
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const [current] = await repo.membershipsOf(trx, [group.hash], userHash);
    let status: string | null = null;
    if (current && current.status !== 'CANCELLED') {
      await repo.deleteMember(trx, group.hash, userHash);
      await repo.setFollower(trx, group.hash, userHash, false, now);
    } else {
      if (current) await repo.deleteMember(trx, group.hash, userHash);
      status = group.type === 'PUBLIC' ? 'ACCEPTED' : 'PENDING';
      await repo.insertMember(trx, {
        hash: newHash(),
        workgroup_hash: group.hash,
        user_hash: userHash,
        status,
        created_at: now,
        message: status === 'PENDING' ? message?.trim() || null : null,
      });
      await repo.setFollower(trx, group.hash, userHash, true, now);
      if (status === 'PENDING') await tellAdministrator(trx, config, group, userHash, message?.trim() || null);
    }
    const counts = await repo.memberCounts(trx, [group.hash]);
    return { active: status !== null, status, count: counts.get(group.hash) ?? 0 };
  });
}

/** A private group's administrator hears of a request (with its message) in their language. */
async function tellAdministrator(
  trx: Conn,
  config: Config,
  group: { hash: string; name: string; admin: { hash: string } },
  userHash: string,
  message: string | null,
) {
  const [admin, member] = await Promise.all([findUser(trx, group.admin.hash), findUser(trx, userHash)]);
  if (!admin || admin.status !== 'VALIDATED' || !member) return;
  const lng = admin.language as Locale;
  await enqueueMail(trx, {
    to: admin.email,
    language: lng,
    template: 'workgroup.requested',
    data: {
      name: admin.name,
      title: group.name,
      member: `${member.name} ${member.surname1}`.trim(),
      message,
      link: `${config.publicUrl}${localizePath('user.workgroups.show', lng, { hash: group.hash })}`,
    },
  });
}

/** Until when its author may still edit a post written at `createdAt` (issue 12 §4; wall/edits.ts). */
export function editableUntil(createdAt: string): string {
  return new Date(Date.parse(createdAt) + WALL_EDIT_MINUTES * 60_000).toISOString();
}

type CommentRow = Awaited<ReturnType<typeof repo.pageComments>>[number];

/** The wall; a comment's file comes as a signed link for this caller (DESIGN §4b), only once `viewable` let them in. */
export async function comments(
  ctx: ServiceContext,
  id: string,
  query: PageQuery & { only_files?: boolean },
  links: FileLinks,
) {
  const { db, actor } = ctx;
  const group = await viewable(ctx, id);
  const { size, offset } = pageWindow(query, PAGE_SIZES.workgroupComments);
  const onlyFiles = query.only_files ?? false;
  const [total, rows] = await Promise.all([
    repo.countComments(db, group.hash, onlyFiles),
    repo.pageComments(db, group.hash, onlyFiles, size, offset),
  ]);
  const replies = await repo.repliesOf(
    db,
    rows.map((row) => row.hash),
  );
  const all = [...rows, ...replies];
  const [likes, files, reports] = await Promise.all([
    repo.likeStats(
      db,
      all.map((row) => row.hash),
      memberHash(actor),
    ),
    repo.filesByHash(
      db,
      all.map((row) => row.file_hash).filter((h): h is string => !!h),
    ),
    repo.reportsOf(
      db,
      all.map((row) => row.hash),
      memberHash(actor),
    ),
  ]);
  // people outside the group do not see who keeps out of the directory (issue 12 §7)
  const insider = group.is_admin || group.membership === 'ACCEPTED' || actor.type === 'admin';
  const presentOne = (row: CommentRow) => {
    const file = files.find((f) => f.hash === row.file_hash);
    return {
      hash: row.hash,
      parent: row.parent_hash,
      content: row.content,
      created_at: row.created_at,
      file: file ? { hash: file.hash, name: file.name, url: links.link(file.hash) } : null,
      likes: likes.counts.get(row.hash) ?? 0,
      liked: likes.mine.has(row.hash),
      user: presentGroupAuthor(row, insider),
      edited_at: row.edited_at,
      // only its author learns until when they may edit it; only the group's administrator reads the reports
      editable_until: row.user_hash === actor.hash ? editableUntil(row.created_at) : null,
      reported: reports.mine.has(row.hash),
      reports: group.is_admin ? (reports.byPost.get(row.hash) ?? []) : undefined,
    };
  };
  const items = rows.map((row) => ({
    ...presentOne(row),
    replies: replies
      .filter((reply) => reply.parent_hash === row.hash)
      .map((reply) => ({ ...presentOne(reply), replies: [] })),
  }));
  return listResult(items, total, size);
}

export async function toggleLike(ctx: ServiceContext, id: string, commentHash: string) {
  const { db, actor } = ctx;
  const group = await viewable(ctx, id);
  const comment = await repo.findComment(db, group.hash, commentHash);
  if (!comment) throw AppError.notFound();
  return db.transaction().execute(async (trx) => {
    const active = await repo.toggleLike(trx, comment.hash, actor.hash!, nowIso());
    return { active, count: await repo.countLikes(trx, comment.hash) };
  });
}

/** The author or the group's administrator (SPEC §6) may delete a comment; its replies go with it. */
export async function deleteComment(ctx: ServiceContext, id: string, commentHash: string) {
  const { db, actor } = ctx;
  const group = await viewable(ctx, id);
  const comment = await repo.findComment(db, group.hash, commentHash);
  if (!comment) throw AppError.notFound();
  if (comment.user_hash !== actor.hash && !group.is_admin) throw AppError.forbidden('workgroups.notYourComment');
  // its replies and the files posted with them go too (wall/service.ts)
  await db.transaction().execute((trx) => removePost({ ...ctx, db: trx }, comment.hash));
  return { ok: true };
}

export async function files(ctx: ServiceContext, id: string, query: PageQuery, links: FileLinks) {
  const { db } = ctx;
  const group = await viewable(ctx, id);
  const { size, offset } = pageWindow(query, PAGE_SIZES.workgroupFiles);
  const [total, rows] = await Promise.all([
    repo.countFiles(db, group.hash),
    repo.pageFiles(db, group.hash, size, offset),
  ]);
  return listResult(
    rows.map((file) => ({ ...file, url: links.link(file.hash) })),
    total,
    size,
  );
}

export async function members(ctx: ServiceContext, id: string, query: PageQuery) {
  const { db, actor } = ctx;
  const group = await viewable(ctx, id);
  const { size, offset } = pageWindow(query, PAGE_SIZES.workgroupUsers);
  const [total, rows] = await Promise.all([
    repo.countMembers(db, group.hash),
    repo.pageMembers(db, group.hash, size, offset),
  ]);
  const insider = group.is_admin || group.membership === 'ACCEPTED' || actor.type === 'admin';
  return listResult(
    rows.map((row) => ({ hash: row.hash, status: row.status, user: presentGroupAuthor(row, insider) })),
    total,
    size,
  );
}
