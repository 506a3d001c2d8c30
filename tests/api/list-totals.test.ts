/**
 * A list's total when its count is skipped (lib/lists.ts totalFromPage): a page with rows but fewer than its size is
 * the last one, so the total is the page's offset plus its rows, and no count runs. Each list is read at sizes
 * around its real total (total − 1, total, total + 1) and on pages 1 and 2, each time with no cached count
 * (clearCountCache), and must answer the same total, items and maxPages as a count would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { clearCountCache } from '../../src/server/lib/countCache';

let t: TestApp;
let bold: Session;
beforeAll(async () => {
  t = await startTestApp();
  bold = await t.login('bold@demo.test');
  // three saved articles of bold's (the seed may hold none)
  const articles = (await t.api('GET', '/api/articles?size=3', bold)).json().items as Array<{ hash: string }>;
  expect(articles).toHaveLength(3);
  for (const article of articles) {
    const saved = await t.api('PATCH', `/api/articles/${article.hash}/save`, bold);
    expect(saved.statusCode).toBe(200);
    if (!saved.json().active) await t.api('PATCH', `/api/articles/${article.hash}/save`, bold);
  }
});
afterAll(async () => t?.close());

const LISTS: Array<[string, 'member' | 'anonymous']> = [
  ['/api/jobs?subscribed_by_me=true', 'member'],
  ['/api/articles?saved_by_me=true', 'member'],
  ['/api/workgroups?subscribed_by_me=true', 'member'],
  ['/api/workgroups?type=PUBLIC', 'anonymous'],
  ['/api/jobs?contract=INDEFINITE', 'anonymous'],
  ['/api/jobs?text=engineer', 'member'],
  ['/api/articles?type=EVENT', 'anonymous'],
  ['/api/users?graduation_year=2010', 'member'],
  ['/api/users?text=garcia', 'anonymous'],
];

async function read(url: string, who: 'member' | 'anonymous') {
  clearCountCache();
  const res = await t.api('GET', url, who === 'member' ? bold : {});
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as { items: Array<{ hash: string }>; total: number; maxPages: number };
}

describe('a total told by the page instead of a count', () => {
  it.each(LISTS)('%s answers the counted total at sizes around it, on pages 1 and 2', async (url, who) => {
    const all = await read(`${url}&size=100`, who);
    const total = all.total;
    expect(total, url).toBeGreaterThanOrEqual(2);
    expect(total, url).toBeLessThan(100);
    expect(all.items).toHaveLength(total);
    for (const size of [total - 1, total, total + 1]) {
      for (const page of [1, 2]) {
        const body = await read(`${url}&size=${size}&page=${page}`, who);
        const expected = all.items.slice((page - 1) * size, page * size).map((item) => item.hash);
        expect(body.total, `${url} size ${size} page ${page}`).toBe(total);
        expect(body.maxPages, `${url} size ${size} page ${page}`).toBe(Math.ceil(total / size));
        expect(
          body.items.map((item) => item.hash),
          `${url} size ${size} page ${page}`,
        ).toEqual(expected);
      }
    }
  });
});
