/** The offer review queue in the browser (issue 11 §2): read an offer before deciding, publish it, reject another with a required reason. */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

const offer = (hash: string) =>
  server.app.db
    .selectFrom('jobs')
    .select(['status', 'reason', 'title'])
    .where('hash', '=', hash)
    .executeTakeFirstOrThrow();

describe('the offer queue', () => {
  it('shows pending offers with their text, publishes one and rejects another with a reason the company receives', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/en\/admin\/users$/);
    await page.getByRole('menuitem', { name: 'Offers' }).click();
    await page.waitForURL(/\/en\/admin\/jobs$/);
    const rows = page.locator('[data-testid="admin-jobs"] tbody tr.ant-table-row');
    await rows.first().waitFor();
    const pending = await server.app.db
      .selectFrom('jobs')
      .select('hash')
      .where('status', '=', 'PENDING')
      .orderBy('cdate', 'asc')
      .orderBy('hash', 'asc')
      .limit(2)
      .execute();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    const [first, second] = [pending[0]!.hash, pending[1]!.hash];
    const firstTitle = (await offer(first)).title;
    expect(await rows.first().textContent()).toContain(firstTitle);
    // the offer's text, as members will read it, before deciding
    await rows.first().locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('offer-preview').first().waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-jobs-1400.png', fullPage: true });
    await rows.first().locator('[data-move="PUBLISHED"]').click();
    await page.getByText('Offer published').first().waitFor();
    await expect.poll(async () => (await offer(first)).status).toBe('PUBLISHED');
    // the next pending offer, rejected: the reason is required
    const secondTitle = (await offer(second)).title;
    const row = rows.filter({ hasText: secondTitle }).first();
    await row.locator('[data-move="REJECTED"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Give the reason for the rejection.').waitFor();
    expect((await offer(second)).status).toBe('PENDING');
    await dialog.locator('textarea').fill('Please give the salary range.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(async () => (await offer(second)).status).toBe('REJECTED');
    expect((await offer(second)).reason).toBe('Please give the salary range.');
    const mail = await server.app.db
      .selectFrom('email_outbox')
      .select(['template', 'body_text'])
      .where('template', '=', 'job.rejected')
      .execute();
    expect(mail.some((m) => m.body_text.includes('Please give the salary range.'))).toBe(true);
    // the audit log has both
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByText('Offer published').first().waitFor();
    await page.getByText('Offer rejected').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
