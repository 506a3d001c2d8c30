/**
 * A graceful stop gives back the background task it was running (issue 26 §5): instance B, closing (what SIGTERM does)
 * while a task of the shared `tasks` table runs on it, aborts the run and releases its lease with the run still due, so
 * instance A (same database) runs it at once — not ten minutes later when the lease would have expired. A task that
 * ignores the abort is waited for a bounded time (half of SHUTDOWN_TIMEOUT_SECONDS), then let go all the same.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { startTestApp, type TestApp } from '../helpers/app';

let a: TestApp;
const folders: string[] = [];

beforeAll(async () => {
  a = await startTestApp();
}, 120_000);
afterAll(async () => {
  await a?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function instanceB(): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alumni-instance-b-'));
  folders.push(dataDir);
  return buildApp(
    { ...a.app.config, dataDir, shutdownTimeoutSeconds: 2 },
    { db: createDb(a.app.config.databaseUrl, { poolSize: 2 }), migrate: false, closeDb: true },
  );
}

/** Resolves with 'closed', or with 'stuck' when the close has not returned after `ms` (the test then fails, not hangs). */
function closeWithin(app: FastifyInstance, ms: number): Promise<'closed' | 'stuck'> {
  return Promise.race([
    app.close().then(() => 'closed' as const),
    new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), ms).unref()),
  ]);
}

async function lease(name: string) {
  return a.app.db
    .selectFrom('tasks')
    .select(['claimed_by', 'locked_until', 'next_run_at'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
}

describe('task leases on a graceful stop', () => {
  for (const [label, honoursAbort] of [
    ['a task that stops when told', true],
    ['a task that ignores the abort', false],
  ] as const) {
    it(`${label}: B closing mid-run releases the lease and A runs the task at once`, async () => {
      const name = `lease-test.${honoursAbort ? 'honours' : 'ignores'}`;
      const now = new Date();
      const b = await instanceB();
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      b.tasks.register({
        name,
        everyMs: 3600_000,
        run: (_now, signal) =>
          new Promise<void>((resolve) => {
            started();
            if (honoursAbort) signal?.addEventListener('abort', () => resolve());
          }),
      });
      const round = b.tasks.runDue(now);
      await running;
      const held = await lease(name);
      expect(held.claimed_by).toBe(b.tasks.id);

      expect(await closeWithin(b, 30_000)).toBe('closed');
      void round.catch(() => undefined);
      const after = await lease(name);
      expect([after.claimed_by, after.locked_until]).toEqual([null, null]);

      let ranOnA = 0;
      a.app.tasks.register({ name, everyMs: 3600_000, run: async () => void ranOnA++ });
      // the same moment B claimed it: the interrupted run is still due, not moved to the next hour
      expect(await a.app.tasks.runDue(now)).toContain(name);
      expect(ranOnA).toBe(1);
    }, 60_000);
  }
});
