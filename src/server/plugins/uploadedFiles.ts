/**
 * The received files of the upload pipeline (plugins/uploads.ts) as temporary files: each file part streamed to
 * `<tmpDir>/<random>.part` (owner-only), busboy stopping it at the kind's size limit; the request's temporary files
 * remembered so they are removed however the request ends.
 */
import { createWriteStream, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { newHash } from '../lib/ids';

/**
 * One received file, as a temporary file on disk. Its path and size stay out of enumeration (ajv, logs and JSON
 * never see them). The temporary file is removed once the request is answered: a route keeps it by moving it
 * (storePrivateFile) or by writing what it made of it (sharp reads the path).
 */
export class UploadedFile {
  readonly #path: string;
  readonly #size: number;
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    readonly detected: string,
    path: string,
    size: number,
  ) {
    this.#path = path;
    this.#size = size;
  }
  get path(): string {
    return this.#path;
  }
  get size(): number {
    return this.#size;
  }
  /** The whole content, for the rare caller that needs bytes (it bears the kind's size limit in memory). */
  read(): Promise<Buffer> {
    return readFile(this.#path);
  }
}

/** The temporary files of each request in flight, removed when it ends (however it ends). */
const temporaryFiles = new WeakMap<FastifyRequest, string[]>();

export async function removeTemporary(request: FastifyRequest): Promise<void> {
  const paths = temporaryFiles.get(request);
  if (!paths?.length) return;
  temporaryFiles.delete(request);
  await Promise.all(paths.map((path) => rm(path, { force: true })));
}

/** What busboy says when a file passes `limits.fileSize`: the stream ends early, marked truncated. */
export function tooLarge(): Error {
  return Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
}

/** Streams one file part to a fresh temporary file (owner-only), stopping at the limit; answers its size. */
export async function receive(
  request: FastifyRequest,
  part: MultipartFile,
  tmpDir: string,
): Promise<{ path: string; size: number }> {
  const path = join(tmpDir, `${newHash(24)}.part`);
  const paths = temporaryFiles.get(request) ?? [];
  paths.push(path);
  temporaryFiles.set(request, paths);
  await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  if (part.file.truncated) throw tooLarge();
  return { path, size: (await stat(path)).size };
}

/** Reads a part nobody asked for to its end (within the limit) without keeping it. */
export async function discard(part: MultipartFile): Promise<void> {
  await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() }));
  if (part.file.truncated) throw tooLarge();
}

/** Left by a process that stopped in the middle of an upload: older than any upload can take. */
const STALE_MS = 60 * 60 * 1000;

export function sweepStale(tmpDir: string, now = Date.now(), staleMs = STALE_MS): number {
  let removed = 0;
  for (const name of existsSync(tmpDir) ? readdirSync(tmpDir) : []) {
    if (!name.endsWith('.part')) continue;
    const path = join(tmpDir, name);
    const info = statSync(path, { throwIfNoEntry: false });
    if (info?.isFile() && now - info.mtimeMs > staleMs) {
      rmSync(path, { force: true });
      removed++;
    }
  }
  return removed;
}
