/**
 * Issue 25 §9: "Join" was only on the home page: a visitor finds it in the header of every public page at 1400 px and
 * in the phone's menu at 390 px, leading to the registration page.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

describe('join, everywhere a visitor is', () => {
  it('is in the header of a page other than home, and in the phone’s menu', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/jobs`);
    const join = page.locator('header.site-header').getByTestId('join-link');
    await join.waitFor();
    await join.click();
    await page.waitForURL(/\/en\/user\/register$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/es/noticias`);
    await page.locator('header.site-header').getByRole('button', { name: 'Menú' }).click();
    const drawerJoin = page.locator('.mobile-menu').getByTestId('join-link');
    await drawerJoin.waitFor();
    expect(await drawerJoin.textContent()).toContain('Hazte socio');
    await drawerJoin.click();
    await page.waitForURL(/\/es\/usuario\/registro$/);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
