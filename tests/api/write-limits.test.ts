/**
 * The general write limit (120 a minute per signed-in caller, plugins/rateLimit.ts) holds wherever its count lives:
 * on SQLite (one process by design) in the process's memory — a write then adds no counter row, one statement and one
 * commit fewer per request — shared by every app of the process on that database; on PostgreSQL in the shared
 * `rate_counters` table, so several instances count together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { API_KEY, TEST_DEVICE, startTestApp, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/db';

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '1' });
  // a second instance on the same database with its own connection, as a second process would have
  other = await buildApp(t.app.config, {
    db: createDb(t.app.config.databaseUrl, { poolSize: 2 }),
    migrate: false,
    closeDb: true,
  });
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
});

async function counterRows() {
  // the general limits' keys: `rl:` + the caller (`user:<hash>`) + the class
  const rows = await t.app.db.selectFrom('rate_counters').select('key').where('key', 'like', 'rl:user:%').execute();
  return rows.length;
}

describe('the write limit of a signed-in member', () => {
  it('allows 120 writes a minute across both instances and refuses the 121st with 429', async () => {
    const { token } = await t.login('bold@demo.test');
    const articles = (await t.api('GET', '/api/articles?page=1&size=1', { token })).json().items as Array<{
      hash: string;
    }>;
    expect(articles).toHaveLength(1);
    const headers = { apikey: API_KEY, language: 'en', token, deviceid: TEST_DEVICE, type: '2' };
    const codes: number[] = [];
    for (let i = 0; i < 121; i++) {
      const app = i % 2 ? other : t.app;
      const res = await app.inject({ method: 'PATCH', url: `/api/articles/${articles[0]!.hash}/save`, headers });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 120)).toEqual(Array(120).fill(200));
    expect(codes[120]).toBe(429);
    // a member's own limit: another member still writes
    const second = await t.login('gratis@demo.test');
    expect((await t.api('PATCH', `/api/articles/${articles[0]!.hash}/save`, { token: second.token })).statusCode).toBe(
      200,
    );
  });

  it(
    usingPostgres()
      ? 'PostgreSQL: the count is kept in the shared table'
      : 'SQLite: the count is kept in memory (no counter row written)',
    async () => {
      expect(await counterRows()).toBe(usingPostgres() ? 2 : 0);
    },
  );
});
