/**
 * Issue 25: the alumni directory must be readable. Its cards once borrowed the class of the virtual member card
 * (white text on navy), so names and studies came out dark grey on navy. axe-core (WCAG 2.2 AA, colour contrast
 * included) on the directory and on "My card", es/en/ca, at 390 and 1400 px, signed in as a member: no serious or
 * critical violation. One browser context per width, one page reused.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { LOCALES } from '../../src/shared/constants';
import { localizePath } from '../../src/shared/routes';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer, gotoSettled } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

describe('the directory and the member card pass axe (WCAG 2.2 AA)', () => {
  it.each([390, 1400])('at %i px in es, en and ca, signed in as a member', async (width) => {
    const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    const failures: string[] = [];
    expect(LOCALES.length).toBe(3);
    for (const lng of LOCALES) {
      const directory = localizePath('community.directory', lng);
      await gotoSettled(page, `${server.url}${directory}`);
      await page.locator('main .card-title a').first().waitFor();
      if ((await page.getByTestId('directory-card').count()) === 0) failures.push(`${directory}: no directory card`);
      failures.push(...(await axeViolations(page, `${directory} @${width}`, { tags: WCAG_22_AA })));
      if (lng === 'en') await page.screenshot({ path: `/tmp/nc/directory-${lng}-${width}.png`, fullPage: false });
      const card = localizePath('user.card', lng);
      await gotoSettled(page, `${server.url}${card}`);
      await page.getByTestId('member-card-qr').waitFor();
      failures.push(...(await axeViolations(page, `${card} @${width}`, { tags: WCAG_22_AA })));
      if (lng === 'en') await page.screenshot({ path: `/tmp/nc/my-card-${lng}-${width}.png`, fullPage: false });
    }
    expect(failures).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
