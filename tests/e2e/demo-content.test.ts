/** Issue 10 §7: a news item offers no registration (only events do); the demo pages, screenshotted for review. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer, settle } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
const slugs: Record<'NEWS' | 'EVENT', string> = { NEWS: '', EVENT: '' };

onBrowserSuite((live) => ({ server, browser } = live));
beforeAll(async () => {
  for (const type of ['NEWS', 'EVENT'] as const) {
    slugs[type] = (
      await server.app.db
        .selectFrom('article_i18n')
        .innerJoin('articles', 'articles.hash', 'article_i18n.article_hash')
        .select('article_i18n.slug')
        .where('articles.type', '=', type)
        .where('articles.status', '=', 'PUBLISHED')
        .where('article_i18n.language', '=', 'en')
        .orderBy('articles.date', 'desc')
        .executeTakeFirstOrThrow()
    ).slug;
  }
});

describe('news items and events', () => {
  it('shows Register on an event only, never on a news item (Bold member signed in)', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    await page.goto(`${server.url}/en/news/${slugs.EVENT}`);
    await page.getByTestId('save').waitFor();
    expect(await page.getByTestId('subscribe').count()).toBe(1);
    await page.screenshot({ path: '/tmp/e-event-1400.png', fullPage: true });
    await page.goto(`${server.url}/en/news/${slugs.NEWS}`);
    await page.getByTestId('save').waitFor();
    expect(await page.getByTestId('subscribe').count()).toBe(0);
    expect(await page.getByTestId('registered').count()).toBe(0);
    await page.screenshot({ path: '/tmp/e-news-1400.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('screenshots the demo pages at 1400 px and 360 px', async () => {
    for (const width of [1400, 360]) {
      const context = await withCookieChoice(
        await browser.newContext({ viewport: { width, height: 900 } }),
        server.url,
      );
      const { page } = await newPage(context);
      for (const [name, path] of [
        ['home', '/es'],
        ['noticias', '/es/noticias'],
        ['news', `/en/news/${slugs.NEWS}`],
        ['jobs', '/en/jobs'],
        ['groups', '/en/workgroups'],
        ['portfolios', '/en/portfolios'],
      ]) {
        await page.goto(`${server.url}${path}`);
        await settle(page);
        await page.screenshot({ path: `/tmp/e-${name}-${width}.png`, fullPage: width === 360 ? false : true });
      }
      expect(await page.locator('img').count()).toBeGreaterThan(0);
      await context.close();
    }
  });
});
