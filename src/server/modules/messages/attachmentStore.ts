/**
 * Storing a message's attachment (issue 29 §1), for a reply and for a first message alike: the file into the private
 * store first (a picture re-encoded in its own format, metadata gone; a PDF kept as received once it is whole), then
 * the message and its `files` row in one transaction; if that fails, the stored object is removed again, so a
 * refused message leaves neither a row nor an object behind.
 */
import type { Locale } from '../../../shared/constants';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { ImageError, MAX_INPUT_PIXELS, reencodeKeepingFormat } from '../../lib/images';
import { downloadName, putPrivate, putPrivateFile, removePrivate } from '../../lib/privateFiles';
import type { FileStorage } from '../../lib/storage';
import type { UploadedFile } from '../../plugins/uploads';
import type { ServiceContext } from '../../serviceContext';
import { completePdf } from '../users/filesService';
import type { Alongside } from './service';

function fileRefused(lng: Locale, key: string) {
  return AppError.badRequest('validation.failed', [
    { field: 'file', message: translate(lng, key, { field: 'file', megapixels: MAX_INPUT_PIXELS / 1_000_000 }) },
  ]);
}

/** A message needs words or a file: with neither it is refused on its text, in the caller's language. */
export function textOrFile(lng: Locale, text: string, file: UploadedFile | undefined): string {
  if (text.trim()) return text;
  if (file) return '';
  throw AppError.badRequest('validation.failed', [
    { field: 'text', message: translate(lng, 'messages.textOrFile', { field: 'text' }) },
  ]);
}

/** A received attachment into the private store: a picture re-encoded (type and size as stored), a whole PDF moved. */
async function storeAttachment(storage: FileStorage, lng: Locale, file: UploadedFile) {
  if (file.detected === 'application/pdf') {
    if (!(await completePdf(file))) throw fileRefused(lng, 'upload.badDocument');
    return {
      stored: await putPrivateFile(storage, 'message', file.detected, file.path, file.size),
      mime: file.detected,
      size: file.size,
      name: downloadName(file.filename, file.detected, 'document'),
    };
  }
  let picture;
  try {
    picture = await reencodeKeepingFormat(file.path);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    throw fileRefused(lng, error.reason === 'tooManyPixels' ? 'upload.tooManyPixels' : 'upload.badImage');
  }
  return {
    stored: await putPrivate(storage, 'message', picture.mime, picture.bytes),
    mime: picture.mime,
    size: picture.bytes.length,
    name: downloadName(file.filename, picture.mime, 'image'),
  };
}

/**
 * Stores `file` (when there is one) and runs `write` with what writes its `files` row beside the message; the
 * stored object is removed when `write` fails. Call it once every rule about the recipient has passed.
 */
export async function withAttachment<T>(
  ctx: ServiceContext,
  file: UploadedFile | undefined,
  write: (alongside: Alongside | undefined) => Promise<T>,
): Promise<T> {
  if (!file) return write(undefined);
  const kept = await storeAttachment(ctx.storage, ctx.lng, file);
  try {
    return await write(async (trx, message) => {
      const now = nowIso();
      await trx
        .insertInto('files')
        .values({
          hash: newHash(),
          owner_type: 'message',
          owner_hash: message,
          workgroup_hash: null,
          kind: 'message',
          name: kept.name,
          path: kept.stored,
          mime: kept.mime,
          size: kept.size,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
  } catch (error) {
    await removePrivate(ctx.storage, 'message', kept.stored);
    throw error;
  }
}
