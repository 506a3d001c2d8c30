/**
 * An article is named by its hash or by its slug in any language (a link survives a language switch). The lookup
 * (articles/repository.ts `namedBy`, used to show an article and to toggle a bookmark or registration) must find
 * each spelling and must not read every article to do it: written as `hash = id OR hash IN (slugs)` it scanned the
 * whole table on SQLite (issue 27 §2, writes). Runs on SQLite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedBy } from '../../src/server/modules/articles/repository';
import { startTestApp, type TestApp } from '../helpers/app';
import { sqlitePlan, usingPostgres } from '../helpers/db';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('an article named by its hash or any of its slugs', () => {
  it('is found by each spelling, and an unknown id names nothing', async () => {
    const db = t.app.db;
    const article = await db
      .selectFrom('articles')
      .select('hash')
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const slugs = await db.selectFrom('article_i18n').select('slug').where('article_hash', '=', article.hash).execute();
    expect(slugs.length).toBeGreaterThan(0);
    for (const id of [article.hash, ...slugs.map((s) => s.slug)]) {
      const found = await db
        .selectFrom('articles')
        .select('hash')
        .where(namedBy(db, id, id))
        .execute();
      expect(
        found.map((row) => row.hash),
        id,
      ).toEqual([article.hash]);
    }
    for (const id of ['nothing-by-this-name', "x' or '1'='1", '%', '']) {
      expect(
        await db
          .selectFrom('articles')
          .select('hash')
          .where(namedBy(db, id, id))
          .execute(),
        id,
      ).toEqual([]);
    }
    // through the API too, in another language than the slug's
    const en = slugs.find(() => true)!.slug;
    const res = await t.api('GET', `/api/articles/${encodeURIComponent(en)}`, { language: 'ca' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hash).toBe(article.hash);
  });

  it('reads no other article to find it (an index lookup, not a scan)', async () => {
    const db = t.app.db;
    const query = db
      .selectFrom('articles')
      .select('articles.hash')
      .where(namedBy(db, 'some-slug', 'some-slug'))
      .compile();
    if (usingPostgres()) {
      // valid on PostgreSQL (its plan for a few demo rows is the planner's own business)
      expect(Array.isArray((await db.executeQuery(query)).rows)).toBe(true);
      return;
    }
    const details = await sqlitePlan(db, query);
    expect(details.length).toBeGreaterThan(0);
    expect(details.filter((d) => /^SCAN articles/.test(d))).toEqual([]);
    expect(details).toContainEqual(expect.stringMatching(/^SEARCH articles USING (COVERING )?INDEX/));
  });
});
