/** Health for a load balancer (issue 26 §4): live, and ready only with the database, its migrations and the file store. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { startS3, type TestS3 } from '../helpers/s3';

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp(s3.env);
}, 300_000);
afterAll(async () => {
  await t?.close();
  await s3?.close().catch(() => undefined);
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('health', () => {
  it('live and ready answer without an apiKey, never cached', async () => {
    const live = await get('/health/live');
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await get('/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      { status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } },
    ]);
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('ready is 503 naming migrations when the database lacks one this code has', async () => {
    const last = await sql<{
      name: string;
      timestamp: string;
    }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.app.db);
    expect(last.rows).toHaveLength(1);
    const row = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${row.name}`.execute(t.app.db);
    try {
      const ready = await get('/health/ready');
      expect([ready.statusCode, ready.json()]).toEqual([
        503,
        { status: 'failing', checks: { database: 'ok', migrations: 'failing', storage: 'ok' } },
      ]);
      expect((await get('/health/live')).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
        t.app.db,
      );
    }
    expect((await get('/health/ready')).statusCode).toBe(200);
  });

  it('ready is 503 naming the file store when the bucket cannot be reached', async () => {
    await s3.close();
    const ready = await get('/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([
      503,
      { status: 'failing', checks: { database: 'ok', migrations: 'ok', storage: 'failing' } },
    ]);
    expect((await get('/health/live')).statusCode).toBe(200);
  });
});
