/**
 * Values derived from many rows (list totals, the country list, the sitemap) remembered per key and per data
 * version (issue 9 §3). Every write that could change them bumps a counter in `data_versions` inside its own
 * transaction (triggers of migration 008), so a cached value is used only while the version it was computed
 * at is still the current one: a member who hides themselves is out of every count on the next request, on
 * every instance, and nothing needs to remember to clear anything. Reading the version is one primary-key
 * lookup per request instead of a count over tens of thousands of rows. A short TTL bounds what no trigger
 * sees (a category moved under another). Lists filtered by the caller (`*_by_me`) are never cached.
 */
import type { Conn } from '../db/conn';
import { dataVersion as readDataVersion } from '../db/dataVersions';
import { totalFromPage } from './lists';

export type DataScope = 'directory' | 'content';

const TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;

interface Cache {
  generation: number;
  entries: Map<string, { version: number; value: unknown; expires: number }>;
  inFlight: Map<string, Promise<unknown>>;
}
// one cache per database connection: two portals in one process (the tests, two instances side by side) each count
// their own rows, even when their data versions happen to be the same number
const caches = new WeakMap<Conn, Cache>();
/** clearCountCache() forgets every connection's values: a cache of an older generation starts empty */
let generation = 0;
function cacheOf(db: Conn): Cache {
  let cache = caches.get(db);
  if (!cache || cache.generation !== generation)
    caches.set(db, (cache = { generation, entries: new Map(), inFlight: new Map() }));
  return cache;
}

/** One reader shared with the public and session caches (db/dataVersions.ts). */
export function dataVersion(db: Conn, scope: DataScope): Promise<number> {
  return readDataVersion(db, scope);
}

/** The value under `key` if computed at the scope's current version (and not older than the TTL), else computed now. */
export async function cachedByVersion<T>(
  db: Conn,
  scope: DataScope,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const version = await dataVersion(db, scope);
  const { entries, inFlight } = cacheOf(db);
  const now = Date.now();
  const fullKey = `${scope}:${key}`;
  const hit = entries.get(fullKey);
  if (hit && hit.version === version && hit.expires > now) return hit.value as T;
  // one computation per key and version at a time: fifty requests that miss together wait for the same one
  const flightKey = `${fullKey}@${version}`;
  const flying = inFlight.get(flightKey);
  if (flying) return flying as Promise<T>;
  const promise = compute()
    .then((value) => {
      entries.delete(fullKey);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(fullKey, { version, value, expires: Date.now() + TTL_MS });
      return value;
    })
    .finally(() => inFlight.delete(flightKey));
  inFlight.set(flightKey, promise);
  return promise;
}

/** A list total, cached per filter shape and data version. */
export function cachedCount(db: Conn, scope: DataScope, key: string, count: () => Promise<number>): Promise<number> {
  return cachedByVersion(db, scope, `count:${key}`, count);
}

/**
 * A page and its total (issue 27: a new URL is never a cache hit). The total is the cached count when it is known at
 * the scope's current version; `page` then gets it (a page in the second half may read from the other end). On a
 * first page whose total is not known the page is read first and the count runs only when the page cannot tell it
 * (lists.ts totalFromPage: a first page shorter than its size is the whole list); the total is remembered either way.
 * A later page with no known total is counted first, as before: a page past the end then costs no walk.
 */
export async function cachedPage<T>(
  db: Conn,
  scope: DataScope,
  key: string,
  window: { size: number; offset: number },
  page: (total?: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const fullKey = `${scope}:count:${key}`;
  const version = await dataVersion(db, scope);
  const { entries } = cacheOf(db);
  const hit = entries.get(fullKey);
  const known = hit && hit.version === version && hit.expires > Date.now() ? (hit.value as number) : undefined;
  if (known !== undefined || window.offset > 0) {
    const total = known ?? (await cachedCount(db, scope, key, count));
    return { rows: window.offset >= total ? [] : await page(total), total };
  }
  const rows = await page();
  const total = totalFromPage(rows.length, window.size, 0) ?? (await count());
  entries.delete(fullKey);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(fullKey, { version, value: total, expires: Date.now() + TTL_MS });
  return { rows, total };
}

/** Forget everything (the versions already make this unnecessary; kept for writes outside any trigger). */
export function clearCountCache(): void {
  generation++;
}
