/**
 * An instance killed with SIGKILL in the middle of a renewal run (issue 26 §5): instance K (a child process running the
 * real server, PAYMENT_PROVIDER=redsys against the fake gateway of tests/support/fakeRedsys.ts) charges a batch of due
 * Bold members and is killed at a chosen charge, in one of the two windows a crash can leave open:
 * - `answer lost`: the gateway accepted the charge, K never read its answer;
 * - `not sent`: K recorded the attempt and died before the gateway heard of it.
 * Instance A (this process, same database) then runs the renewals again, later. Every due member must end up charged
 * exactly once at the gateway, with one PAID payment, one receipt and the year granted — no payment without its year,
 * no year without its payment.
 * The kill point is exact: a proxy between K and the gateway kills K when the chosen charge passes through it.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeDueMembers, renewalState, renewedOnce, type DueMember } from '../helpers/dueMembers';
import { runNode, type RunningProcess } from '../helpers/process';
import { FakeRedsys } from '../support/fakeRedsys';

const MERCHANT = '999008881';
const KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7'; // Redsys's published test key
const MEMBERS = 40;
const KILL_AT = 15;

let a: TestApp;
let fake: FakeRedsys;
const children: RunningProcess[] = [];
const proxies: Server[] = [];

beforeAll(async () => {
  fake = new FakeRedsys({ merchantCode: MERCHANT, terminal: '1', secretKey: KEY });
  await fake.start();
  a = await startTestApp({
    PAYMENT_PROVIDER: 'redsys',
    REDSYS_MERCHANT_CODE: MERCHANT,
    REDSYS_SECRET_KEY: KEY,
    REDSYS_URL: fake.url,
  });
}, 120_000);
afterAll(async () => {
  for (const child of children) await child.stop();
  for (const proxy of proxies) await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await a?.close();
  await fake?.stop();
});

type Window = 'answer lost' | 'not sent';

/** A pass-through to the fake gateway that SIGKILLs K when the KILL_AT-th charge passes, in the chosen window. */
async function killingProxy(window: Window, victim: () => RunningProcess): Promise<string> {
  let charges = 0;
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      charges++;
      if (charges === KILL_AT && window === 'not sent') return void victim().child.kill('SIGKILL');
      const forward = httpRequest(`${fake.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          // the gateway has the charge; K dies before it reads the answer
          if (charges === KILL_AT) return void victim().child.kill('SIGKILL');
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
        });
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

/** Per member: the charges the gateway accepted, then what the portal recorded (tests/helpers/dueMembers.ts). */
async function outcome(members: DueMember[]) {
  const states = await renewalState(a, members);
  return members.map((member, i) => ({
    chargedAtGateway: fake.requests.filter(
      (request) =>
        request.params['DS_MERCHANT_TRANSACTIONTYPE'] === '0' &&
        request.params['DS_MERCHANT_IDENTIFIER'] === member.token &&
        request.problems.length === 0,
    ).length,
    ...states[i],
  }));
}

describe('SIGKILL during a renewal run', () => {
  for (const [index, window] of (['answer lost', 'not sent'] as const).entries()) {
    it(`${window}: after a restart every due member is charged exactly once, with receipt and year`, async () => {
      const periodEnd = new Date(Date.now() - 2 * 86_400_000).toISOString();
      const members = await makeDueMembers(a, MEMBERS, periodEnd, (i, hash) => {
        const token = `tok${index}x${i}x${hash}`;
        fake.register(token);
        return token;
      });
      expect(members.length).toBe(MEMBERS);
      await a.app.db.deleteFrom('tasks').where('name', '=', 'membership.renewals').execute();

      const config = a.app.config;
      const started: { k?: RunningProcess } = {};
      const gateway = await killingProxy(window, () => started.k!);
      const k = (started.k = runNode('src/server/main.ts', {
        DATABASE_URL: config.databaseUrl,
        DATA_DIR: config.dataDir,
        DIST_DIR: join(config.dataDir, 'no-dist'),
        HOST: '127.0.0.1',
        PORT: '0',
        SEED_DEMO: 'false',
        RATE_LIMIT_SCALE: '1000',
        TASKS_POLL_SECONDS: '1',
        PAYMENT_PROVIDER: 'redsys',
        REDSYS_MERCHANT_CODE: MERCHANT,
        REDSYS_SECRET_KEY: KEY,
        REDSYS_URL: gateway,
      }));
      children.push(k);
      await k.ready();
      expect(await k.exited).toBe(137);

      // killed mid-run: the earlier charges applied, the one in flight recorded and unresolved, the rest not started
      const statuses = await a.app.db
        .selectFrom('payments')
        .select('status')
        .where(
          'user_hash',
          'in',
          members.map((m) => m.hash),
        )
        .execute();
      expect(statuses.filter((s) => s.status === 'PAID').length).toBe(KILL_AT - 1);
      expect(statuses.filter((s) => s.status === 'PENDING').length).toBe(1);

      // a restarted instance runs the renewals again (an hour later: K's lease has long expired)
      expect(await a.app.tasks.runDue(new Date(Date.now() + 3600_000))).toContain('membership.renewals');
      const summary = await outcome(members);
      expect(summary.length).toBe(MEMBERS);
      expect(summary).toEqual(members.map(() => ({ chargedAtGateway: 1, ...renewedOnce(periodEnd) })));
    }, 180_000);
  }
});
