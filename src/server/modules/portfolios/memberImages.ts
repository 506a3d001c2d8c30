/**
 * A project's pictures (SPEC §7, DESIGN §4b): `POST /usr/portfolios/{id}/images` appends several at once,
 * `DELETE …/images/{imageId}` removes one, `PATCH /usr/portfolios/{id}` `{ images: [...] }` reorders them
 * (the first is the cover). Order of writes, so nothing is half-written: every file is re-encoded first
 * (one unreadable file refuses the whole request), then all are written under fresh random names, then
 * the rows (`portfolio_images` and each picture's `files` row, lib/publicPictures.ts) go in one transaction;
 * if anything fails, the files this request wrote are removed. Old files are removed only after the database
 * no longer names them; an object a crash left without its row is the sweeper's (modules/fileSweep).
 */
import type { Locale } from '../../../shared/constants';
import { UPLOAD_KINDS } from '../../../shared/uploads';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { ImageError, MAX_INPUT_PIXELS, reencodeImage } from '../../lib/images';
import { newHash } from '../../lib/ids';
import type { UploadedFile } from '../../plugins/uploads';
import type { Actor } from '../../types';
import * as repo from './memberRepository';
import { removeImageFiles, show } from './memberService';
import type { ServiceContext } from '../../serviceContext';

/** At most this many pictures per project (one full upload's worth). */
export const MAX_IMAGES = UPLOAD_KINDS.portfolioImage.maxFiles;
const FIELD = UPLOAD_KINDS.portfolioImage.field;
const FOLDER = 'portfolios';

function fieldError(lng: Locale, code: string, params: Record<string, unknown> = {}) {
  return AppError.badRequest('validation.failed', [
    { field: FIELD, message: translate(lng, code, { field: FIELD, ...params }) },
  ]);
}

function owner(actor: Actor): string {
  if (!actor.hash) throw AppError.unauthorized();
  return actor.hash;
}

async function reencodeAll(lng: Locale, files: UploadedFile[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const file of files) {
    try {
      out.push(await reencodeImage(file.path));
    } catch (error) {
      if (!(error instanceof ImageError)) throw error;
      throw fieldError(lng, error.reason === 'tooManyPixels' ? 'upload.tooManyPixels' : 'upload.badImage', {
        megapixels: MAX_INPUT_PIXELS / 1_000_000,
      });
    }
  }
  return out;
}

export async function addImages(ctx: ServiceContext, hash: string, files: UploadedFile[]) {
  const { actor, lng } = ctx;
  const user = owner(actor);
  // Unknown or someone else's project: 404 before any pixel is decoded.
  if (!(await repo.find(ctx.db, user, hash))) throw AppError.notFound();
  const images = await reencodeAll(lng, files);
  const stored: Array<{ path: string; size: number }> = [];
  try {
    for (const image of images) {
      const name = `${newHash(24)}.webp`;
      stored.push({ path: `/uploads/${FOLDER}/${name}`, size: image.length });
      await ctx.storage.put(`uploads/${FOLDER}/${name}`, image, { contentType: 'image/webp' });
    }
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.lockOwn(trx, ctx.dialect === 'postgres', user, hash))) throw AppError.notFound();
      const existing = await repo.imagesOf(trx, hash);
      if (existing.length + stored.length > MAX_IMAGES)
        throw fieldError(lng, 'portfolios.tooManyImages', { count: MAX_IMAGES });
      await repo.appendImages(trx, hash, stored);
    });
  } catch (error) {
    await removeImageFiles(
      ctx,
      stored.map((image) => image.path),
    );
    throw error;
  }
  return show(ctx, hash);
}

export async function deleteImage(ctx: ServiceContext, hash: string, image: string) {
  const { actor } = ctx;
  const user = owner(actor);
  const path = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockOwn(trx, ctx.dialect === 'postgres', user, hash))) throw AppError.notFound();
    const removed = await repo.removeImage(trx, hash, image);
    if (removed === undefined) throw AppError.notFound();
    return removed;
  });
  await removeImageFiles(ctx, [path]);
  return show(ctx, hash);
}
