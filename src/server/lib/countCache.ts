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
import { runShaped } from '../db/shapes';

export type DataScope = 'directory' | 'content';

const TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;

const entries = new Map<string, { version: number; value: unknown; expires: number }>();
const inFlight = new Map<string, Promise<unknown>>();

export async function dataVersion(db: Conn, scope: DataScope): Promise<number> {
  const [row] = await runShaped(db, 'data_versions', { scope }, (a: { scope: string }) =>
    db.selectFrom('data_versions').select('version').where('name', '=', a.scope),
  );
  return Number(row?.version ?? 0);
}

/** The value under `key` if computed at the scope's current version (and not older than the TTL), else computed now. */
export async function cachedByVersion<T>(
  db: Conn,
  scope: DataScope,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const version = await dataVersion(db, scope);
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

/** Forget everything (the versions already make this unnecessary; kept for writes outside any trigger). */
export function clearCountCache(): void {
  entries.clear();
}
