/**
 * The member's photo, CV and student file (DESIGN §4b). Order of writes, so nothing is half-written:
 * the new file goes to disk first (under a fresh random name), then the database in one transaction;
 * if the database fails the new file is removed; only after it succeeds are the old files removed
 * (a crash in between leaves an orphan file, never a row pointing at nothing).
 */
import { open } from 'node:fs/promises';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { avatarVersions, ImageError, MAX_INPUT_PIXELS } from '../../lib/images';
import { newHash } from '../../lib/ids';
import { downloadName, putPrivateFile, removePrivate } from '../../lib/privateFiles';
import { removeUnnamedPictures } from '../../lib/publicPictures';
import { publicKey, removeQuietly } from '../../lib/storage';
import type { ServiceContext } from '../../serviceContext';
import { fileLinks } from '../../lib/signedLinks';
import type { UploadedFile } from '../../plugins/uploads';
import type { Locale } from '../../../shared/constants';
import type { Actor } from '../../types';
import { filesRepository, type MemberFileKind } from './filesRepository';

const AVATARS = 'avatars';
/** Only files this module wrote are ever removed (seed pictures and shared demo files are not ours). */
const OWN_AVATAR = /^\/uploads\/avatars\/([a-z0-9]{24})\.webp$/;

export const largePhoto = (photo: string | null) =>
  photo && OWN_AVATAR.test(photo) ? photo.replace(/\.webp$/, '-large.webp') : photo;

function fieldError(lng: Locale, field: string, code: string, params: Record<string, unknown> = {}) {
  return AppError.badRequest('validation.failed', [{ field, message: translate(lng, code, { field, ...params }) }]);
}

/** The photo's links (and its large version's) once the database no longer names them: their objects go. */
async function removeAvatars(ctx: ServiceContext, links: (string | null)[]): Promise<void> {
  await removeUnnamedPictures(ctx.db, ctx.storage, [...links, ...links.map(largePhoto)]);
}

/**
 * The new photo's two versions are put first, then users.photo and their `files` rows change in one transaction
 * (issue 26); the old ones are removed after the commit, the new ones if the transaction failed.
 */
export async function setPhoto(ctx: ServiceContext, file: UploadedFile) {
  let versions;
  try {
    versions = await avatarVersions(file.path);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    const code = error.reason === 'tooManyPixels' ? 'upload.tooManyPixels' : 'upload.badImage';
    throw fieldError(ctx.lng, 'image', code, { megapixels: MAX_INPUT_PIXELS / 1_000_000 });
  }
  const name = newHash(24);
  const photo = `/uploads/${AVATARS}/${name}.webp`;
  const large = largePhoto(photo)!;
  let old: string[];
  try {
    await ctx.storage.put(publicKey(photo)!, versions.thumb, { contentType: 'image/webp' });
    await ctx.storage.put(publicKey(large)!, versions.large, { contentType: 'image/webp' });
    old = await filesRepository.replacePhoto(ctx.db, ctx.dialect, ctx.actor.hash!, photo, [
      { kind: 'photo', link: photo, size: versions.thumb.length },
      { kind: 'photo_large', link: large, size: versions.large.length },
    ]);
  } catch (error) {
    await removeQuietly(ctx.storage, [publicKey(photo), publicKey(large)]);
    throw error;
  }
  await removeAvatars(ctx, old);
  return { photo, photo_large: large };
}

export async function deletePhoto(ctx: ServiceContext) {
  const old = await filesRepository.replacePhoto(ctx.db, ctx.dialect, ctx.actor.hash!, null);
  await removeAvatars(ctx, old);
  return { photo: null, photo_large: null };
}

/** A PDF must also be complete: its end-of-file marker within the last 2 KB (a cut upload has none). */
export async function completePdf(file: UploadedFile): Promise<boolean> {
  const length = Math.min(2048, file.size);
  const handle = await open(file.path, 'r');
  try {
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, file.size - length);
    return tail.includes('%%EOF');
  } finally {
    await handle.close();
  }
}

/** Stores a PDF privately as the member's only file of `kind`; answers its row's hash. */
async function replaceDocument(
  ctx: ServiceContext,
  actor: Actor,
  lng: Locale,
  kind: MemberFileKind,
  file: UploadedFile,
): Promise<string> {
  if (!(await completePdf(file))) throw fieldError(lng, 'file', 'upload.badDocument');
  const size = file.size;
  const path = await putPrivateFile(ctx.storage, kind, 'application/pdf', file.path, size);
  let result;
  try {
    const name = downloadName(file.filename, 'application/pdf', kind === 'cv' ? 'cv' : 'student-file');
    result = await filesRepository.replacePrivate(ctx.db, ctx.dialect, actor.hash!, kind, {
      kind,
      name,
      path,
      mime: 'application/pdf',
      size,
    });
  } catch (error) {
    await removePrivate(ctx.storage, kind, path);
    throw error;
  }
  for (const stored of result.removed) await removePrivate(ctx.storage, kind, stored);
  return result.hash!;
}

async function clearDocument(ctx: ServiceContext, actor: Actor, kind: MemberFileKind): Promise<void> {
  const { removed } = await filesRepository.replacePrivate(ctx.db, ctx.dialect, actor.hash!, kind, null);
  for (const stored of removed) await removePrivate(ctx.storage, kind, stored); // seed and shared demo files stay
}

const link = (ctx: ServiceContext, actor: Actor, hash: string) => fileLinks(ctx.config.secretKey, actor).link(hash);

export async function setCv(ctx: ServiceContext, file: UploadedFile) {
  const { actor, lng } = ctx;
  return { has_cv: true, cv: link(ctx, actor, await replaceDocument(ctx, actor, lng, 'cv', file)) };
}

export async function deleteCv(ctx: ServiceContext) {
  const { actor } = ctx;
  await clearDocument(ctx, actor, 'cv');
  return { has_cv: false, cv: null };
}

export async function setStudentFile(ctx: ServiceContext, file: UploadedFile) {
  const { actor, lng } = ctx;
  return { student_file: link(ctx, actor, await replaceDocument(ctx, actor, lng, 'student', file)) };
}

export async function deleteStudentFile(ctx: ServiceContext) {
  const { actor } = ctx;
  await clearDocument(ctx, actor, 'student');
  return { student_file: null };
}
