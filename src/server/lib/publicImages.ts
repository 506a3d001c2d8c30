/**
 * Pictures shown to everyone (a group's image, an article's cover): re-encoded to WebP (EXIF and any payload gone,
 * at most `maxSide` px) under a fresh random name in the public uploads folder `folder`. The caller records it in
 * `files` with the column that names it (lib/publicPictures.ts) and removes the object again if that fails.
 */
import type { Locale } from '../../shared/constants';
import { AppError } from '../errors';
import { translate } from '../i18n';
import type { UploadedFile } from '../plugins/uploads';
import { newHash } from './ids';
import { ImageError, MAX_INPUT_PIXELS, reencodeImage } from './images';
import type { FileStorage } from './storage';

export async function storePublicImage(
  storage: FileStorage,
  folder: string,
  file: UploadedFile,
  lng: Locale,
  maxSide = 1600,
): Promise<{ link: string; size: number }> {
  let bytes: Buffer;
  try {
    bytes = await reencodeImage(file.path, maxSide);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    const key = error.reason === 'tooManyPixels' ? 'upload.tooManyPixels' : 'upload.badImage';
    throw AppError.badRequest('validation.failed', [
      { field: 'image', message: translate(lng, key, { field: 'image', megapixels: MAX_INPUT_PIXELS / 1_000_000 }) },
    ]);
  }
  const name = newHash(24);
  await storage.put(`uploads/${folder}/${name}.webp`, bytes, { contentType: 'image/webp' });
  return { link: `/uploads/${folder}/${name}.webp`, size: bytes.length };
}
