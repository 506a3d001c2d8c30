/**
 * The PDF attached to an offer (issue 25 §10, `POST|DELETE /com/jobs/{hash}/file`): a private file (kind `job`) whose
 * hash `jobs.file` keeps, handed out as a signed link (lib/signedLinks.ts) on the company's offer and to whoever may
 * read the whole public offer. Same order of writes as the member's files (users/filesService.ts): the new file is
 * stored first, then the rows change in one transaction, and only then is the old file removed.
 */
import type { FastifyInstance } from 'fastify';
import type { Conn } from '../../db/conn';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { downloadName, putPrivateFile, removePrivate } from '../../lib/privateFiles';
import { fileLinks, type FileLinks } from '../../lib/signedLinks';
import type { UploadedFile } from '../../plugins/uploads';
import { OFFER_EDITABLE, type OfferStatus } from '../../../shared/offerMoves';
import type { Locale } from '../../../shared/constants';
import type { Actor } from '../../types';
import { completePdf } from '../users/filesService';
import { lockOwnOffer } from './removal';

export interface OfferFileAnswer {
  file: string | null;
  file_name: string | null;
}

/** The download names of the offers' files, by file hash. */
export async function offerFileNames(db: Conn, fileHashes: Array<string | null>): Promise<Map<string, string>> {
  const hashes = fileHashes.filter((hash): hash is string => !!hash);
  if (hashes.length === 0) return new Map();
  const rows = await db.selectFrom('files').select(['hash', 'name']).where('hash', 'in', hashes).execute();
  return new Map(rows.map((row) => [row.hash, row.name]));
}

/** `{ file, file_name }` of one offer for a reader with `links` (none: no link). */
export function offerFileOf(fileHash: string | null, names: Map<string, string>, links?: FileLinks): OfferFileAnswer {
  const name = fileHash ? names.get(fileHash) : undefined;
  return fileHash && name !== undefined && links
    ? { file: links.link(fileHash), file_name: name }
    : { file: null, file_name: null };
}

async function editableOffer(trx: Conn, postgres: boolean, actor: Actor, hash: string) {
  const offer = await lockOwnOffer(trx, postgres, actor, hash);
  if (!OFFER_EDITABLE.includes(offer.status as OfferStatus)) throw new AppError(409, 'offers.closedNoEdit');
  return offer;
}

/** Makes `file` (or nothing) the offer's file; answers the stored paths it replaced. */
async function replaceFile(
  app: FastifyInstance,
  actor: Actor,
  hash: string,
  file: { hash: string; name: string; path: string; size: number } | null,
): Promise<string[]> {
  return app.db.transaction().execute(async (trx) => {
    await editableOffer(trx, app.dialect === 'postgres', actor, hash);
    const old = await trx
      .selectFrom('files')
      .select(['hash', 'path'])
      .where('owner_type', '=', 'job')
      .where('owner_hash', '=', hash)
      .execute();
    const at = nowIso();
    if (file)
      await trx
        .insertInto('files')
        .values({
          hash: file.hash,
          owner_type: 'job',
          owner_hash: hash,
          workgroup_hash: null,
          kind: 'job',
          name: file.name,
          path: file.path,
          mime: 'application/pdf',
          size: file.size,
          created_at: at,
          updated_at: at,
        })
        .execute();
    await trx
      .updateTable('jobs')
      .set({ file: file?.hash ?? null, updated_at: at })
      .where('hash', '=', hash)
      .execute();
    if (old.length)
      await trx
        .deleteFrom('files')
        .where(
          'hash',
          'in',
          old.map((row) => row.hash),
        )
        .execute();
    return old.map((row) => row.path);
  });
}

export async function setOfferFile(app: FastifyInstance, actor: Actor, lng: Locale, hash: string, file: UploadedFile) {
  // unknown, another company's or closed: answered before anything is stored
  await app.db.transaction().execute((trx) => editableOffer(trx, false, actor, hash));
  if (!(await completePdf(file)))
    throw AppError.badRequest('validation.failed', [
      { field: 'file', message: translate(lng, 'upload.badDocument', { field: 'file' }) },
    ]);
  const path = await putPrivateFile(app.storage, 'job', 'application/pdf', file.path, file.size);
  const row = { hash: newHash(), name: downloadName(file.filename, 'application/pdf', 'offer'), path, size: file.size };
  let removed: string[];
  try {
    removed = await replaceFile(app, actor, hash, row);
  } catch (error) {
    await removePrivate(app.storage, 'job', path);
    throw error;
  }
  for (const stored of removed) await removePrivate(app.storage, 'job', stored);
  return {
    file: fileLinks(app.config.secretKey, actor).link(row.hash),
    file_name: row.name,
  } satisfies OfferFileAnswer;
}

export async function deleteOfferFile(app: FastifyInstance, actor: Actor, hash: string): Promise<OfferFileAnswer> {
  const removed = await replaceFile(app, actor, hash, null);
  for (const stored of removed) await removePrivate(app.storage, 'job', stored);
  return { file: null, file_name: null };
}
