/**
 * Public images are never stored as received (issue 8 §2): sharp decodes and re-encodes them, which
 * drops EXIF and every other metadata (GPS positions, camera owners) — sharp keeps none unless asked
 * with withMetadata(), which we never call — after turning the pixels upright (`autoOrient`), since the
 * orientation tag goes with the metadata. The input's pixel count is limited before decoding, so a
 * small file claiming 50000×50000 pixels (an image bomb) is refused from its header, not decoded.
 * Anything sharp cannot read completely (truncated, corrupt) is refused too (`failOn: 'warning'`).
 * An input is a Buffer or the path of a received file (sharp reads it from disk: uploads are not held in memory).
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

/** A picture's bytes, or the path of a file holding them. */
export type ImageInput = Buffer | string;

function open(input: ImageInput) {
  return sharp(input, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'warning',
    animated: false,
    sequentialRead: true,
  }).autoOrient();
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ImageError(/pixel limit/i.test(String((error as Error).message)) ? 'tooManyPixels' : 'unreadable');
  }
}

/** Checks the header (format, pixel count) before any pixel is decoded. */
async function checkHeader(input: ImageInput): Promise<{ format: string }> {
  const meta = await run(() => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new ImageError('unreadable');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new ImageError('tooManyPixels');
  return { format: meta.format };
}

export interface AvatarVersions {
  /** THUMB_SIZE px square, cropped around the centre: what lists and the header show. */
  thumb: Buffer;
  /** At most LARGE_SIZE px on its longer side, never enlarged: the profile page. */
  large: Buffer;
}

/** A photo → two WebP versions without metadata. Throws ImageError for anything unreadable or too big. */
export async function avatarVersions(input: ImageInput): Promise<AvatarVersions> {
  await checkHeader(input);
  const thumb = await run(() =>
    open(input).resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer(),
  );
  const large = await run(() =>
    open(input)
      .resize(LARGE_SIZE, LARGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer(),
  );
  return { thumb, large };
}

/** One picture (portfolio, logo) → WebP without metadata, at most `maxSide` px on its longer side. */
export async function reencodeImage(input: ImageInput, maxSide = 2048): Promise<Buffer> {
  await checkHeader(input);
  return run(() =>
    open(input).resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }).toBuffer(),
  );
}

/** The types a re-encoded picture may keep, by sharp's format name. */
const KEPT_FORMATS = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * A picture offered for download (a group wall file) → the same format (JPEG, PNG or WebP: what the member
 * shared, openable anywhere), re-encoded without metadata or anything appended after the image, at most
 * `maxSide` px on its longer side.
 */
export async function reencodeKeepingFormat(
  input: ImageInput,
  maxSide = 4096,
): Promise<{ bytes: Buffer; mime: string }> {
  const { format } = await checkHeader(input);
  const mime = KEPT_FORMATS[format as keyof typeof KEPT_FORMATS];
  const resized = () => open(input).resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const bytes = await run(() => {
    if (format === 'jpeg') return resized().jpeg({ quality: 88 }).toBuffer();
    if (format === 'png') return resized().png().toBuffer();
    return resized().webp({ quality: 88 }).toBuffer();
  });
  return { bytes, mime };
}
