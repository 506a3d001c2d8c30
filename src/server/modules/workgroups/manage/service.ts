/**
 * Groups run by members (issue 12, DESIGN §4b): a Bold or GRATIS member creates a group (UNPUBLISHED, a draft), edits
 * it, sends it for review (PENDING; the association publishes or rejects it in the back office) and, once members
 * ask to join, accepts or declines them (e-mailed in their language), removes members, and may hand the group to a
 * member. Only the group's administrator reaches these routes; another member's group answers 404. Editing a published
 * group keeps it published (docs/decisions.md); a rejected one goes back to review when sent again.
 */
import type { Config } from '../../../config';
import { storePublicImage } from '../../../lib/publicImages';
import { removeUnnamedPictures, replacePictureRows } from '../../../lib/publicPictures';
import { publicKey, removeQuietly } from '../../../lib/storage';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { newHash, nowIso, slugify } from '../../../lib/ids';
import { listResult, pageWindow, type PageQuery } from '../../../lib/lists';
import { pageTotal } from '../../../lib/pageTotal';
import { foldText } from '../../../../shared/text';
import { PAGE_SIZES, type Locale } from '../../../../shared/constants';
import { localizePath } from '../../../../shared/routes';
import type { WorkgroupWrite } from '../../../../shared/schema-types';
import type { UploadedFile } from '../../../plugins/uploads';
import type { Actor } from '../../../types';
import type { Conn } from '../../../db/conn';
import { enqueueMail } from '../../mail/outbox';
import { presentAuthor } from '../../users/presenters';
import * as repo from './repository';
import { type ServiceContext } from '../../../serviceContext';

const IMAGES = 'workgroups';
const SUBMITTABLE = ['UNPUBLISHED', 'REJECTED'];

const fieldError = (lng: Locale, field: string, key: string, params: Record<string, unknown> = {}) =>
  AppError.badRequest('validation.failed', [{ field, message: translate(lng, key, { field, ...params }) }]);

async function present(db: Conn, rows: repo.OwnRow[]) {
  const stats = await repo.memberStats(
    db,
    rows.map((row) => row.hash),
  );
  return rows.map((row) => {
    const { admin_hash: _admin, ...rest } = row;
    return { ...rest, ...stats.get(row.hash)! };
  });
}

/** The group if `actor` administers it; anyone else's group (or none) answers 404, as if it did not exist. */
async function ownGroup(db: Conn, actor: Actor, hash: string) {
  const group = await repo.findGroup(db, hash);
  if (!group || group.admin_hash !== actor.hash) throw AppError.notFound();
  return group;
}

export async function list(ctx: ServiceContext, query: PageQuery) {
  const { db, actor } = ctx;
  const { size, offset } = pageWindow(query, PAGE_SIZES.workgroups);
  const rows = await repo.pageMine(db, actor.hash!, size, offset);
  const total = await pageTotal({ size, offset }, rows.length, () => repo.countMine(db, actor.hash!));
  // members and requests are counted by the page's own statement
  const items = rows.map(({ admin_hash: _admin, members, requests, ...rest }) => ({
    ...rest,
    members: Number(members),
    requests: Number(requests),
  }));
  return listResult(items, total, size);
}

export async function show(ctx: ServiceContext, hash: string) {
  const { db, actor } = ctx;
  return (await present(db, [await ownGroup(db, actor, hash)]))[0]!;
}

const searchText = (name: string, description: string) => foldText(`${name} ${description}`);

export async function create(ctx: ServiceContext, body: WorkgroupWrite) {
  const { db, actor, lng } = ctx;
  for (const field of ['name', 'typology', 'type', 'description'] as const)
    if (body[field] === undefined) throw fieldError(lng, field, 'validation.required');
  if (body.status !== undefined || body.admin !== undefined)
    throw fieldError(lng, body.status !== undefined ? 'status' : 'admin', 'workgroups.notOnCreate');
  const hash = newHash();
  const now = nowIso();
  const name = body.name!.trim();
  const description = body.description!.trim();
  await repo.insertGroup(db, {
    hash,
    slug: `${slugify(name, 60)}-${hash.slice(0, 6)}`,
    name,
    typology: body.typology!,
    type: body.type!,
    status: 'UNPUBLISHED',
    image: null,
    admin_hash: actor.hash!,
    description,
    search_text: searchText(name, description),
    data: '{}',
    created_at: now,
    updated_at: now,
  });
  // the administrator is always a member (and follows the group), as the demo's groups have it
  await db
    .insertInto('workgroup_members')
    .values({
      hash: newHash(),
      workgroup_hash: hash,
      user_hash: actor.hash!,
      status: 'ACCEPTED',
      created_at: now,
      message: null,
    })
    .execute();
  await db
    .insertInto('workgroup_followers')
    .values({ workgroup_hash: hash, user_hash: actor.hash!, created_at: now })
    .execute();
  return show(ctx, hash);
}

export async function update(ctx: ServiceContext, hash: string, body: WorkgroupWrite) {
  const { db, config, actor, lng } = ctx;
  await db.transaction().execute(async (trx) => {
    const group = await ownGroup(trx, actor, hash);
    const name = body.name?.trim() ?? group.name;
    const description = body.description?.trim() ?? group.description;
    const changes = {
      name,
      description,
      typology: body.typology ?? group.typology,
      type: body.type ?? group.type,
      search_text: searchText(name, description),
      updated_at: nowIso(),
    };
    if (body.status === 'PENDING') {
      if (!SUBMITTABLE.includes(group.status))
        throw new AppError(409, 'workgroups.alreadySubmitted', { status: group.status });
      // guarded: a decision taken meanwhile wins
      if (!(await repo.updateGroup(trx, hash, { ...changes, status: 'PENDING' }, group.status)))
        throw new AppError(409, 'workgroups.alreadySubmitted');
    } else {
      await repo.updateGroup(trx, hash, changes);
    }
    if (body.admin !== undefined) await handOver(trx, config, group, body.admin, lng);
  });
  // after a hand-over the group is no longer the caller's: answer what they can still read
  const after = await repo.findGroup(db, hash);
  return (await present(db, [after!]))[0]!;
}

/** Gives the group to one of its members; the former administrator stays as a member. */
async function handOver(trx: Conn, _config: Config, group: repo.OwnRow, to: string, lng: Locale) {
  if (to === group.admin_hash) return;
  const member = await repo.membership(trx, group.hash, to);
  if (!member || member.status !== 'ACCEPTED') throw fieldError(lng, 'admin', 'workgroups.handOverMember');
  await repo.updateGroup(trx, group.hash, { admin_hash: to, updated_at: nowIso() });
  // the former administrator stays a member (a group made before that rule may lack their row)
  const former = await repo.membership(trx, group.hash, group.admin_hash);
  if (!former)
    await trx
      .insertInto('workgroup_members')
      .values({
        hash: newHash(),
        workgroup_hash: group.hash,
        user_hash: group.admin_hash,
        status: 'ACCEPTED',
        created_at: nowIso(),
        message: null,
      })
      .execute();
  await trx
    .insertInto('workgroup_followers')
    .values({ workgroup_hash: group.hash, user_hash: group.admin_hash, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['workgroup_hash', 'user_hash']).doNothing())
    .execute();
}

/** A published group with members is the association's to take down (it may hold their posts); a draft goes at once. */
export async function remove(ctx: ServiceContext, hash: string) {
  const { actor } = ctx;
  const image = await ctx.db.transaction().execute(async (trx) => {
    const group = await ownGroup(trx, actor, hash);
    if (group.status === 'PUBLISHED' || group.status === 'PENDING') throw AppError.rule('workgroups.cannotDelete');
    await repo.deleteGroup(trx, hash);
    return group.image;
  });
  await removeUnnamedPictures(ctx.db, ctx.storage, [image]); // its `files` row went with the group (deleteGroup)
  return { ok: true };
}

/** The picture is put first, then workgroups.image and its `files` row in one transaction (issue 26). */
export async function setImage(ctx: ServiceContext, hash: string, file: UploadedFile) {
  const group = await ownGroup(ctx.db, ctx.actor, hash);
  const image = await storePublicImage(ctx.storage, IMAGES, file, ctx.lng);
  let old: string[];
  try {
    old = await ctx.db.transaction().execute(async (trx) => {
      // the group's row first: it locks the group, so two uploads at once apply one after the other
      await repo.updateGroup(trx, hash, { image: image.link, updated_at: nowIso() });
      return replacePictureRows(trx, 'workgroup', hash, ['group_image'], [{ kind: 'group_image', ...image }]);
    });
  } catch (error) {
    await removeQuietly(ctx.storage, [publicKey(image.link)]);
    throw error;
  }
  await removeUnnamedPictures(ctx.db, ctx.storage, [group.image, ...old]);
  return { image: image.link };
}

export async function roster(ctx: ServiceContext, hash: string, query: PageQuery & { status?: string }) {
  const { db, actor } = ctx;
  const group = await ownGroup(db, actor, hash);
  const { size, offset } = pageWindow(query, PAGE_SIZES.workgroupUsers);
  const [total, rows] = await Promise.all([
    repo.countRoster(db, hash, query.status),
    repo.pageRoster(db, hash, query.status, size, offset),
  ]);
  return listResult(
    rows.map((row) => ({
      hash: row.user_hash,
      status: row.status,
      message: row.message,
      created_at: row.created_at,
      is_admin: row.user_hash === group.admin_hash,
      user: presentAuthor(row),
    })),
    total,
    size,
  );
}

/** Accepts or declines a request (each e-mailed to the member in their language); a decided request answers 409. */
export async function decide(ctx: ServiceContext, hash: string, memberHash: string, status: 'ACCEPTED' | 'CANCELLED') {
  const { db, config, actor } = ctx;
  return db.transaction().execute(async (trx) => {
    const group = await ownGroup(trx, actor, hash);
    const member = await repo.membership(trx, hash, memberHash);
    if (!member) throw AppError.notFound();
    if (member.status !== 'PENDING' || !(await repo.moveMembership(trx, hash, memberHash, 'PENDING', status)))
      throw new AppError(409, 'workgroups.alreadyDecided', { status: member.status });
    if (status === 'CANCELLED')
      await trx
        .deleteFrom('workgroup_followers')
        .where('workgroup_hash', '=', hash)
        .where('user_hash', '=', memberHash)
        .execute();
    const lng = member.language as Locale;
    // the answer is e-mailed unless the member turned that e-mail off (settings, issue 12 §6)
    if (member.notify_group_requests === 1) {
      await enqueueMail(trx, {
        to: member.email,
        language: lng,
        template: status === 'ACCEPTED' ? 'workgroup.accepted' : 'workgroup.declined',
        data: {
          name: member.name,
          title: group.name,
          link: `${config.publicUrl}${localizePath('workgroups.show', lng, { slug: group.slug })}`,
        },
      });
    }
    return { hash: memberHash, status };
  });
}

/** Removes a member (not the administrator); they may ask again later. */
export async function removeMember(ctx: ServiceContext, hash: string, memberHash: string) {
  const { db, actor } = ctx;
  await db.transaction().execute(async (trx) => {
    const group = await ownGroup(trx, actor, hash);
    if (memberHash === group.admin_hash) throw AppError.rule('workgroups.adminCannotLeave');
    const member = await repo.membership(trx, hash, memberHash);
    if (!member) throw AppError.notFound();
    await repo.removeMembership(trx, hash, memberHash);
  });
  return { ok: true };
}
