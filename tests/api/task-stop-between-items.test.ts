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
import { InsertQueryNode, type KyselyPlugin } from 'kysely';
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

/**
 * Instance B, whose database calls `onPayment` as each payment is started. The stop is set off from there, inside
 * the run: on SQLite a whole run may go by without a timer firing, so the test cannot watch it from outside.
 */
async function instanceB(onPayment: (started: number) => void): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'alumni-instance-b-'));
  folders.push(dataDir);
  let started = 0;
  const watch: KyselyPlugin = {
    transformQuery({ node }) {
      if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'payments') onPayment(++started);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  // a long shutdown grace: a run that ignored the stop would be waited for to its end, and caught by the test
  return buildApp(
    { ...a.app.config, dataDir, shutdownTimeoutSeconds: 600 },
    {
      db: createDb(a.app.config.databaseUrl, { poolSize: 2 }).withPlugin(watch),
      migrate: false,
      closeDb: true,
    },
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
    let closing: Promise<void> | undefined;
    const b = await instanceB((started) => {
      if (started === STOP_AFTER) closing = b.close();
    });
    expect(await b.tasks.runDue(now)).toContain('membership.renewals');
    await closing;
    expect(closing).toBeInstanceOf(Promise);

    // B stopped before the end of the batch (the member in hand finished), leaving nothing half done
    const byB = await paid();
    expect(byB).toBeLessThan(MEMBERS);
    expect(byB).toBeGreaterThanOrEqual(STOP_AFTER);
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
