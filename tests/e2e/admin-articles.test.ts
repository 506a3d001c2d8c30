/**
 * Issue 14's "Done when" for content, in the browser: an administrator publishes an event in three languages with a
 * cover (a translation started without its text is named first; a file that is not an image is refused), previews it
 * as the public will read it, the public reads it on each language's slug, a member registers for it, and the
 * administrator lists the attendees and exports them to CSV. At 1400 px.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const stamp = Date.now().toString(36);
const TITLES = { es: `Noche del diseño ${stamp}`, en: `Design night ${stamp}`, ca: `Nit del disseny ${stamp}` };
let hash = '';

async function signInAdmin(page: Page) {
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/admin\/users$/);
}

describe('an event written in the back office', () => {
  it('is published in three languages with a cover, after a preview', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAdmin(page);
    await page.getByRole('menuitem', { name: 'News and events' }).click();
    await page.getByTestId('admin-articles').locator('tbody tr.ant-table-row').first().waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-articles-1400.png', fullPage: true });
    await page.getByTestId('article-new').click();
    const form = page.locator('#article-form');
    await form.getByText('Event', { exact: true }).click();
    await form.getByText('Published', { exact: true }).click();
    await form.locator('#root_date').fill('18/12/2026');
    await form.locator('#root_hour').fill('19:00');
    await form.locator('#root_location').fill('Disseny Hub, Plaça de les Glòries 37, Barcelona');
    await form.locator('#root_capacity').fill('120');
    for (const [lng, title] of Object.entries(TITLES)) {
      await form.locator(`#root_texts_${lng}_title`).fill(title);
      await form.locator(`#root_texts_${lng}_summary`).fill(`${title}: talks and drinks.`);
    }
    await form.locator('#root_texts_es_body').fill('Una noche de **charlas** cortas sobre diseño y una copa.');
    await form.locator('#root_texts_en_body').fill('An evening of short **talks** on design, and a drink.');
    // Catalan started without its text: named on the field before anything is sent
    await form.locator('button[type=submit]').click();
    await expect.poll(() => form.locator('.ant-form-item-has-error #root_texts_ca_body').count()).toBe(1);
    expect(
      await server.app.db.selectFrom('article_i18n').select('slug').where('title', '=', TITLES.es).execute(),
    ).toEqual([]);
    await form.locator('#root_texts_ca_body').fill('Una nit de **xerrades** curtes sobre disseny i una copa.');
    await page.getByTestId('article-preview-open').click();
    const preview = page.getByTestId('article-preview');
    expect(await preview.locator('h1').textContent()).toBe(TITLES.es);
    expect(await preview.locator('strong').first().textContent()).toBe('charlas');
    await page.locator('.ant-modal .ant-segmented').getByText('English').click();
    await expect.poll(() => preview.locator('h1').textContent()).toBe(TITLES.en);
    await page.screenshot({ path: '/tmp/e2e-admin-article-preview-1400.png' });
    await page.locator('.ant-modal-close').click();
    await page.screenshot({ path: '/tmp/e2e-admin-article-form-1400.png', fullPage: true });
    await form.locator('button[type=submit]').click();
    await page.getByTestId('article-edit').waitFor();
    hash = page.url().split('/').slice(-2)[0]!;
    // the cover: a file that is not an image is refused, a picture is taken
    const fake = join(tmpdir(), `cover-${stamp}.png`);
    writeFileSync(fake, 'not a picture at all');
    await page.getByTestId('article-cover').locator('input[type=file]').setInputFiles(fake);
    await page.locator('.ant-modal-confirm-title').getByText('The file could not be uploaded').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    const picture = join(tmpdir(), `cover-${stamp}-ok.png`);
    writeFileSync(
      picture,
      await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#ff7a00' } })
        .png()
        .toBuffer(),
    );
    await page.getByTestId('article-cover').locator('input[type=file]').setInputFiles(picture);
    await expect
      .poll(() => page.getByTestId('article-cover').locator('img.cover-preview').count(), { timeout: 30_000 })
      .toBe(1);
    await page.getByTestId('article-public-en').waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-article-edit-1400.png', fullPage: true });
    // the only error the browser logged is the refused upload's 400
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('is read by the public on each language’s slug, with its cover', async () => {
    const rows = await server.app.db
      .selectFrom('article_i18n')
      .select(['language', 'slug'])
      .where('article_hash', '=', hash)
      .execute();
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const page = await visitor.newPage();
    for (const [lng, title] of Object.entries(TITLES) as Array<['es' | 'en' | 'ca', string]>) {
      const slug = rows.find((row) => row.language === lng)!.slug;
      await page.goto(`${server.url}${localizePath('news.show', lng, { slug })}`);
      expect(await page.locator('h1').textContent()).toBe(title);
      expect(await page.locator('img.article-hero').getAttribute('src')).toMatch(
        /^\/uploads\/articles\/[a-z0-9]{24}\.webp$/,
      );
    }
    await visitor.close();
  });

  it('takes a member’s registration; the administrator sees and exports the attendees', async () => {
    const member = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page: memberPage } = await newPage(member);
    await signInAt(memberPage, server.url, 'bold@demo.test');
    const slug = (
      await server.app.db
        .selectFrom('article_i18n')
        .select('slug')
        .where('article_hash', '=', hash)
        .where('language', '=', 'en')
        .executeTakeFirstOrThrow()
    ).slug;
    await memberPage.goto(`${server.url}${localizePath('news.show', 'en', { slug })}`);
    await memberPage
      .getByRole('button', { name: /register/i })
      .first()
      .click();
    await expect
      .poll(
        async () =>
          (
            await server.app.db
              .selectFrom('article_subscriptions')
              .select('user_hash')
              .where('article_hash', '=', hash)
              .execute()
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    await member.close();

    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAdmin(page);
    await page.goto(`${server.url}/en/admin/articles/${hash}/attendees`);
    const row = page.getByTestId('admin-attendees').locator('tbody tr.ant-table-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('bold@demo.test');
    await page.screenshot({ path: '/tmp/e2e-admin-attendees-1400.png', fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('attendees-export').click()]);
    const saved = join(tmpdir(), `attendees-${stamp}.csv`);
    await download.saveAs(saved);
    const csv = readFileSync(saved, 'utf8');
    expect(download.suggestedFilename()).toContain('attendees.csv');
    expect(csv).toContain('Member number');
    expect(csv).toContain('bold@demo.test');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
