/** Save, register and apply as a signed-out visitor (invited to sign in), Regular (asked to upgrade) and Bold/GRATIS (works). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
let eventSlug = '';
let jobSlug = '';

onBrowserSuite((live) => ({ server, browser } = live));
beforeAll(async () => {
  const db = server.app.db;
  eventSlug = (
    await db
      .selectFrom('article_i18n')
      .innerJoin('articles', 'articles.hash', 'article_i18n.article_hash')
      .select('article_i18n.slug')
      .where('articles.type', '=', 'EVENT')
      .where('articles.status', '=', 'PUBLISHED')
      .where('article_i18n.language', '=', 'en')
      .executeTakeFirstOrThrow()
  ).slug;
  jobSlug = (
    await db
      .selectFrom('jobs')
      .select('slug')
      .where('status', '=', 'PUBLISHED')
      .orderBy('cdate', 'asc')
      .executeTakeFirstOrThrow()
  ).slug;
});

const signIn = (page: Page, email: string) => signInAt(page, server.url, email);

describe('news: save and register', () => {
  it('invites a signed-out visitor to sign in', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page } = await newPage(context);
    await page.goto(`${server.url}/en/news/${eventSlug}`);
    await page.getByTestId('save').click();
    await page.getByText('Sign in to continue').waitFor();
    expect(await page.getByText('Sign in to continue').isVisible()).toBe(true);
    // nothing was saved: the button still offers to save
    expect(await page.getByTestId('save').getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it('lets a Regular member save but asks them to upgrade to register', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page } = await newPage(context);
    await signIn(page, 'regular@demo.test');
    await page.goto(`${server.url}/en/news/${eventSlug}`);
    await page.getByTestId('save').click();
    await page.getByText('Saved to your articles.').waitFor();
    // the page shows the new state once Refine has refetched the article
    await expect.poll(() => page.getByTestId('save').textContent(), { timeout: 30_000 }).toContain('Saved');
    await page.getByTestId('subscribe').click();
    await page.getByText('A Bold member benefit').waitFor();
    await context.close();
  });

  it('registers a Bold member and shows the new count', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page, errors } = await newPage(context);
    await signIn(page, 'bold@demo.test');
    await page.goto(`${server.url}/en/news/${eventSlug}`);
    const before = Number((await page.getByTestId('registered').textContent())!.match(/\d+/)![0]);
    await page.getByTestId('subscribe').click();
    await page.getByText('You are registered. See you there!').waitFor();
    await expect
      .poll(async () => Number((await page.getByTestId('registered').textContent())!.match(/\d+/)![0]), {
        timeout: 30_000,
      })
      .toBe(before + 1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('jobs: apply', () => {
  it('asks a Regular member to upgrade to read and apply', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page } = await newPage(context);
    await signIn(page, 'regular@demo.test');
    await page.goto(`${server.url}/en/jobs/${jobSlug}`);
    await page.getByText('Become Bold to read the whole offer').waitFor();
    expect(await page.getByTestId('apply').count()).toBe(0);
    await context.close();
  });

  it('tells a GRATIS member without a CV to add one, linking to the profile', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page } = await newPage(context);
    await signIn(page, 'gratis@demo.test');
    await page.goto(`${server.url}/en/jobs/${jobSlug}`);
    await page.getByTestId('apply').click();
    const refusal = page.getByTestId('apply-refused');
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toContain('Add your CV to apply');
    expect(await refusal.locator('a').getAttribute('href')).toBe('/en/user/profile?tab=files');
    await context.close();
  });

  it('lets a Bold member with a CV apply with a note to the company, and withdraw after confirming', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page } = await newPage(context);
    await signIn(page, 'bold@demo.test');
    await page.goto(`${server.url}/en/jobs/${jobSlug}`);
    await page.getByTestId('apply-note-add').click();
    await page.getByTestId('apply-note').fill('I could start in January.');
    await page.getByTestId('apply').click();
    await page.getByText('You have applied.').waitFor();
    const stored = await server.app.db
      .selectFrom('applicants')
      .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
      .innerJoin('users', 'users.hash', 'applicants.user_hash')
      .select(['applicants.note', 'applicants.status'])
      .where('jobs.slug', '=', jobSlug)
      .where('users.email', '=', 'bold@demo.test')
      .executeTakeFirst();
    expect(stored).toEqual({ note: 'I could start in January.', status: 'PENDING' });
    await expect.poll(() => page.getByTestId('apply').textContent(), { timeout: 30_000 }).toContain('Applied');
    // withdrawing asks first (issue 25 §18): cancelling keeps the application
    await page.getByTestId('apply').click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Withdraw your application?');
    // on a loaded machine a click during the popover's opening animation can be lost: click Cancel until it closes
    await expect
      .poll(
        async () => {
          if (await confirm.isVisible())
            await confirm.getByRole('button', { name: 'Cancel' }).click({ timeout: 5_000 });
          return confirm.isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(false);
    expect(await page.getByTestId('apply').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('apply').click();
    await page.getByTestId('withdraw-confirm').click();
    await page.getByText('You have withdrawn your application.').waitFor();
    await context.close();
  });
});
