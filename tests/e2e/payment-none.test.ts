/**
 * PAYMENT_PROVIDER=none in the browser (issue 23 §1): no card choice anywhere — the Bold registration offers the bank
 * account and "later", "My card" says that the association takes no card payments and has no "add a card" button, the
 * upgrade offers direct debit only. At 1400 px.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live), { PAYMENT_PROVIDER: 'none' });

describe('an association that takes no card payments', () => {
  it('offers no card at registration, on “My card” or in the upgrade', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}${localizePath('user.register', 'en')}`);
    const form = page.locator('#register-personal');
    await form.waitFor();
    for (const [id, value] of [
      ['name', 'Laia'],
      ['surname1', 'Puig'],
      ['birthdate', '14/03/1995'],
      ['document_number', '12345678Z'],
      ['mobile', '+34 612 345 678'],
      ['email', 'no.card@example.com'],
      ['email_repeat', 'no.card@example.com'],
      ['password', 'a long enough passphrase'],
      ['password_repeat', 'a long enough passphrase'],
    ] as const) {
      await form.locator(`#root_${id}`).fill(value);
    }
    await form.getByRole('radio', { name: 'Female' }).check();
    await form.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#register-membership').waitFor();
    await page.getByRole('radio', { name: /Bold/ }).check();
    await page.getByTestId('register-pay').waitFor();
    const choices = (await page.locator('[data-testid="register-pay"] .ant-radio-wrapper').allTextContents()).join(
      ' | ',
    );
    expect(choices).toContain('By direct debit');
    expect(choices).not.toContain('By card');
    await page.screenshot({ path: '/tmp/e2e-register-none-1400.png' });
    await signInAt(page, server.url, 'regular@demo.test');
    await page.goto(`${server.url}${localizePath('user.card', 'en')}`);
    await page.getByTestId('cards-unavailable').waitFor();
    expect(await page.getByTestId('cards-unavailable').textContent()).toContain('does not take card payments');
    expect(await page.getByTestId('card-add').count()).toBe(0);
    await page.getByTestId('subscription-by-debit').waitFor();
    expect(await page.getByTestId('subscription-by-card').count()).toBe(0);
    await page.screenshot({ path: '/tmp/e2e-card-none-1400.png', fullPage: true });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
