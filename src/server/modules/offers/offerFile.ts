/**
 * The PDF attached to an offer (issue 25 §10, `POST|DELETE /com/jobs/{hash}/file`): a private file (kind `job`) whose
 * hash `jobs.file` keeps, handed out as a signed link (lib/signedLinks.ts) on the company's offer and to whoever may
 * read the whole public offer; stored and swapped like every attached file (lib/ownedFile.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Conn } from '../../db/conn';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { downloadName, putPrivateFile } from '../../lib/privateFiles';
import { commitOwnedFile, swapOwnedFile, type OwnedFileRow } from '../../lib/ownedFile';
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

/** Makes `file` (or nothing) the offer's file, once the offer is found editable; answers the paths it replaced. */
function replaceFile(app: FastifyInstance, actor: Actor, hash: string, file: OwnedFileRow | null): Promise<string[]> {
  return app.db.transaction().execute(async (trx) => {
    await editableOffer(trx, app.dialect === 'postgres', actor, hash);
    const replaced = await swapOwnedFile(trx, 'job', hash, file);
    await trx
      .updateTable('jobs')
      .set({ file: file?.hash ?? null, updated_at: nowIso() })
      .where('hash', '=', hash)
      .execute();
    return replaced;
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
  const row = {
    hash: newHash(),
    name: downloadName(file.filename, 'application/pdf', 'offer'),
    path,
    mime: 'application/pdf',
    size: file.size,
  };
  await commitOwnedFile(app, 'job', path, () => replaceFile(app, actor, hash, row));
  return {
    file: fileLinks(app.config.secretKey, actor).link(row.hash),
    file_name: row.name,
  } satisfies OfferFileAnswer;
}

export async function deleteOfferFile(app: FastifyInstance, actor: Actor, hash: string): Promise<OfferFileAnswer> {
  await commitOwnedFile(app, 'job', null, () => replaceFile(app, actor, hash, null));
  return { file: null, file_name: null };
}
