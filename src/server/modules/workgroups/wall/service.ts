/**
 * Writing on a group's wall (issue 12 §4–§5): a member of the group (or its administrator) posts text with an optional
 * image or PDF, or replies in a thread (one level: a reply to a reply joins the thread). A picture is re-encoded in its
 * own format (EXIF, GPS and anything appended gone: issue 23 §3), a PDF moved as received; either is named after its
 * type (`poly.html` holding a JPEG is `poly.jpg`). The file is written to the private store first, then the post and its `files` row in one transaction (removed again if that fails). The group's
 * administrator may remove any post with a reason its author receives by e-mail; a removed post's file goes with it.
 */
import { AppError } from '../../../errors';
import { newHash, nowIso } from '../../../lib/ids';
import { downloadName, putPrivate, putPrivateFile, removePrivate } from '../../../lib/privateFiles';
import type { FileStorage } from '../../../lib/storage';
import { ImageError, MAX_INPUT_PIXELS, reencodeKeepingFormat } from '../../../lib/images';
import { translate } from '../../../i18n';
import { fileLinks } from '../../../lib/signedLinks';
import { localizePath } from '../../../../shared/routes';
import type { Locale } from '../../../../shared/constants';
import type { UploadedFile } from '../../../plugins/uploads';
import type { Config } from '../../../config';
import type { Conn } from '../../../db/conn';
import { findUser } from '../../auth/repository';
import { enqueueMail } from '../../mail/outbox';
import { presentAuthor } from '../../users/presenters';
import { findGroup } from '../manage/repository';
import { findWallTarget } from './target';
import { type ServiceContext } from '../../../serviceContext';

export interface NewPost {
  parent?: string;
  content: string;
  file?: UploadedFile;
}

/**
 * Only the group's accepted members and its administrator write on its wall (a public group's visitors read it):
 * 404 for a group the caller may not even read (as `viewable`), 403 for one they read but do not belong to.
 */
async function writable(ctx: ServiceContext, id: string) {
  const group = await findWallTarget(ctx.db, id, ctx.actor.hash!);
  if (!group) throw AppError.notFound();
  const isAdmin = ctx.actor.type === 'user' && group.admin_hash === ctx.actor.hash;
  const member = isAdmin || group.membership === 'ACCEPTED';
  if (!member && group.type !== 'PUBLIC' && ctx.actor.type !== 'admin')
    throw AppError.notFound('workgroups.membersOnly');
  if (!member) throw AppError.forbidden('workgroups.membersOnlyPost');
  return group;
}

/** A received wall file into the private store: a picture re-encoded (type and size as stored), a PDF moved. */
async function storeWallFile(
  storage: FileStorage,
  lng: Locale,
  file: UploadedFile,
): Promise<{ stored: string; mime: string; size: number; name: string }> {
  if (file.detected === 'application/pdf') {
    const size = file.size;
    return {
      stored: await putPrivateFile(storage, 'wall', file.detected, file.path, size),
      mime: file.detected,
      size,
      name: downloadName(file.filename, file.detected),
    };
  }
  let picture;
  try {
    picture = await reencodeKeepingFormat(file.path);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    const key = error.reason === 'tooManyPixels' ? 'upload.tooManyPixels' : 'upload.badImage';
    throw AppError.badRequest('validation.failed', [
      { field: 'file', message: translate(lng, key, { field: 'file', megapixels: MAX_INPUT_PIXELS / 1_000_000 }) },
    ]);
  }
  return {
    stored: await putPrivate(storage, 'wall', picture.mime, picture.bytes),
    mime: picture.mime,
    size: picture.bytes.length,
    name: downloadName(file.filename, picture.mime, 'image'),
  };
}

export async function post(ctx: ServiceContext, id: string, body: NewPost) {
  const { actor, lng } = ctx;
  const group = await writable(ctx, id);
  const content = body.content.trim();
  const file = body.file ? await storeWallFile(ctx.storage, lng, body.file) : null;
  const stored = file?.stored ?? null;
  const hash = newHash();
  const now = nowIso();
  // a text post is one INSERT, its own transaction; a reply or a file needs several statements
  const write = <T>(work: (trx: Conn) => Promise<T>) =>
    body.parent || file ? ctx.db.transaction().execute(work) : work(ctx.db);
  let fileHash: string | null = null;
  let parent: string | null = null;
  try {
    await write(async (trx) => {
      if (body.parent) {
        const target = await trx
          .selectFrom('comments')
          .select(['hash', 'parent_hash'])
          .where('workgroup_hash', '=', group.hash)
          .where('hash', '=', body.parent)
          .where('deleted', '=', 0)
          .executeTakeFirst();
        if (!target)
          throw AppError.badRequest('validation.failed', [
            { field: 'parent', message: translate(lng, 'workgroups.noSuchPost') },
          ]);
        parent = target.parent_hash ?? target.hash; // a reply to a reply joins the thread
      }
      if (file) {
        fileHash = newHash();
        await trx
          .insertInto('files')
          .values({
            hash: fileHash,
            owner_type: 'user',
            owner_hash: actor.hash!,
            workgroup_hash: group.hash,
            kind: 'wall',
            name: file.name,
            path: file.stored,
            mime: file.mime,
            size: file.size,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      await trx
        .insertInto('comments')
        .values({
          hash,
          workgroup_hash: group.hash,
          user_hash: actor.hash!,
          parent_hash: parent,
          content,
          file_hash: fileHash,
          deleted: 0,
          created_at: now,
        })
        .execute();
      if (parent) await tellAuthorOfReply(trx, ctx.config, group, parent, actor.hash!, content);
    });
  } catch (error) {
    if (stored) await removePrivate(ctx.storage, 'wall', stored);
    throw error;
  }
  // answered from what the write knows (no re-read of the post)
  const links = fileLinks(ctx.config.secretKey, ctx.actor);
  return {
    hash,
    parent,
    content,
    created_at: now,
    file: fileHash && file ? { hash: fileHash, name: file.name, url: links.link(fileHash) } : null,
    likes: 0,
    liked: false,
    user: presentAuthor(group.author),
    replies: [],
  };
}

/** The author of a post hears of a reply to it (unless it is their own, or they turned that e-mail off). */
async function tellAuthorOfReply(
  trx: Conn,
  config: Config,
  group: { name: string; slug: string },
  parentHash: string,
  replier: string,
  content: string,
) {
  const parent = await trx
    .selectFrom('comments')
    .select('user_hash')
    .where('hash', '=', parentHash)
    .executeTakeFirstOrThrow();
  if (parent.user_hash === replier) return;
  const [author, who] = await Promise.all([findUser(trx, parent.user_hash), findUser(trx, replier)]);
  if (!author || !who || author.status !== 'VALIDATED' || author.notify_group_replies !== 1) return;
  const lng = author.language as Locale;
  await enqueueMail(trx, {
    to: author.email,
    language: lng,
    template: 'workgroup.reply',
    data: {
      name: author.name,
      title: group.name,
      member: `${who.name} ${who.surname1}`.trim(),
      excerpt: content.slice(0, 300),
      link: `${config.publicUrl}${localizePath('workgroups.show', lng, { slug: group.slug })}`,
    },
  });
}

/** Soft-deletes a post (and its replies) and removes their files from the store and the files list. */
export async function removePost(ctx: ServiceContext, commentHash: string): Promise<void> {
  const { storage } = ctx;
  const trx = ctx.db;
  const files = await trx
    .selectFrom('comments')
    .innerJoin('files', 'files.hash', 'comments.file_hash')
    .select(['files.hash', 'files.path'])
    .where((eb) => eb.or([eb('comments.hash', '=', commentHash), eb('comments.parent_hash', '=', commentHash)]))
    .execute();
  await trx
    .updateTable('comments')
    .set({ deleted: 1, file_hash: null })
    .where((eb) => eb.or([eb('hash', '=', commentHash), eb('parent_hash', '=', commentHash)]))
    .execute();
  if (files.length)
    await trx
      .deleteFrom('files')
      .where(
        'hash',
        'in',
        files.map((file) => file.hash),
      )
      .execute();
  // the demo's shared files (seed/…) are not the post's own copies
  for (const file of files) await removePrivate(storage, 'wall', file.path);
}

/** The group's administrator removes a post with a reason; its author is told by e-mail in their language. */
export async function moderate(ctx: ServiceContext, groupHash: string, commentHash: string, reason: string) {
  const { actor } = ctx;
  const group = await findGroup(ctx.db, groupHash);
  if (!group || group.admin_hash !== actor.hash) throw AppError.notFound();
  await ctx.db.transaction().execute(async (trx) => {
    const comment = await trx
      .selectFrom('comments')
      .select(['hash', 'user_hash', 'content'])
      .where('workgroup_hash', '=', groupHash)
      .where('hash', '=', commentHash)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!comment) throw AppError.notFound();
    await removePost({ ...ctx, db: trx }, comment.hash);
    const author = comment.user_hash === actor.hash ? null : await findUser(trx, comment.user_hash);
    if (author && author.status === 'VALIDATED' && author.notify_group_removed === 1) {
      const lng = author.language as Locale;
      await enqueueMail(trx, {
        to: author.email,
        language: lng,
        template: 'workgroup.postRemoved',
        data: {
          name: author.name,
          title: group.name,
          reason: reason.trim(),
          excerpt: comment.content.slice(0, 200),
          link: `${ctx.config.publicUrl}${localizePath('workgroups.show', lng, { slug: group.slug })}`,
        },
      });
    }
  });
  return { ok: true };
}

/** The group's administrator deletes a file from the group: gone from the store and the list; the post it came with stays. */
export async function removeFile(ctx: ServiceContext, groupHash: string, fileHash: string) {
  const { actor } = ctx;
  const group = await findGroup(ctx.db, groupHash);
  if (!group || group.admin_hash !== actor.hash) throw AppError.notFound();
  const file = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('files')
      .select(['hash', 'path'])
      .where('hash', '=', fileHash)
      .where('workgroup_hash', '=', groupHash)
      .executeTakeFirst();
    if (!row) throw AppError.notFound();
    await trx.updateTable('comments').set({ file_hash: null }).where('file_hash', '=', row.hash).execute();
    await trx.deleteFrom('files').where('hash', '=', row.hash).execute();
    return row;
  });
  // the demo's shared files (seed/…) are not this group's own copies
  await removePrivate(ctx.storage, 'wall', file.path);
  return { ok: true };
}
