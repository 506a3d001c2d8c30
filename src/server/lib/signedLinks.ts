/**
 * Short-lived signed links to private files (DESIGN §4b). `<a>` and `<img>` cannot send our apiKey or
 * token, so the API hands out `/files/<hash>?exp=<unix seconds>&by=<actor>&sig=<HMAC>` to those allowed,
 * and the file route (plugins/files.ts) serves the file on the signature alone:
 * sig = base64url(HMAC-SHA256(secretKey, "<path>\n<actor>\n<exp>")), compared in constant time.
 * The actor is signed so a link can be traced to whom it was handed; the expiry keeps a leaked link short-lived.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_TTL_SECONDS } from '../../shared/constants';
import type { Actor } from '../types';

export { FILE_LINK_TTL_SECONDS };

/** `/files/<hash>`: the only path a signed link names (built from the file's hash, never from the request). */
export function filePath(fileHash: string): string {
  return `/files/${fileHash}`;
}

/** The actor as it is signed and carried in the link: `anon`, or `<user|company|admin>.<hash>`. */
export function actorKey(actor: Pick<Actor, 'type' | 'hash'>): string {
  return actor.type === 'anonymous' || !actor.hash ? 'anon' : `${actor.type}.${actor.hash}`;
}

export const ACTOR_KEY_PATTERN = '^(anon|(user|company|admin)\\.[A-Za-z0-9]{1,64})$';
export const SIGNATURE_PATTERN = '^[A-Za-z0-9_-]{43}$';

function mac(secretKey: string, path: string, by: string, exp: number): Buffer {
  return createHmac('sha256', secretKey).update(`${path}\n${by}\n${exp}`).digest();
}

export function sign(secretKey: string, path: string, by: string, exp: number): string {
  return mac(secretKey, path, by, exp).toString('base64url');
}

export interface SignedQuery {
  exp?: number;
  by?: string;
  sig?: string;
}

export type LinkCheck = 'ok' | 'invalid' | 'expired';

/** Whether `query` is a valid signature for `path` (any actor) that has not expired at `now`. */
export function verify(secretKey: string, path: string, query: SignedQuery, now: Date = new Date()): LinkCheck {
  const { exp, by, sig } = query;
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp) || !by || !sig) return 'invalid';
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secretKey, path, by, exp);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return exp * 1000 <= now.getTime() ? 'expired' : 'ok';
}

/** Hands out links for one request's actor: `link(fileHash)` → a relative URL valid for FILE_LINK_TTL_SECONDS. */
export interface FileLinks {
  link(fileHash: string): string;
}

export function fileLinks(secretKey: string, actor: Pick<Actor, 'type' | 'hash'>, now: Date = new Date(), ttlSeconds = FILE_LINK_TTL_SECONDS): FileLinks {
  const by = actorKey(actor);
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return {
    link(fileHash) {
      const path = filePath(fileHash);
      return `${path}?exp=${exp}&by=${encodeURIComponent(by)}&sig=${sign(secretKey, path, by, exp)}`;
    },
  };
}
