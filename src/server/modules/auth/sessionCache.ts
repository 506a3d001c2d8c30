/**
 * The sessions an instance has resolved, remembered per token hash (issue 27 §2): a signed-in request then costs a
 * hash and a lookup in memory instead of a join over the session and its account.
 *
 * A remembered session is used only while the `auth` data version is the one read before it was looked up in the
 * database (migration 042: bumped by triggers, in the writing transaction, by every write that can end a session or
 * change its account's role, status, e-mail or second factor). The version is read for every signed-in request,
 * after the request arrived — one reader shared with the public and count caches (db/dataVersions.ts) — so a sign-out, a revocation or an account suspended on any instance (or by the admin
 * CLI) is seen by the next request of every instance. What no trigger sees is time: the session's own expiry is
 * checked against the clock on every use, and an entry is re-read after TTL_MS at most. Only sessions found valid are
 * remembered (a wrong token always costs a read), at most MAX_ENTRIES of them (oldest out first).
 */
import type { Conn } from '../../db/conn';
import { dataVersion } from '../../db/dataVersions';
import type { Actor } from '../../types';

export const MAX_ENTRIES = 20_000;
const TTL_MS = 60_000;

export interface KnownSession {
  /** frozen: the same object serves every request of the session */
  actor: Actor;
  deviceId: string;
  /** when the access token expires (ms) */
  expiresAt: number;
  /** an administrator's second factor is on */
  secondFactor: boolean;
}

interface Entry extends KnownSession {
  version: number;
  /** re-read from the database after this (ms) */
  until: number;
}

export interface SessionCache {
  /** The `auth` version as committed after the asking request arrived (one read per turn of the event loop). */
  version(): Promise<number>;
  get(tokenHash: string, version: number, now: number): KnownSession | undefined;
  /** Remembers a session read from the database after `version` was read. */
  put(tokenHash: string, version: number, session: KnownSession, now: number): void;
  size(): number;
}

function createSessionCache(db: Conn): SessionCache {
  const entries = new Map<string, Entry>();
  /** the newest version read: entries of older ones are useless and are let go at once */
  let newest = -1;

  const seen = (version: number) => {
    if (version > newest) {
      newest = version;
      entries.clear();
    }
    return version;
  };

  return {
    version: () => dataVersion(db, 'auth').then(seen),
    get(tokenHash, version, now) {
      const entry = entries.get(tokenHash);
      return entry && entry.version === version && entry.until > now ? entry : undefined;
    },
    put(tokenHash, version, session, now) {
      if (version < newest) return;
      entries.delete(tokenHash);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { ...session, version, until: now + TTL_MS });
    },
    size: () => entries.size,
  };
}

const caches = new WeakMap<Conn, SessionCache>();

/** The cache of a database handle (each app, each instance has its own). */
export function sessionCache(db: Conn): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createSessionCache(db);
    caches.set(db, cache);
  }
  return cache;
}
