/**
 * The private file store (DESIGN §4b): CVs, student and portfolio files, group wall files and message attachments live in
 * DATA_DIR/private, outside the public /uploads folder, under random names. A `files` row keeps the
 * stored path relative to that folder; the file route (plugins/files.ts) serves it only behind a
 * signed link. No user input ever becomes part of a stored path.
 */
import {
  constants,
  copyFileSync,
  createReadStream,
  mkdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { newHash } from './ids';
import { privateKey, type FileStorage } from './storage';

/** The `files.kind` values that are private; every other kind (avatar, logo, image) is a public image. */
export const PRIVATE_KINDS = ['cv', 'student', 'portfolio', 'wall', 'job', 'message'] as const;
export type PrivateKind = (typeof PRIVATE_KINDS)[number];

/**
 * Extensions by stored mime type; anything else is kept — and served — as `.bin`, application/octet-stream.
 * Nothing a browser renders as a page or runs (HTML, SVG, JavaScript) is ever in this list.
 */
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
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
export function storePrivate(
  root: string,
  folder: PrivateKind | 'seed',
  mime: string,
  content: string | Uint8Array,
): string {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  const stored = `${folder}/${newHash(24)}.${EXTENSIONS[mime] ?? 'bin'}`;
  writeFileSync(join(root, stored), content, { flag: 'wx' });
  return stored;
}

/** The Content-Type a stored file is served with: its stored type when it is one we keep, else octet-stream. */
export function servedType(mime: string): string {
  return Object.hasOwn(EXTENSIONS, mime) ? mime : 'application/octet-stream';
}

/**
 * The name a private file is offered under (issue 23 §3): the user's base name — without folders, control
 * characters or its own extension — plus the extension of its stored type (`poly.html` holding a JPEG is
 * `poly.jpg`). Decided when serving, so rows stored by older versions are offered safely too.
 */
export function downloadName(name: string, mime: string, fallback = 'file'): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 180);
  return `${base || fallback}.${Object.hasOwn(EXTENSIONS, mime) ? EXTENSIONS[mime] : 'bin'}`;
}

/** A fresh stored path `<folder>/<random>.<ext>` (what `files.path` keeps; its key in the store is `private/<path>`). */
function newStoredPath(folder: PrivateKind, mime: string): string {
  return `${folder}/${newHash(24)}.${EXTENSIONS[mime] ?? 'bin'}`;
}

/** Writes `content` into the file store (issue 26) and returns the path to keep in `files.path`. */
export async function putPrivate(
  storage: FileStorage,
  folder: PrivateKind,
  mime: string,
  content: Buffer,
): Promise<string> {
  const stored = newStoredPath(folder, mime);
  await storage.put(privateKey(stored)!, content, { contentType: servedType(mime) });
  return stored;
}

/** Streams a received temporary file into the file store, removes it, and returns the path to keep in `files.path`. */
export async function putPrivateFile(
  storage: FileStorage,
  folder: PrivateKind,
  mime: string,
  source: string,
  size: number,
): Promise<string> {
  const stored = newStoredPath(folder, mime);
  try {
    await storage.put(privateKey(stored)!, createReadStream(source), { contentType: servedType(mime), size });
  } finally {
    rmSync(source, { force: true });
  }
  return stored;
}

/** Removes a stored private file, but only one of `folder`'s own (the demo's shared `seed/…` files stay). */
export async function removePrivate(storage: FileStorage, folder: string, stored: string): Promise<void> {
  const key = stored.startsWith(`${folder}/`) ? privateKey(stored) : null;
  if (key) await storage.delete(key).catch(() => undefined);
}

/**
 * Moves a received temporary file into the store as `<root>/<folder>/<random>.<ext>` (a rename on the same
 * disk, a copy otherwise) and returns the path to keep in `files.path`.
 */
export function storePrivateFile(root: string, folder: PrivateKind, mime: string, source: string): string {
  const dir = join(root, folder);
  mkdirSync(dir, { recursive: true });
  const stored = `${folder}/${newHash(24)}.${EXTENSIONS[mime] ?? 'bin'}`;
  try {
    renameSync(source, join(root, stored));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(source, join(root, stored), constants.COPYFILE_EXCL);
    rmSync(source, { force: true });
  }
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
