/**
 * kill -9 loses no acknowledged write (issue 27 §2, decisions.md "Durability"): a real production process takes
 * a burst of wall posts, is killed with SIGKILL right after the last answer, and every post it answered 201 for
 * is in the database when it is opened again. (SQLite runs WAL with synchronous = NORMAL: a commit is in the
 * WAL file, in the operating system's hands, before the answer is sent; only a power cut may lose the last ones.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createDb } from '../../src/server/db/dialect';
import { testDatabase, usingPostgres } from '../helpers/db';
import { runNode } from '../helpers/process';

const PRODUCTION = {
  NODE_ENV: 'production',
  API_KEY: 'a-production-api-key-for-tests',
  PUBLIC_URL: 'https://alumni.example.org',
  SECRET_KEY: 'x'.repeat(24) + '-production-secret-key',
  PAYMENT_PROVIDER: 'none',
  RATE_LIMIT_SCALE: '1000000',
};

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

describe('a process killed with SIGKILL', { timeout: 240_000 }, () => {
  it('keeps every write it acknowledged', async () => {
    const database = await testDatabase();
    cleanups.push(() => database.cleanup());
    const env: Record<string, string> = {
      DATA_DIR: database.dataDir,
      DIST_DIR: join(database.dataDir, 'no-dist'),
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'true',
      ...PRODUCTION,
    };
    if (usingPostgres()) env['DATABASE_URL'] = database.url;
    const proc = runNode('src/server/main.ts', env);
    cleanups.push(() => proc.stop());
    const address = await proc.ready(180_000);
    const headers = { apiKey: PRODUCTION.API_KEY, language: 'en' };
    const device = 'testdevice0123456789';
    const login = await fetch(`${address}/usr/login`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'bold@demo.test',
        password: 'demo-password',
        deviceId: device,
        deviceType: 2,
        push: null,
      }),
    });
    expect(login.status).toBe(200);
    const member = { ...headers, token: (await login.json()).token, deviceId: device, type: '2' };
    const groups = (await (await fetch(`${address}/usr/workgroups`, { headers: member })).json()).items as Array<{
      slug: string;
      status: string;
    }>;
    const group = groups.find((g) => g.status === 'PUBLISHED');
    expect(group).toBeDefined();

    // 60 posts, 20 at a time; the process dies as soon as the last answer arrives
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const form = new FormData();
          form.set('content', `durability post ${round}-${i}`);
          const res = await fetch(`${address}/api/workgroups/${group!.slug}/comments`, {
            method: 'POST',
            headers: member,
            body: form,
          });
          return res.status === 201 ? ((await res.json()) as { hash: string }).hash : null;
        }),
      );
      acknowledged.push(...answers.filter((hash): hash is string => hash !== null));
    }
    proc.child.kill('SIGKILL');
    expect(await proc.exited).toBe(137);
    expect(acknowledged).toHaveLength(60);

    const db = createDb(usingPostgres() ? database.url : `sqlite:${join(database.dataDir, 'portal.db')}`, {
      poolSize: 1,
    });
    cleanups.push(() => db.destroy());
    const stored = await db.selectFrom('comments').select('hash').where('hash', 'in', acknowledged).execute();
    expect(stored.map((row) => row.hash).sort()).toEqual([...acknowledged].sort());
  });
});
