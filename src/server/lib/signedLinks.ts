/**
 * Short-lived signed links to private files (DESIGN §4b). `<a>` and `<img>` cannot send our apiKey or
 * token, so the API hands out `/files/<hash>?exp=<unix seconds>&by=<actor>&sig=<HMAC>` to those allowed,
 * and the file route (plugins/files.ts) serves the file on the signature alone:
 * sig = base64url(HMAC-SHA256(secretKey, "<path>\n<actor>\n<exp>")), compared in constant time.
 * The actor is signed so a link can be traced to whom it was handed; the expiry keeps a leaked link short-lived.
 * A link is taken only as it was handed out (issue 23 §7): its expiry no further away than links live
 * (FILE_LINK_MAX_LIFETIME_SECONDS, checked on use, so a key that once signed a long-lived link cannot have it
 * served), and spelled one way only (digits without leading zeros, the signature without padding or spare bits):
 * one link, one URL, whatever logs, caches or rate limits key on.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_TTL_SECONDS } from '../../shared/constants';
import type { Actor } from '../types';

export { FILE_LINK_TTL_SECONDS };

/** The furthest expiry a link may carry when used: the lifetime it is handed out with, and a minute for clocks of instances that differ. */
export const FILE_LINK_MAX_LIFETIME_SECONDS = FILE_LINK_TTL_SECONDS + 60;

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

/** The query as the file route receives it: an expiry spelled other than as handed out (`0…`, `+…`, ` …`, `1e9`) is no expiry. */
export function readSignedQuery(raw: { exp?: string; by?: string; sig?: string }): SignedQuery {
  const exp = raw.exp !== undefined && /^(0|[1-9][0-9]{0,14})$/.test(raw.exp) ? Number(raw.exp) : undefined;
  return { exp, by: raw.by, sig: raw.sig };
}

/**
 * Whether `query` is a valid signature for `path` (any actor) that has not expired at `now` and does not expire
 * later than `maxLifetimeSeconds` from it. The signature is compared as text with the one base64url spelling of the
 * expected one (constant time), so padding or a last character differing only in its spare bits is refused.
 */
export function verify(
  secretKey: string,
  path: string,
  query: SignedQuery,
  now: Date = new Date(),
  maxLifetimeSeconds = FILE_LINK_MAX_LIFETIME_SECONDS,
): LinkCheck {
  const { exp, by, sig } = query;
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp) || !by || !sig) return 'invalid';
  const given = Buffer.from(sig, 'utf8');
  const expected = Buffer.from(mac(secretKey, path, by, exp).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  if (exp * 1000 > now.getTime() + maxLifetimeSeconds * 1000) return 'invalid';
  return exp * 1000 <= now.getTime() ? 'expired' : 'ok';
}

/** Hands out links for one request's actor: `link(fileHash)` → a relative URL valid for FILE_LINK_TTL_SECONDS. */
export interface FileLinks {
  link(fileHash: string): string;
}

export function fileLinks(
  secretKey: string,
  actor: Pick<Actor, 'type' | 'hash'>,
  now: Date = new Date(),
  ttlSeconds = FILE_LINK_TTL_SECONDS,
): FileLinks {
  const by = actorKey(actor);
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return {
    link(fileHash) {
      const path = filePath(fileHash);
      return `${path}?exp=${exp}&by=${encodeURIComponent(by)}&sig=${sign(secretKey, path, by, exp)}`;
    },
  };
}
