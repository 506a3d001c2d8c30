/**
 * Issue 25 §9: at 390 px the directory's six filters filled a screen before the first result. On a phone they sit
 * in a "Filters" drawer (its button counts the active filters) and the first result shows in the first viewport;
 * the filters in the drawer still filter. At 1400 px they stay inline, with no drawer button.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer, gotoSettled } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const directory = () => `${server.url}${localizePath('community.directory', 'en')}`;

describe('the directory filters on a phone and on a wide screen', () => {
  it('at 390 px: the first result is in the first viewport, and the filters open in a drawer that filters', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 390, height: 844 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    await gotoSettled(page, directory());
    const cards = page.getByTestId('directory-card');
    await cards.first().waitFor();
    const first = await cards.first().boundingBox();
    expect(first).not.toBeNull();
    // the whole first card above the fold
    expect(first!.y + first!.height).toBeLessThanOrEqual(844);
    expect(await page.locator('#filter-text').isVisible()).toBe(false);

    const toggle = page.getByTestId('filters-open');
    expect(await toggle.textContent()).toBe('Filters');
    // a name from the second card: the filtered list starts with that member
    const titles = await page.locator('main .card-title').allTextContents();
    expect(titles.length).toBeGreaterThan(1);
    const wanted = titles[1]!.trim();
    await toggle.click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    expect(await drawer.getByLabel('Graduation year').count()).toBe(1);
    expect(await drawer.locator('.filter-field').count()).toBe(6);
    expect(await axeViolations(page, 'directory filters drawer @390', { tags: WCAG_22_AA })).toEqual([]);
    await drawer.locator('#filter-text').fill(wanted);
    await expect.poll(() => new URL(page.url()).searchParams.get('text'), { timeout: 15_000 }).toBe(wanted);
    await drawer.getByRole('button', { name: 'Show results' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await expect.poll(async () => (await page.locator('main .card-title').first().textContent())?.trim()).toBe(wanted);
    expect(await toggle.textContent()).toBe('Filters (1)');
    await page.screenshot({ path: '/tmp/nc/directory-filters-390.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 1400 px: the six filters are inline and there is no drawer button', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    await gotoSettled(page, directory());
    await page.getByTestId('directory-card').first().waitFor();
    expect(await page.locator('main .filter-field').count()).toBe(6);
    expect(await page.locator('#filter-text').isVisible()).toBe(true);
    expect(await page.getByTestId('filters-open').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
