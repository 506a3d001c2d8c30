/**
 * Payment cards in the browser on the sandbox provider (issue 13 §2): a Bold member adds a card on the provider's page
 * (the standard card inputs; a declined card and a cancel say so on the way back), makes a second one the default and
 * deletes one. At 1400 px and 360 px.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

async function giveCard(page: Page, number: string) {
  await page.getByTestId('card-add').first().click();
  await page.waitForURL(/\/pay\/sandbox\//);
  await page.locator('input[autocomplete="cc-name"]').fill('Marc Bold');
  await page.locator('input[autocomplete="cc-number"]').fill(number);
  await page.locator('input[autocomplete="cc-exp"]').fill('11/33');
  await page.locator('input[autocomplete="cc-csc"]').fill('321');
  await page.getByRole('button', { name: 'Save the card' }).click();
  await page.waitForURL(/\/en\/user\/card\?/);
}

describe('payment cards', () => {
  it('are added on the provider’s page; a declined card and a cancel are said on the way back', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    await server.app.db.deleteFrom('cards').execute();
    await page.goto(`${server.url}/en/user/card`);
    await page.getByTestId('user-card').waitFor();
    await giveCard(page, '4000 0000 0000 0002');
    expect(await page.getByTestId('card-outcome').textContent()).toContain('declined');
    await page.getByTestId('card-add').first().click();
    await page.waitForURL(/\/pay\/sandbox\//);
    await page.screenshot({ path: '/tmp/e2e-sandbox-page-1400.png' });
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await page.waitForURL(/payment=cancelled/);
    expect(await page.getByTestId('card-outcome').textContent()).toContain(
      'The payment with the card provider was cancelled',
    );
    await giveCard(page, '4242 4242 4242 4242');
    expect(await page.getByTestId('card-outcome').textContent()).toContain('Card added');
    await expect.poll(() => page.getByTestId('payment-card').count()).toBe(1);
    expect(await page.getByTestId('payment-card').textContent()).toContain('4242');
    expect(await page.getByTestId('payment-card').textContent()).toContain('Default');
    await giveCard(page, '5555 5555 5555 4444');
    await expect.poll(() => page.getByTestId('payment-card').count()).toBe(2);
    await page.getByTestId('payment-card').filter({ hasText: '4444' }).getByTestId('card-default').click();
    await expect
      .poll(() => page.getByTestId('payment-card').filter({ hasText: '4444' }).textContent())
      .toContain('Default');
    await page.getByTestId('payment-card').filter({ hasText: '4242' }).getByTestId('card-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('payment-card').count()).toBe(1);
    await page.screenshot({ path: '/tmp/e2e-cards-1400.png', fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await page.getByTestId('payment-card').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: '/tmp/e2e-cards-360.png', fullPage: true });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
