import { hash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random public identifier (16 base-36 chars ≈ 82 bits): no sequential ids leave the server. */
export function newHash(length = 16): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! % 36];
  return out;
}

/** A bearer secret (256 bits) and its SHA-256, which is what the database keeps. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  // one call, no Hash object per digest (every signed-in request hashes its token; Node ≥ 20.12, engines ≥ 20.19)
  return hash('sha256', value, 'hex');
}

/** URL slug: lower-case ASCII words joined by dashes (accents folded). */
export function slugify(value: string, maxLength = 80): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}

export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
