/**
 * Finding the back office (issue 25 §2): an administrator who signs in on the member sign-in page is told where
 * administrators sign in, with a link that opens the back office's sign-in (es and en).
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

describe('an administrator on the member sign-in page', () => {
  it('is shown the way to the back office sign-in', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    for (const [lng, text] of [
      ['es', 'administración'],
      ['en', 'administrator'],
    ] as const) {
      await signInAt(page, server.url, 'admin@demo.test', { lng, leaves: false });
      const notice = page.getByTestId('login-admin-elsewhere');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(text);
      if (lng === 'en') await page.screenshot({ path: '/tmp/e2e-admin-elsewhere-1400.png' });
      await notice.getByRole('link').click();
      await page.waitForURL(`${server.url}/${lng}/admin/login`);
      expect(new URL(page.url()).pathname).toBe(`/${lng}/admin/login`);
    }
    // the two refused sign-ins are the only failed requests (the browser logs each 401)
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
    expect(errors.length).toBe(2);
    await context.close();
  });
});
