/**
 * A project's file (issue 25 §11): one PDF or picture per portfolio project, `POST|DELETE /usr/portfolios/{id}/file`.
 * A private file (kind `portfolio`, owner the project) handed out as a signed link (lib/signedLinks.ts) on the
 * project — to its owner and, once published, on its public page. A picture is re-encoded (WebP, no metadata: a
 * photo's EXIF may carry where it was taken); a PDF must be complete. Same order of writes as the member's files
 * (users/filesService.ts): stored first, rows in one transaction, the replaced file removed last.
 */
import type { FastifyInstance } from 'fastify';
import type { Conn } from '../../db/conn';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { ImageError, MAX_INPUT_PIXELS, reencodeImage } from '../../lib/images';
import { newHash, nowIso } from '../../lib/ids';
import { downloadName, putPrivate, putPrivateFile, removePrivate } from '../../lib/privateFiles';
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

/** The project's file rows, removed in the caller's transaction; answers their stored paths. */
export async function dropFileRows(trx: Conn, project: string): Promise<string[]> {
  const old = await trx
    .selectFrom('files')
    .select(['hash', 'path'])
    .where('owner_type', '=', 'portfolio')
    .where('owner_hash', '=', project)
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
  let removed: string[];
  try {
    removed = await app.db.transaction().execute(async (trx) => {
      if (!(await repo.lockOwn(trx, app.dialect === 'postgres', user, project))) throw AppError.notFound();
      const old = await dropFileRows(trx, project);
      const at = nowIso();
      await trx
        .insertInto('files')
        .values({
          hash,
          owner_type: 'portfolio',
          owner_hash: project,
          workgroup_hash: null,
          kind: 'portfolio',
          name: stored.name,
          path: stored.path,
          mime: stored.mime,
          size: stored.size,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return old;
    });
  } catch (error) {
    await removePrivate(app.storage, 'portfolio', stored.path);
    throw error;
  }
  for (const path of removed) await removePrivate(app.storage, 'portfolio', path);
  return { file: fileLinks(app.config.secretKey, actor).link(hash), file_name: stored.name };
}

export async function deleteFile(app: FastifyInstance, actor: Actor, project: string): Promise<PortfolioFileAnswer> {
  const user = owner(actor);
  const removed = await app.db.transaction().execute(async (trx) => {
    if (!(await repo.lockOwn(trx, app.dialect === 'postgres', user, project))) throw AppError.notFound();
    return dropFileRows(trx, project);
  });
  for (const path of removed) await removePrivate(app.storage, 'portfolio', path);
  return { file: null, file_name: null };
}
