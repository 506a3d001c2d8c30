/**
 * In production an administrator without two-step verification may only enrol (issue 23 §2; the server refuses the
 * rest with admin.totpSetupRequired). The browser must take them there: signing in lands on the Security page with
 * the enrolment ready, every other back-office address leads back to it, and once the second factor is on the back
 * office opens. Found by the first-visit benchmark, which runs the portal as production does: the sign-in used to
 * end on the sign-in form again, with no word and no way to enrol.
 */
import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
const stamp = Date.now().toString(36);
onBrowserSuite(
  (live) => ({ server, browser } = live),
  () => ({
    NODE_ENV: 'production',
    API_KEY: `production-key-${stamp}`,
    SECRET_KEY: `production-secret-${stamp}-0123456789abcdef`,
    PAYMENT_PROVIDER: 'none',
  }),
);

describe('an administrator without two-step verification, in production', () => {
  it('is taken to enrol, is kept there, and then reaches the back office', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.locator('form button[type=submit]').first().click();
    await page.waitForURL(/\/en\/admin\/security$/);
    await page.getByTestId('totp-setup-required').waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-enrol-production-1400.png', fullPage: true });
    expect(await axeViolations(page, 'enrolment required', { tags: WCAG_22_AA })).toEqual([]);

    // another back-office address leads back to the enrolment, not to the sign-in form
    await page.goto(`${server.url}/en/admin/users`);
    await page.waitForURL(/\/en\/admin\/security$/);
    await page.getByTestId('totp-start').click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByTestId('totp-code').fill(authenticator.generate(secret));
    await page.getByTestId('totp-enable').click();
    await page.getByTestId('recovery-codes').waitFor();
    await page.getByTestId('totp-on').waitFor();
    // the session's new power refreshes the back office: the codes, shown once, must stay on screen meanwhile
    await page.waitForTimeout(2000);
    expect(await page.getByTestId('recovery-codes').count()).toBe(1);
    // axe reads colours as they are: a toast still fading in is measured half transparent
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    expect(await axeViolations(page, 'recovery codes', { tags: WCAG_22_AA })).toEqual([]);

    await page.goto(`${server.url}/en/admin/dashboard`);
    await page.getByTestId('dashboard-stats').waitFor();
    expect(await page.getByTestId('totp-setup-required').count()).toBe(0);
    // the refusals of the enrolment phase are the server's 403s, nothing else
    expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
    await context.close();
  });
});
