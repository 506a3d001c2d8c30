/**
 * List totals are remembered per data version (lib/countCache.ts). Two portals in one process — the tests' workers
 * run many files' apps one after another, and two instances may share a process in a test — each count their own
 * rows: two copies of the same seed start at the same data version, and one's totals must never answer for the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { cachedCount, clearCountCache, dataVersion } from '../../src/server/lib/countCache';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('remembered totals', () => {
  it('are each database’s own, at the same data version', async () => {
    expect(await dataVersion(a.app.db, 'content')).toBe(await dataVersion(b.app.db, 'content'));
    expect(await cachedCount(a.app.db, 'content', 'probe', async () => 1)).toBe(1);
    expect(await cachedCount(b.app.db, 'content', 'probe', async () => 2)).toBe(2);
    expect(await cachedCount(a.app.db, 'content', 'probe', async () => 3)).toBe(1);
  });

  it('are all forgotten by clearCountCache', async () => {
    expect(await cachedCount(a.app.db, 'content', 'forgotten', async () => 1)).toBe(1);
    clearCountCache();
    expect(await cachedCount(a.app.db, 'content', 'forgotten', async () => 2)).toBe(2);
  });
});
