/**
 * The association's texts in the back office (issue 14 §2): the administrator adds a board member in Catalan and
 * renames the English FAQ page; a visitor's first paint (no scripts) of /ca/associacio shows the new board, and the
 * English FAQ answers on its new address. An empty translation is named first. At 1400 px.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

describe('the association’s texts', () => {
  it('are edited in three languages and read by the public at once', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/en\/admin\//);
    await page.getByRole('menuitem', { name: 'Pages' }).click();
    await page.getByTestId('admin-pages').locator('tbody tr.ant-table-row').nth(6).waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-pages-1400.png', fullPage: true });
    await page.getByTestId('admin-pages').getByRole('link', { name: 'The board' }).click();
    const form = page.locator('#page-form');
    await form.locator('#root_texts_ca_body').waitFor();
    // an emptied translation is named on its field, nothing saved
    const catalan = await form.locator('#root_texts_ca_body').inputValue();
    await form.locator('#root_texts_ca_body').fill('');
    await form.locator('button[type=submit]').click();
    await expect.poll(() => form.locator('.ant-form-item-has-error #root_texts_ca_body').count()).toBe(1);
    await form.locator('#root_texts_ca_body').fill(`${catalan}\n- **Pau Ferrer**, vocal de relacions amb empreses`);
    await page.screenshot({ path: '/tmp/e2e-admin-page-edit-1400.png', fullPage: true });
    await form.locator('button[type=submit]').click();
    await page.getByText('Page saved').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${server.url}${localizePath('association', 'ca')}`);
    expect(await publicPage.getByTestId('association-board').textContent()).toContain('Pau Ferrer');
    await publicPage.goto(`${server.url}${localizePath('association', 'en')}`);
    expect(await publicPage.getByTestId('association-board').textContent()).not.toContain('Pau Ferrer');
    await visitor.close();
  });
});
