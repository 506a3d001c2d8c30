/**
 * A public list page as everybody sees it, computed once and shared by every caller (issue 27 §2: signed-in reads).
 *
 * The anonymous public-read cache (plugins/publicCache.ts) keeps answers as bytes, and only for requests that carry
 * no identity. A member reading the first page of the offers or the news asks for the very same rows, tags and
 * counts, and paid for all of it on every request (~0.3 ms of SQL for the rows, as much again for their tags).
 * Here the page's *presented items* are kept instead, and whatever is the caller's own (a member's saved and
 * registered marks) is laid over them per request by the caller, from one small statement.
 *
 * When a page is reused — all of these, or it is computed:
 * - it was computed at the `public` data version read for this request (migration 009: bumped in the writing
 *   transaction by every table an anonymous answer can read, on every instance), so a write anywhere is seen by the
 *   next request;
 * - it is younger than TTL_MS, the public cache's bound for what no trigger sees (an offer whose deadline passes);
 * - the caller's key names everything the page depends on (list, language, filter, page window) and nothing that
 *   is the caller's: a page must not depend on who asks.
 * At most MAX_ENTRIES pages are kept per database (least recently computed out); callers that miss together wait
 * for the one computation in flight. The same holds for the small reference tables every directory page names
 * (category titles, country names: users/repository.ts, countries/repository.ts), read whole once per version.
 */
import type { Conn } from '../db/conn';
import { dataVersion } from '../db/dataVersions';

export const TTL_MS = 5_000;
export const MAX_ENTRIES = 500;

interface Entry {
  version: number;
  expires: number;
  value: unknown;
}

interface Pages {
  entries: Map<string, Entry>;
  computing: Map<string, Promise<unknown>>;
  hits: number;
  misses: number;
}

// one set of pages per database connection: two portals in one process (the tests) never share a page
const byConnection = new WeakMap<Conn, Pages>();

function pagesOf(db: Conn): Pages {
  let pages = byConnection.get(db);
  if (!pages) byConnection.set(db, (pages = { entries: new Map(), computing: new Map(), hits: 0, misses: 0 }));
  return pages;
}

/** The page under `key` as computed at the current `public` data version, or computed now (`db` is not a transaction). */
export async function sharedPage<T>(db: Conn, key: string, compute: () => Promise<T>): Promise<T> {
  // inside a transaction the page would be computed from its uncommitted view: never kept, never reused
  if (db.isTransaction) return compute();
  const version = await dataVersion(db, 'public');
  const pages = pagesOf(db);
  const hit = pages.entries.get(key);
  if (hit && hit.version === version && hit.expires > Date.now()) {
    pages.hits++;
    return hit.value as T;
  }
  const flightKey = `${version}\u0000${key}`;
  const flying = pages.computing.get(flightKey);
  if (flying) {
    pages.hits++;
    return flying as Promise<T>;
  }
  pages.misses++;
  const promise = compute()
    .then((value) => {
      pages.entries.delete(key);
      if (pages.entries.size >= MAX_ENTRIES) pages.entries.delete(pages.entries.keys().next().value!);
      pages.entries.set(key, { version, value, expires: Date.now() + TTL_MS });
      return value;
    })
    .finally(() => pages.computing.delete(flightKey));
  pages.computing.set(flightKey, promise);
  return promise;
}

/** Pages reused and computed on this database since it was opened (tests check the sharing). */
export function sharedPageStats(db: Conn): { hits: number; misses: number; entries: number } {
  const { hits, misses, entries } = pagesOf(db);
  return { hits, misses, entries: entries.size };
}
