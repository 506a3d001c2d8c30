/**
 * The file store's sweeper (issue 26 §5), a background task run by one instance at a time (modules/tasks):
 * - a private object no `files` row names — an upload stopped after its put and before its row was committed (a
 *   killed instance, a failed transaction whose clean-up did not run), or a local `*.part` a killed write left — is
 *   deleted once older than FILES_ORPHAN_GRACE_MINUTES (younger ones may belong to an upload still committing);
 * - a `files` row whose object is missing is reported: a warning in the log naming the files, and the count kept in
 *   `settings` (`files.sweep`) for /metrics (`alumni_files_missing`), whichever instance is scraped.
 * Uploads half received by an instance killed mid-request (DATA_DIR/tmp/*.part) go the same way after the grace.
 * Public pictures (photos, logos, group images, covers, portfolio pictures: lib/publicPictures.ts) have `files` rows
 * too, so their folders under `uploads/` are swept and counted the same way.
 */
import type { FastifyInstance } from 'fastify';
import { systemContext, type ServiceContext } from '../../serviceContext';
import { PRIVATE_KINDS } from '../../lib/privateFiles';
import { isPublicKind, sweptPictureKey } from '../../lib/publicPictures';
import { privateKey, publicKey } from '../../lib/storage';
import { uploadTmpDir } from '../../plugins/uploads';
import { sweepStale } from '../../plugins/uploadedFiles';
import type { Task } from '../tasks/runner';

const EVERY_MS = 6 * 3600_000;
/** The settings row holding the last sweep's figures. */
export const SWEEP_SETTING = 'files.sweep';

export interface SweepReport {
  at: string;
  deleted: number;
  missing: number;
}

/** The store key a `files` row names: a public picture's row keeps its link, a private file's its path under private/. */
function rowKey(row: { kind: string; path: string }): string | null {
  if (isPublicKind(row.kind)) return publicKey(row.path);
  return (PRIVATE_KINDS as readonly string[]).includes(row.kind) ? privateKey(row.path) : null;
}

/** The `files.path` that would name `key`. */
const pathOf = (key: string) => (key.startsWith('private/') ? key.slice('private/'.length) : `/${key}`);

export async function sweepFiles(ctx: ServiceContext, now: Date, signal?: AbortSignal): Promise<SweepReport> {
  const { db, storage, log } = ctx;
  const graceMs = ctx.config.filesOrphanGraceMinutes * 60_000;
  const cutoff = now.getTime() - graceMs;
  const stored = new Set<string>();
  const old: string[] = [];
  for await (const object of storage.list('private/')) {
    stored.add(object.key);
    if (object.modifiedAt.getTime() < cutoff) old.push(object.key);
  }
  for await (const object of storage.list('uploads/')) {
    if (!sweptPictureKey(object.key)) continue;
    stored.add(object.key);
    if (object.modifiedAt.getTime() < cutoff) old.push(object.key);
  }
  const rows = await db.selectFrom('files').select(['hash', 'path', 'kind']).execute();
  const named = new Set(rows.map(rowKey));

  const deleted: string[] = [];
  for (const key of old) {
    if (signal?.aborted) break;
    if (named.has(key)) continue;
    // a row committed since the read above names it after all: keep it
    if (await db.selectFrom('files').select('hash').where('path', '=', pathOf(key)).executeTakeFirst()) continue;
    await storage.delete(key);
    deleted.push(key);
  }
  if (deleted.length) log.info({ count: deleted.length, keys: deleted.slice(0, 20) }, 'orphan stored files removed');
  // uploads half received by an instance that was killed (DATA_DIR/tmp; on a shared DATA_DIR, any instance's)
  const received = sweepStale(uploadTmpDir(ctx.config.dataDir), now.getTime(), graceMs);
  if (received) log.info({ count: received }, 'unfinished received uploads removed');

  const missing: string[] = [];
  for (const row of rows) {
    if (!(PRIVATE_KINDS as readonly string[]).includes(row.kind) && !isPublicKind(row.kind)) continue;
    const key = rowKey(row);
    // not listed: asked once more, as the store answers reads (under S3, a file not yet migrated is on the disk)
    if (!key || (!stored.has(key) && !(await storage.exists(key)))) missing.push(row.hash);
  }
  if (missing.length)
    log.warn({ count: missing.length, files: missing.slice(0, 50) }, 'files without their stored object');

  const report: SweepReport = { at: now.toISOString(), deleted: deleted.length, missing: missing.length };
  const value = JSON.stringify(report);
  await db
    .insertInto('settings')
    .values({ key: SWEEP_SETTING, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return report;
}

export function fileSweepTask(app: FastifyInstance): Task {
  return { name: 'files.sweep', everyMs: EVERY_MS, run: (now, signal) => sweepFiles(systemContext(app), now, signal) };
}

/** The last sweep's count of rows without their object (0 before any sweep). */
export async function lastMissingCount(ctx: ServiceContext): Promise<number> {
  const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', SWEEP_SETTING).executeTakeFirst();
  if (!row) return 0;
  try {
    return Number((JSON.parse(row.value) as Partial<SweepReport>).missing ?? 0);
  } catch {
    return 0;
  }
}
