/**
 * The one data-version reader the public, count and session caches share (src/server/db/dataVersions.ts). On SQLite
 * it reads the row at once on the app's own connection — but never while a transaction is open there: that
 * transaction's bump is not committed, and a value computed meanwhile and remembered under the bumped version would
 * be served again once a later write commits that same version number. The write here is rolled back, then a real
 * write commits the version it had bumped to: the cached value must be computed again.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedCount } from '../../src/server/lib/countCache';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => t?.close());

const bump = sql`update data_versions set version = version + 1 where name = 'content'`;

describe('the shared data-version reader', () => {
  it('does not read a version bumped by a transaction still open (rolled back): the next write is seen', async () => {
    const db = t.app.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let counted: Promise<number> | null = null;
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await bump.execute(trx);
        // another request asks while the write is in flight; it computes from what is committed (the state before)
        counted = cachedCount(db, 'content', 'hostile-uncommitted', async () => 1);
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await rolledBack).toBe('rolled back');
    expect(counted).not.toBeNull();
    expect(await counted!).toBe(1);
    // a real write commits the version number the rolled-back one had taken, with a new state
    await bump.execute(db);
    expect(await cachedCount(db, 'content', 'hostile-uncommitted', async () => 2)).toBe(2);
  });

  it('sees a committed write at once', async () => {
    const db = t.app.db;
    expect(await cachedCount(db, 'content', 'hostile-committed', async () => 1)).toBe(1);
    expect(await cachedCount(db, 'content', 'hostile-committed', async () => 5)).toBe(1);
    await bump.execute(db);
    expect(await cachedCount(db, 'content', 'hostile-committed', async () => 2)).toBe(2);
  });
});
