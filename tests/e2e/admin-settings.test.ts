/**
 * Site settings in the back office (issue 14 §4, "a settings change shows in the footer"): the administrator corrects
 * the association's phone, drops a social network and changes the free period; a bad e-mail is named on its field
 * first; the public footer (server-rendered, for a visitor) shows the change at once; the audit log shows what changed.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

describe('site settings', () => {
  it('are changed in the back office and shown in the public footer, with the change in the audit log', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/en\/admin\/users$/);
    await page.getByRole('menuitem', { name: 'Site settings' }).click();
    const form = page.locator('#form-siteSettings');
    await form.locator('#root_phone').waitFor();
    expect(await form.locator('#root_phone').inputValue()).toBe('+34 932 123 456');
    // a bad address is named on its field, nothing saved
    await form.locator('#root_email').fill('alumni-at-school');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => form.locator('.ant-form-item-has-error #root_email').count()).toBe(1);
    await form.locator('#root_email').fill('alumni@escola-disseny.example');
    await form.locator('#root_phone').fill('+34 931 555 777');
    await form.locator('#root_social_instagram').fill('');
    await form.locator('#root_membership_freePeriodMonths').fill('6');
    await page.screenshot({ path: '/tmp/e2e-admin-settings-1400.png', fullPage: true });
    await form.locator('button[type=submit]').click();
    await page.getByText('Settings saved').first().waitFor();

    // a visitor's first paint (no scripts) already has the new footer
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${server.url}/en`);
    const footer = publicPage.locator('footer.site-footer');
    expect(await footer.textContent()).toContain('+34 931 555 777');
    expect(await footer.locator('a[href*="instagram"]').count()).toBe(0);
    expect(await footer.locator('a[href*="linkedin"]').count()).toBe(1);
    await visitor.close();

    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    const row = page
      .locator('[data-testid="admin-audit"] tbody tr.ant-table-row')
      .filter({ hasText: 'Site settings changed' })
      .first();
    await row.waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-audit-settings-1400.png' });
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('+34 932 123 456');
    expect(text).toContain('+34 931 555 777');
    expect(text).toContain('Free period');
    const terms = await server.app.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'membership')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(terms.value)).toEqual({ priceEuros: 50, freePeriodMonths: 6 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
