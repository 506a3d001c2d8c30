/**
 * A background task told to stop ends between two of its items (issue 26 §5): instance B runs the renewals over a
 * batch of due members and is closed (what SIGTERM does) mid-run. B must stop before the end of the batch — not
 * charge on through the shutdown — and instance A (same database), running the renewals next, must renew the rest:
 * every member renewed exactly once, none lost, none charged twice, no half-applied member.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeDueMembers, renewalState, renewedOnce } from '../helpers/dueMembers';

const MEMBERS = 150;
const STOP_AFTER = 10;

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
  // a long shutdown grace: a run that ignored the stop would be waited for to its end, and caught by the test
  return buildApp(
    { ...a.app.config, dataDir, shutdownTimeoutSeconds: 600 },
    { db: createDb(a.app.config.databaseUrl, { poolSize: 2 }), migrate: false, closeDb: true },
  );
}

describe('a stopping instance ends its task between two items', () => {
  it('the renewals stop mid-batch on close, and the next run renews the rest exactly once', async () => {
    const periodEnd = new Date(Date.now() - 86_400_000).toISOString();
    const members = await makeDueMembers(a, MEMBERS, periodEnd, (i) => `sbx_stop_${i}`);
    expect(members.length).toBe(MEMBERS);
    const hashes = members.map((m) => m.hash);
    const paid = async () =>
      Number(
        (
          await a.app.db
            .selectFrom('payments')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_hash', 'in', hashes)
            .where('status', '=', 'PAID')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await a.app.db.deleteFrom('tasks').where('name', '=', 'membership.renewals').execute();

    const now = new Date();
    const b = await instanceB();
    const round = b.tasks.runDue(now);
    await expect.poll(paid, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(STOP_AFTER);
    await b.close();
    expect(await round).toContain('membership.renewals');

    // B stopped before the end of the batch, leaving nothing half done
    const byB = await paid();
    expect(byB).toBeLessThan(MEMBERS);
    const pending = await a.app.db
      .selectFrom('payments')
      .select('hash')
      .where('user_hash', 'in', hashes)
      .where('status', '<>', 'PAID')
      .execute();
    expect(pending).toEqual([]);

    // the lease came back with the run still due: A renews the rest at once
    expect(await a.app.tasks.runDue(now)).toContain('membership.renewals');
    const states = await renewalState(a, members);
    expect(states.length).toBe(MEMBERS);
    expect(states).toEqual(members.map(() => renewedOnce(periodEnd)));
  }, 300_000);
});
