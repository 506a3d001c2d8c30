/**
 * One private file attached to one record (an offer's PDF, a portfolio project's file): the `files` rows of that
 * owner swapped in the caller's transaction, and the stored objects handled in the order every file feature keeps
 * (users/filesService.ts): the new object is stored first, the rows change in one transaction, and only then is the
 * replaced object removed — a failure leaves the old file whole and removes the new object.
 */
import type { FastifyInstance } from 'fastify';
import type { Conn } from '../db/conn';
import { nowIso } from './ids';
import { removePrivate, type PrivateKind } from './privateFiles';

export interface OwnedFileRow {
  hash: string;
  name: string;
  path: string;
  mime: string;
  size: number;
}

/** Removes the owner's file rows and adds `file` (or none); answers the stored paths of the rows it removed. */
export async function swapOwnedFile(
  trx: Conn,
  kind: PrivateKind,
  owner: string,
  file: OwnedFileRow | null,
): Promise<string[]> {
  const old = await trx
    .selectFrom('files')
    .select(['hash', 'path'])
    .where('owner_type', '=', kind)
    .where('owner_hash', '=', owner)
    .where('kind', '=', kind) // a project also owns its pictures' rows (kind `portfolio_image`): not this file
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
  if (file) {
    const at = nowIso();
    await trx
      .insertInto('files')
      .values({
        ...file,
        owner_type: kind,
        owner_hash: owner,
        workgroup_hash: null,
        kind,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return old.map((row) => row.path);
}

/**
 * Runs `write` (the transaction that swaps the rows, answering the replaced paths) after `stored` (the new object's
 * path, or null when a file is only removed) was put in the store: removes the new object if the write fails, the
 * replaced ones once it succeeded.
 */
export async function commitOwnedFile(
  app: FastifyInstance,
  kind: PrivateKind,
  stored: string | null,
  write: () => Promise<string[]>,
): Promise<void> {
  let replaced: string[];
  try {
    replaced = await write();
  } catch (error) {
    if (stored) await removePrivate(app.storage, kind, stored);
    throw error;
  }
  for (const path of replaced) await removePrivate(app.storage, kind, path);
}
