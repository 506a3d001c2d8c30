/**
 * The private file store (DESIGN §4b): CVs, student and portfolio files and group wall files live in
 * DATA_DIR/private, outside the public /uploads folder, under random names. A `files` row keeps the
 * stored path relative to that folder; the file route (plugins/files.ts) serves it only behind a
 * signed link. No user input ever becomes part of a stored path.
 */
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { newHash } from './ids';

/** The `files.kind` values that are private; every other kind (avatar, logo, image) is a public image. */
export const PRIVATE_KINDS = ['cv', 'student', 'portfolio', 'wall'] as const;
export type PrivateKind = (typeof PRIVATE_KINDS)[number];

/** Extensions by stored mime type; anything else is kept as `.bin`. */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/zip': 'zip',
};

export function privateRoot(dataDir: string): string {
  return resolve(dataDir, 'private');
}

/**
 * Writes `content` as `<root>/<folder>/<random>.<ext>` and returns the path to keep in `files.path`.
 * `folder` is one of our own constants (PRIVATE_KINDS or `seed`), never a request value.
 */
export function storePrivate(root: string, folder: PrivateKind | 'seed', mime: string, content: string | Uint8Array): string {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  const stored = `${folder}/${newHash(24)}.${EXTENSIONS[mime] ?? 'bin'}`;
  writeFileSync(join(root, stored), content, { flag: 'wx' });
  return stored;
}

function inside(root: string, path: string): boolean {
  return path.startsWith(root + sep);
}

/**
 * The absolute path of a stored file, or null when the stored path would leave the store
 * (absolute, `..`, a symbolic link pointing out) or the file is missing.
 */
export function locateStored(root: string, stored: string): string | null {
  if (!stored || stored.includes('\0') || stored.startsWith('/') || stored.includes('\\')) return null;
  const absolute = resolve(root, stored);
  if (!inside(root, absolute)) return null;
  try {
    const real = realpathSync(absolute);
    return inside(realpathSync(root), real) ? real : null;
  } catch {
    return null;
  }
}
