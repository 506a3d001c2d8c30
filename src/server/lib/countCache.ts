/**
 * Totals of public lists, remembered for a few seconds per filter. Counting tens of thousands of
 * rows on every page request dominated list latency (npm run bench); a total that is a few seconds
 * stale is harmless, and nothing here is needed by another instance. Lists filtered by the caller
 * (`*_by_me`) are never cached.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;

const entries = new Map<string, { value: number; expires: number }>();

export async function cachedCount(key: string, count: () => Promise<number>): Promise<number> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value;
  const value = await count();
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { value, expires: now + TTL_MS });
  return value;
}

/** Forget every total (after a write that changes what lists contain). */
export function clearCountCache(): void {
  entries.clear();
}
