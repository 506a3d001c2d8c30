/**
 * The member's own lists in the browser (issue 8 §11): saved articles, my applications, my groups.
 * A Bold member saves an article and finds it in Saved, then removes it; applies to an offer, sees it
 * Pending in My applications, withdraws it (with a confirmation) and sees it Withdrawn; leaves a group.
 * A Regular member is invited to upgrade on My applications; nothing overflows at 360 px.
 * Screenshots of the three pages, with data and empty, at 360 and 1400 px go to /tmp/h2-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

const PAGES = {
  saved: '/en/user/articles/saved',
  applications: '/en/user/jobs/subscribed',
  groups: '/en/user/workgroups/subscribed',
} as const;

async function signedIn(
  email: string,
  width = 1400,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await withCookieChoice(
    await browser.newContext({ viewport: { width: 1400, height: 900 } }),
    server.url,
  );
  const { page, errors } = await newPage(context);
  await signInAt(page, server.url, email);
  // signed in on a wide screen (the account menu is in the header there), then resized
  if (width !== 1400) await page.setViewportSize({ width, height: 800 });
  return { context, page, errors };
}

/** Opens a member page; a GRATIS member without an IBAN is sent to the IBAN page once per session first (SPEC §2). */
async function open(page: Page, path: string, testId: string) {
  await page.goto(`${server.url}${path}`);
  const target = page.getByTestId(testId);
  await Promise.race([target.waitFor(), page.waitForURL(/settings-iban/)]);
  if (/settings-iban/.test(page.url())) {
    await page.goto(`${server.url}${path}`);
    await target.waitFor();
  }
  expect(new URL(page.url()).pathname).toBe(path);
  await page
    .getByTestId('list-count')
    .or(page.getByTestId('list-empty'))
    .or(page.getByTestId('upgrade-required'))
    .first()
    .waitFor();
}

const userHash = async (email: string) =>
  (await server.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;

describe('saved articles', () => {
  it('a Bold member saves an article on its page, finds it in Saved and removes it from there', async () => {
    const bold = await userHash('bold@demo.test');
    const article = await server.app.db
      .selectFrom('articles')
      .innerJoin('article_i18n as t', (j) =>
        j.onRef('t.article_hash', '=', 'articles.hash').on('t.language', '=', 'en'),
      )
      .select(['t.slug', 't.title'])
      .where('articles.status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('article_saves')
              .select('article_hash')
              .whereRef('article_saves.article_hash', '=', 'articles.hash')
              .where('user_hash', '=', bold),
          ),
        ),
      )
      .orderBy('articles.date', 'desc')
      .executeTakeFirstOrThrow();
    const { context, page, errors } = await signedIn('bold@demo.test');
    await page.goto(`${server.url}/en/news/${article.slug}`);
    await page.getByTestId('save').click();
    await page.getByText('Saved to your articles.').waitFor();

    await open(page, PAGES.saved, 'user-saved');
    const card = page.getByTestId('saved-card').filter({ hasText: article.title });
    await card.waitFor();
    expect(await card.locator('a', { hasText: article.title }).getAttribute('href')).toBe(`/en/news/${article.slug}`);
    await page.screenshot({ path: '/tmp/h2-saved-1400.png', fullPage: true });

    // the news / events switch filters the list
    await page.getByTestId('saved-view').getByText('Events', { exact: true }).click();
    await expect
      .poll(
        async () => (await page.getByTestId('saved-card').allTextContents()).every((text) => text.includes('Event')),
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByTestId('saved-view').getByText('All', { exact: true }).click();
    await card.waitFor();

    await card.getByTestId('unsave').click();
    await page.getByText('Removed from your saved articles.').waitFor();
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(0);
    const rows = await server.app.db
      .selectFrom('article_saves')
      .innerJoin('article_i18n', 'article_i18n.article_hash', 'article_saves.article_hash')
      .select('article_saves.user_hash')
      .where('article_i18n.slug', '=', article.slug)
      .where('article_saves.user_hash', '=', bold)
      .execute();
    expect(rows).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an empty state linking to the news', async () => {
    await server.app.db
      .deleteFrom('article_saves')
      .where('user_hash', '=', await userHash('gratis@demo.test'))
      .execute();
    for (const width of [1400, 360]) {
      const { context, page } = await signedIn('gratis@demo.test', width);
      await open(page, PAGES.saved, 'user-saved');
      const empty = page.getByTestId('list-empty');
      await empty.waitFor();
      expect(await empty.getByRole('link').getAttribute('href')).toBe('/en/news');
      await page.screenshot({ path: `/tmp/h2-saved-empty-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});

describe('my applications', () => {
  it('a Bold member applies, sees Pending, withdraws with a confirmation and sees Withdrawn', async () => {
    const bold = await userHash('bold@demo.test');
    const job = await server.app.db
      .selectFrom('jobs')
      .select(['slug', 'title'])
      .where('status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('applicants')
              .select('hash')
              .whereRef('applicants.job_hash', '=', 'jobs.hash')
              .where('user_hash', '=', bold),
          ),
        ),
      )
      .orderBy('cdate', 'desc')
      .executeTakeFirstOrThrow();
    const { context, page, errors } = await signedIn('bold@demo.test');
    await page.goto(`${server.url}/en/jobs/${job.slug}`);
    await page.getByTestId('apply').click();
    await page.getByText('You have applied.').waitFor();

    await open(page, PAGES.applications, 'user-applications');
    const row = page.locator('tr', { has: page.getByRole('link', { name: job.title, exact: true }) });
    await row.waitFor();
    expect(await row.getByTestId('application-status').textContent()).toBe('Pending');
    expect(await row.getByRole('link', { name: job.title, exact: true }).getAttribute('href')).toBe(
      `/en/jobs/${job.slug}`,
    );
    // the seed's accepted application reads "In process"
    expect(await page.getByTestId('application-status').allTextContents()).toContain('In process');
    await page.screenshot({ path: '/tmp/h2-applications-1400.png', fullPage: true });

    await row.getByTestId('withdraw').click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Withdraw your application?');
    await confirm.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('You have withdrawn your application.').waitFor();
    await expect.poll(() => row.getByTestId('application-status').textContent(), { timeout: 30_000 }).toBe('Withdrawn');
    await row.getByTestId('apply-again').waitFor();
    await page.screenshot({ path: '/tmp/h2-applications-withdrawn-1400.png', fullPage: true });
    const stored = await server.app.db
      .selectFrom('applicants')
      .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
      .select('applicants.status')
      .where('jobs.slug', '=', job.slug)
      .where('applicants.user_hash', '=', bold)
      .execute();
    expect(stored).toEqual([{ status: 'WITHDRAWN' }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('invites a Regular member to upgrade instead of listing anything', async () => {
    const { context, page } = await signedIn('regular@demo.test');
    await open(page, PAGES.applications, 'upgrade-required');
    const notice = page.getByTestId('upgrade-required');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('A Bold member benefit');
    expect(await notice.getByRole('link').getAttribute('href')).toBe('/en/user/profile?tab=membership');
    expect(await page.getByTestId('applications-table').count()).toBe(0);
    await page.screenshot({ path: '/tmp/h2-applications-regular-1400.png', fullPage: true });
    await context.close();
  });

  it('shows a GRATIS member without applications an empty state linking to the offers', async () => {
    for (const width of [1400, 360]) {
      const { context, page } = await signedIn('gratis@demo.test', width);
      await open(page, PAGES.applications, 'user-applications');
      const empty = page.getByTestId('list-empty');
      await empty.waitFor();
      expect(await empty.getByRole('link').getAttribute('href')).toBe('/en/jobs');
      await page.screenshot({ path: `/tmp/h2-applications-empty-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});

describe('my groups', () => {
  it('lists the Bold member’s groups and leaves one after a confirmation', async () => {
    const { context, page, errors } = await signedIn('bold@demo.test');
    await open(page, PAGES.groups, 'user-groups');
    const cards = page.getByTestId('group-card');
    await cards.first().waitFor();
    const before = await cards.count();
    expect(before).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/h2-groups-1400.png', fullPage: true });
    // the first group bold@demo.test belongs to without running it (the one it runs offers no "leave")
    const first = cards.filter({ has: page.getByTestId('leave') }).first();
    const name = (await first.locator('h2').textContent())!;
    const href = await first.locator('h2 a').getAttribute('href');
    expect(href).toMatch(/^\/en\/workgroups\/[a-z0-9-]+$/);
    await first.getByTestId('leave').click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Leave group' }).click();
    await page.getByText(`You have left “${name}”.`).waitFor();
    await expect
      .poll(() => page.getByTestId('group-card').filter({ hasText: name }).count(), { timeout: 30_000 })
      .toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a Regular member an empty state linking to the groups', async () => {
    for (const width of [1400, 360]) {
      const { context, page } = await signedIn('regular@demo.test', width);
      await open(page, PAGES.groups, 'user-groups');
      const empty = page.getByTestId('list-empty');
      await empty.waitFor();
      expect(await empty.getByRole('link').getAttribute('href')).toBe('/en/workgroups');
      await page.screenshot({ path: `/tmp/h2-groups-empty-${width}.png`, fullPage: true });
      await context.close();
    }
  });
});

describe('small screens', () => {
  it('nothing overflows at 360 px on the three lists', async () => {
    // data on every list: a few saved articles (bold's seeded saves may be none), applications and groups from the seed
    const bold = await userHash('bold@demo.test');
    const some = await server.app.db
      .selectFrom('articles')
      .select('hash')
      .where('status', '=', 'PUBLISHED')
      .orderBy('date', 'desc')
      .limit(4)
      .execute();
    await server.app.db
      .deleteFrom('article_saves')
      .where('user_hash', '=', bold)
      .where(
        'article_hash',
        'in',
        some.map((a) => a.hash),
      )
      .execute();
    await server.app.db
      .insertInto('article_saves')
      .values(some.map((a) => ({ article_hash: a.hash, user_hash: bold, created_at: new Date().toISOString() })))
      .execute();
    const { context, page } = await signedIn('bold@demo.test', 360);
    for (const [name, path] of Object.entries(PAGES)) {
      await open(page, path, `user-${name}`);
      await page.getByTestId('list-count').waitFor();
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, name).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/h2-${name}-360.png`, fullPage: true });
    }
    // the longest labels (Catalan): the view switch fits without scrolling
    await open(page, '/ca/usuari/articles/desats', 'user-saved');
    const views = page.getByTestId('saved-view');
    expect(await views.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/h2-saved-ca-360.png', fullPage: false });
    await context.close();
  });
});
