/** The back office in Debian's Chromium (issue 8 §4): sign-in, the validation queue, reject with a reason, validate, drawer, audit log. */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
const SHOTS = process.env['SCREENSHOT_DIR'];

onBrowserSuite((live) => ({ server, browser } = live));

async function signInAsAdmin(page: Page) {
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/admin\/users$/);
  await page.getByTestId('admin-email').waitFor();
}

const member = (email: string) =>
  server.app.db.selectFrom('users').select(['hash', 'status']).where('email', '=', email).executeTakeFirstOrThrow();

describe('back office', () => {
  it('sends a visitor and a member to the administrators sign-in', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page } = await newPage(context);
    await page.goto(`${server.url}/en/admin/users`);
    await page.waitForURL(/\/en\/admin\/login$/);
    await page.getByRole('heading', { name: 'Back office' }).waitFor();
    await page.goto(`${server.url}/en/login`);
    await page.locator('#root_email').fill('regular@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${server.url}/en/admin/users`);
    await page.waitForURL(/\/en\/admin\/login$/);
    expect(await page.getByTestId('admin-users').count()).toBe(0);
    await context.close();
  });

  it('rejects with a required reason, validates, shows the member and the audit log', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAsAdmin(page);
    const rows = page.locator('[data-testid="admin-users"] tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-queue-1400.png`, fullPage: true });

    // reject pending@demo.test: the reason is required
    await page.getByPlaceholder('Name, e-mail or document').fill('pending@demo.test');
    await page.getByPlaceholder('Name, e-mail or document').press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().locator('[data-action="REJECTED"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Give the reason for the rejection.').waitFor();
    expect((await member('pending@demo.test')).status).toBe('PENDING');
    await dialog.locator('textarea').fill('We could not find you among the graduates.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Registration rejected').first().waitFor();
    await expect.poll(async () => (await member('pending@demo.test')).status).toBe('REJECTED');
    await expect.poll(() => rows.count()).toBe(0);

    // validate the first member of the queue, then open someone's detail
    await page.getByPlaceholder('Name, e-mail or document').fill('');
    const reloaded = page.waitForResponse((r) => r.url().includes('/adm/users?status=PENDING&page=1'));
    await page.getByPlaceholder('Name, e-mail or document').press('Enter');
    await reloaded;
    await expect.poll(async () => (await rows.first().textContent()) ?? '').not.toContain('pending@demo.test');
    const email = (await rows.first().getByTestId('member-email').textContent())!.trim().split(' ')[0]!;
    await rows.first().locator('[data-action="VALIDATED"]').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Validate' }).click();
    await expect.poll(async () => (await member(email)).status).toBe('VALIDATED');
    await rows.first().locator('td').nth(1).getByRole('button').click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('Decisions').waitFor();
    if (SHOTS) {
      await page.waitForTimeout(600); // the drawer's slide-in
      await page.screenshot({ path: `${SHOTS}/admin-drawer-1400.png` });
    }
    await drawer.locator('.ant-drawer-close').click();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/en\/admin\/audit$/);
    const audit = page.locator('[data-testid="admin-audit"] tbody tr.ant-table-row');
    await audit.first().waitFor();
    expect(await audit.count()).toBe(2);
    expect(await audit.nth(0).textContent()).toContain('Member validated');
    expect(await audit.nth(1).textContent()).toContain('We could not find you among the graduates.');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-audit-1400.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
