/**
 * Offer views (issue 11 §3: the company sees how often each offer was opened), counted off the hot path. The public
 * offer stays in the anonymous cache; the page reports a view with a small POST once it has shown the offer (once per
 * browser tab). Each instance keeps the counts in memory and adds them to the private `job_views` table with one
 * upsert per offer every few seconds and on close, so a busy offer costs one write per flush, not one per reader.
 * Companies and administrators reading offers are not counted, nor the same address reading the same offer again
 * within the hour (remembered per instance in a bounded map: a hand-written one because the count needs only
 * insertion-ordered eviction, which a Map gives, and no dependency).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types';
import type { Db } from '../../db/dialect';
import { nowIso } from '../../lib/ids';

const REPEAT_WINDOW_MS = 60 * 60_000;
const MAX_REMEMBERED = 50_000;
const FLUSH_EVERY_MS = 10_000;

export class ViewCounter {
  private pending = new Map<string, number>();
  private seen = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  /** Counts a view unless this visitor counted this offer within the hour; answers whether it counted. */
  count(jobHash: string, visitor: string, now = Date.now()): boolean {
    const key = `${visitor} ${jobHash}`;
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.delete(key); // re-inserted last, so the oldest entries are evicted first
    this.seen.set(key, now + REPEAT_WINDOW_MS);
    if (this.seen.size > MAX_REMEMBERED) this.seen.delete(this.seen.keys().next().value!);
    this.pending.set(jobHash, (this.pending.get(jobHash) ?? 0) + 1);
    return true;
  }

  /** Adds the buffered counts to the table; answers how many views it wrote. */
  async flush(now = new Date()): Promise<number> {
    const batch = [...this.pending];
    this.pending.clear();
    let written = 0;
    const updatedAt = nowIso(now);
    for (const [jobHash, views] of batch) {
      try {
        await this.db
          .insertInto('job_views')
          .values({ job_hash: jobHash, views, updated_at: updatedAt })
          .onConflict((oc) =>
            oc
              .column('job_hash')
              .doUpdateSet({ views: sql<number>`job_views.views + excluded.views`, updated_at: updatedAt }),
          )
          .execute();
        written += views;
      } catch {
        // the offer was deleted since it was read: its views go with it
      }
    }
    return written;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobViews: ViewCounter;
  }
}

/** One counter per instance; flushed every few seconds and when the app closes (before the database does). */
export function jobViewsPlugin(app: FastifyInstance): ViewCounter {
  const counter = new ViewCounter(app.db);
  app.decorate('jobViews', counter);
  app.addHook('onReady', async () => counter.start());
  app.addHook('preClose', async () => counter.stop());
  return counter;
}

/** Views per offer, for the company's and the back office's lists. */
export async function viewsOf(
  db: Db | Transaction<Database>,
  jobHashes: readonly string[],
): Promise<Map<string, number>> {
  if (!jobHashes.length) return new Map();
  const rows = await db
    .selectFrom('job_views')
    .select(['job_hash', 'views'])
    .where('job_hash', 'in', jobHashes)
    .execute();
  return new Map(rows.map((row) => [row.job_hash, Number(row.views)]));
}
