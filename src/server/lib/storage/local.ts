/**
 * The local folder (FILE_STORAGE=local, the default): the keys are paths under DATA_DIR, so `uploads/…` is the folder
 * /uploads has always served and `private/…` the private store. A write goes to a temporary name and is renamed into
 * place, so a reader never sees half a file.
 */
import { createReadStream, realpathSync } from 'node:fs';
import { access, lstat, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newHash } from '../ids';
import { assertKey, validKey, type FileStorage } from './types';

export function localStorage(root: string): FileStorage {
  const base = resolve(root);

  /** The key's absolute path; a symbolic link leading out of the folder counts as missing. */
  function pathOf(key: string): string {
    assertKey(key);
    return resolve(base, key);
  }

  function inside(path: string): boolean {
    try {
      return realpathSync(path).startsWith(realpathSync(base) + sep);
    } catch {
      return false;
    }
  }

  return {
    driver: 'local',
    async put(key, body, { size }) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${newHash(8)}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body, { flag: 'wx', mode: 0o644 });
        else await pipeline(body, createWriteStream(temporary, { flags: 'wx', mode: 0o644 }));
        if (size !== undefined && (await stat(temporary)).size !== size)
          throw new Error('stored size differs from the upload');
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || !inside(path)) return null;
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? info.size - 1, info.size - 1);
      if (start > end && info.size > 0)
        return { body: Readable.from([]), size: 0, totalSize: info.size, contentType: null };
      return {
        body: createReadStream(path, { start, end }),
        size: Math.max(0, end - start + 1),
        totalSize: info.size,
        contentType: null,
      };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      return !!info?.isFile() && inside(path);
    },
    async *list(prefix) {
      const entries = await readdir(resolve(base, prefix), { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        // plain files only: a symbolic link is never ours to list (or to delete)
        if (!entry.isFile()) continue;
        const path = resolve(entry.parentPath, entry.name);
        const key = path
          .slice(base.length + 1)
          .split(sep)
          .join('/');
        if (!validKey(key)) continue;
        const info = await lstat(path).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    },
    async signedUrl() {
      return null;
    },
    async check() {
      await mkdir(resolve(base, 'uploads'), { recursive: true });
      await mkdir(resolve(base, 'private'), { recursive: true });
      await access(base);
    },
    describe() {
      return `local folder ${base}`;
    },
  };
}
