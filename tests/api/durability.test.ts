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
    const signedIn = (await login.json()) as { token: string; user: { hash: string } };
    const member = { ...headers, token: signedIn.token, deviceId: device, type: '2' };
    const groups = (await (await fetch(`${address}/usr/workgroups`, { headers: member })).json()).items as Array<{
      slug: string;
      status: string;
    }>;
    const group = groups.find((g) => g.status === 'PUBLISHED');
    expect(group).toBeDefined();

    // the toggles are one statement each, their own transaction (issue 27): saves and applications too must survive
    const memberHash = signedIn.user.hash;
    const articles = (await (await fetch(`${address}/api/articles?page=1&size=10`, { headers: member })).json())
      .items as Array<{ hash: string; saved: boolean }>;
    const jobs = (await (await fetch(`${address}/api/jobs?page=1&size=10`, { headers: member })).json())
      .items as Array<{
      hash: string;
      subscribed: boolean;
    }>;
    const toSave = articles.filter((a) => !a.saved);
    const toApply = jobs.filter((j) => !j.subscribed);
    expect(toSave.length).toBeGreaterThan(0);
    expect(toApply.length).toBeGreaterThan(0);
    const toggle = async (url: string) => {
      const res = await fetch(`${address}${url}`, { method: 'PATCH', headers: member });
      return res.status === 200 && ((await res.json()) as { active: boolean }).active;
    };

    // 60 posts, 20 at a time; the last round goes with the saves and applications, and the process dies as soon
    // as the last answer arrives
    const acknowledged: string[] = [];
    let saved: string[] = [];
    let applied: string[] = [];
    for (let round = 0; round < 3; round++) {
      const last = round === 2;
      const [answers, savedNow, appliedNow] = await Promise.all([
        Promise.all(
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
        ),
        last ? Promise.all(toSave.map((a) => toggle(`/api/articles/${a.hash}/save`))) : [],
        last ? Promise.all(toApply.map((j) => toggle(`/api/jobs/${j.hash}/subscribe`))) : [],
      ]);
      if (last) {
        saved = toSave.filter((_, i) => savedNow[i]).map((a) => a.hash);
        applied = toApply.filter((_, i) => appliedNow[i]).map((j) => j.hash);
      }
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
    // (an offer whose application the company discarded answers 418: not acknowledged, not counted)
    expect(saved).toHaveLength(toSave.length);
    expect(applied.length).toBeGreaterThan(0);
    const saves = await db
      .selectFrom('article_saves')
      .select('article_hash')
      .where('user_hash', '=', memberHash)
      .where('article_hash', 'in', saved)
      .execute();
    expect(saves.map((row) => row.article_hash).sort()).toEqual([...saved].sort());
    const applications = await db
      .selectFrom('applicants')
      .select('job_hash')
      .where('user_hash', '=', memberHash)
      .where('status', '=', 'PENDING')
      .where('job_hash', 'in', applied)
      .execute();
    expect(applications.map((row) => row.job_hash).sort()).toEqual([...applied].sort());
  });
});
