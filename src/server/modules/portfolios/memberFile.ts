/**
 * A project's file (issue 25 §11): one PDF or picture per portfolio project, `POST|DELETE /usr/portfolios/{id}/file`.
 * A private file (kind `portfolio`, owner the project) handed out as a signed link (lib/signedLinks.ts) on the
 * project — to its owner and, once published, on its public page. A picture is re-encoded (WebP, no metadata: a
 * photo's EXIF may carry where it was taken); a PDF must be complete. Stored and swapped like every attached file
 * (lib/ownedFile.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Conn } from '../../db/conn';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { ImageError, MAX_INPUT_PIXELS, reencodeImage } from '../../lib/images';
import { newHash } from '../../lib/ids';
import { downloadName, putPrivate, putPrivateFile } from '../../lib/privateFiles';
import { commitOwnedFile, swapOwnedFile } from '../../lib/ownedFile';
import { fileLinks, type FileLinks } from '../../lib/signedLinks';
import type { UploadedFile } from '../../plugins/uploads';
import type { Locale } from '../../../shared/constants';
import type { Actor } from '../../types';
import { completePdf } from '../users/filesService';
import * as repo from './memberRepository';

export interface PortfolioFileAnswer {
  file: string | null;
  file_name: string | null;
}

/** The projects' files (hash and download name), by project hash. */
export async function portfolioFiles(
  db: Conn,
  projects: string[],
): Promise<Map<string, { hash: string; name: string }>> {
  if (projects.length === 0) return new Map();
  const rows = await db
    .selectFrom('files')
    .select(['hash', 'name', 'owner_hash'])
    .where('owner_type', '=', 'portfolio')
    .where('kind', '=', 'portfolio') // not the project's pictures (`portfolio_image`)
    .where('owner_hash', 'in', projects)
    .execute();
  return new Map(rows.map((row) => [row.owner_hash, { hash: row.hash, name: row.name }]));
}

export function fileOf(
  files: Map<string, { hash: string; name: string }>,
  project: string,
  links?: FileLinks,
): PortfolioFileAnswer {
  const file = files.get(project);
  return file && links ? { file: links.link(file.hash), file_name: file.name } : { file: null, file_name: null };
}

/** The project's file rows, removed in the caller's transaction (the project is deleted); answers their paths. */
export function dropFileRows(trx: Conn, project: string): Promise<string[]> {
  return swapOwnedFile(trx, 'portfolio', project, null);
}

function owner(actor: Actor): string {
  if (!actor.hash) throw AppError.unauthorized();
  return actor.hash;
}

/** Stores the received file; answers its stored path, type and download name. */
async function store(app: FastifyInstance, lng: Locale, file: UploadedFile) {
  const refuse = (code: string) =>
    AppError.badRequest('validation.failed', [
      { field: 'file', message: translate(lng, code, { field: 'file', megapixels: MAX_INPUT_PIXELS / 1_000_000 }) },
    ]);
  if (file.detected === 'application/pdf') {
    if (!(await completePdf(file))) throw refuse('upload.badDocument');
    const path = await putPrivateFile(app.storage, 'portfolio', 'application/pdf', file.path, file.size);
    return { path, mime: 'application/pdf', size: file.size, name: downloadName(file.filename, 'application/pdf') };
  }
  let image: Buffer;
  try {
    image = await reencodeImage(file.path);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    throw refuse(error.reason === 'tooManyPixels' ? 'upload.tooManyPixels' : 'upload.badImage');
  }
  const path = await putPrivate(app.storage, 'portfolio', 'image/webp', image);
  return { path, mime: 'image/webp', size: image.length, name: downloadName(file.filename, 'image/webp') };
}

export async function setFile(app: FastifyInstance, actor: Actor, lng: Locale, project: string, file: UploadedFile) {
  const user = owner(actor);
  // unknown or someone else's project: 404 before anything is read or stored
  if (!(await repo.find(app.db, user, project))) throw AppError.notFound();
  const stored = await store(app, lng, file);
  const hash = newHash();
  await commitOwnedFile(app, 'portfolio', stored.path, () =>
    app.db.transaction().execute(async (trx) => {
      if (!(await repo.lockOwn(trx, app.dialect === 'postgres', user, project))) throw AppError.notFound();
      return swapOwnedFile(trx, 'portfolio', project, { hash, ...stored });
    }),
  );
  return { file: fileLinks(app.config.secretKey, actor).link(hash), file_name: stored.name };
}

export async function deleteFile(app: FastifyInstance, actor: Actor, project: string): Promise<PortfolioFileAnswer> {
  const user = owner(actor);
  await commitOwnedFile(app, 'portfolio', null, () =>
    app.db.transaction().execute(async (trx) => {
      if (!(await repo.lockOwn(trx, app.dialect === 'postgres', user, project))) throw AppError.notFound();
      return dropFileRows(trx, project);
    }),
  );
  return { file: null, file_name: null };
}
