/**
 * Public images are never stored as received (issue 8 §2): sharp decodes and re-encodes them, which
 * drops EXIF and every other metadata (GPS positions, camera owners) — sharp keeps none unless asked
 * with withMetadata(), which we never call — after turning the pixels upright (`autoOrient`), since the
 * orientation tag goes with the metadata. The input's pixel count is limited before decoding, so a
 * small file claiming 50000×50000 pixels (an image bomb) is refused from its header, not decoded.
 * Anything sharp cannot read completely (truncated, corrupt) is refused too (`failOn: 'warning'`).
 */
import sharp from 'sharp';

/** 40 megapixels: more than any phone camera, far less than a bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const THUMB_SIZE = 256;
export const LARGE_SIZE = 1024;

export class ImageError extends Error {
  constructor(readonly reason: 'unreadable' | 'tooManyPixels') {
    super(reason);
    this.name = 'ImageError';
  }
}

// sharp's cache keeps decoded inputs in memory between calls; uploads are never read twice.
sharp.cache(false);

function open(input: Buffer) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', animated: false, sequentialRead: true }).autoOrient();
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ImageError(/pixel limit/i.test(String((error as Error).message)) ? 'tooManyPixels' : 'unreadable');
  }
}

/** Checks the header (format, pixel count) before any pixel is decoded. */
async function checkHeader(input: Buffer): Promise<void> {
  const meta = await run(() => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new ImageError('unreadable');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new ImageError('tooManyPixels');
}

export interface AvatarVersions {
  /** THUMB_SIZE px square, cropped around the centre: what lists and the header show. */
  thumb: Buffer;
  /** At most LARGE_SIZE px on its longer side, never enlarged: the profile page. */
  large: Buffer;
}

/** A photo → two WebP versions without metadata. Throws ImageError for anything unreadable or too big. */
export async function avatarVersions(input: Buffer): Promise<AvatarVersions> {
  await checkHeader(input);
  const thumb = await run(() => open(input).resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer());
  const large = await run(() => open(input).resize(LARGE_SIZE, LARGE_SIZE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer());
  return { thumb, large };
}

/** One picture (portfolio, logo) → WebP without metadata, at most `maxSide` px on its longer side. */
export async function reencodeImage(input: Buffer, maxSide = 2048): Promise<Buffer> {
  await checkHeader(input);
  return run(() => open(input).resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer());
}
