/**
 * One file store for every feature that keeps a file (issue 26 §1): photos, logos and pictures under `uploads/…`,
 * CVs, student, portfolio and wall files under `private/…`. Keys are our own (a folder constant and a random name),
 * never a request value; a driver refuses any other shape.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  /** Bytes in `body` (the range's length when a range was asked). */
  size: number;
  /** The whole object's size. */
  totalSize: number;
  contentType: string | null;
}

export interface ListedObject {
  key: string;
  size: number;
  /** When it was last written (the sweeper leaves young objects alone: their upload may still be committing). */
  modifiedAt: Date;
}

export interface SignedUrlOptions {
  /** The name the browser saves the file under (Content-Disposition: attachment). */
  downloadName: string;
  contentType: string;
  expiresInSeconds: number;
}

export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Writes `body` under `key` (a stream is piped, never held whole in memory); an existing key is replaced. */
  put(key: string, body: Readable | Buffer, options: { contentType: string; size?: number }): Promise<void>;
  /** The object as a stream (bytes `start`…`end` inclusive when given), or null when there is none. */
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object under `prefix`, in no promised order (the local driver's unfinished `*.part` writes included). */
  list(prefix: 'private/' | 'uploads/'): AsyncIterable<ListedObject>;
  /**
   * A short-lived URL a browser downloads the object from directly, or null when the driver has none: the local
   * driver's files are served by the portal itself behind its own HMAC link (plugins/files.ts).
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>;
  /** Throws when the store cannot be reached or written (checked at start and by readiness). */
  check(): Promise<void>;
  /** What the banner says about the store. */
  describe(): string;
}

/** Keys: `uploads/` or `private/` then folders and a name of plain characters, no `..`, no empty part. */
const KEY = /^(uploads|private)(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199})+$/;

export function validKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').some((part) => part === '.' || part === '..' || part.includes('..'));
}

export function assertKey(key: string): void {
  if (!validKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key).slice(0, 120)}`);
}

/** `/uploads/avatars/x.webp` (a public link as stored in the database) → `uploads/avatars/x.webp`, or null. */
export function publicKey(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/uploads/')) return null;
  const key = link.slice(1);
  return validKey(key) ? key : null;
}

/** `cv/x.pdf` (a `files.path`) → `private/cv/x.pdf`, or null. */
export function privateKey(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const key = `private/${stored}`;
  return validKey(key) ? key : null;
}

/** The whole object in memory, for the few readers that need it at once (a member card's photo, the data export). */
export async function readAll(storage: FileStorage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Removes keys, never failing the request that already committed (an orphan file is the lesser harm). */
export async function removeQuietly(storage: FileStorage, keys: (string | null)[]): Promise<void> {
  await Promise.all(
    keys.filter((key): key is string => !!key).map((key) => storage.delete(key).catch(() => undefined)),
  );
}
