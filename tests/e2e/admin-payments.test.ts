/**
 * Issue 13 §6 in the browser: a member pays by direct debit; the administrator opens Membership › Payments, finds the
 * pending debit, makes the SEPA file (downloaded: pain.008 with the member's account), marks the debit collected
 * (Paid, receipt number), and sees the subscription. At 1400 and 360 px (the table scrolls, the member stays).
 * Screenshots go to /tmp/shots-admin.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';
import { makeMember } from '../helpers/admin';
import type { TestApp } from '../helpers/app';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));
const SHOTS = '/tmp/shots-admin';
mkdirSync(SHOTS, { recursive: true });

const call = async (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  session: { token: string; deviceId: string } | null,
  body?: unknown,
) => {
  const headers: Record<string, string> = { apiKey: 'alumni-web-key', language: 'en' };
  if (session) Object.assign(headers, { token: session.token, deviceId: session.deviceId, type: '2' });
  const res = await server.app.inject({
    method,
    url,
    headers,
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

/** A validated member who pays by direct debit: account, mandate, subscription (a PENDING debit). */
async function debitMember() {
  const made = await makeMember({ app: server.app } as TestApp, {
    status: 'VALIDATED',
    role: 'REGULAR',
    emailConfirmed: true,
  });
  const login = await call('POST', '/usr/login', null, {
    email: made.email,
    password: 'demo-password',
    deviceId: 'e2edevice0123456789',
    deviceType: 2,
    push: null,
  });
  const session = { token: login.token as string, deviceId: login.deviceId as string };
  await call('PATCH', '/usr/users', session, {
    payment: { bank: 'Caixa', name: 'Queue Tester', iban: 'ES91 2100 0418 4502 0005 1332' },
  });
  await call('POST', '/usr/users/mandate', session, {});
  await call('POST', '/usr/subscription/iban/create', session, {});
  return made;
}

async function signInAdmin(page: Page) {
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/admin\/users$/);
}

async function search(page: Page, text: string) {
  const box = page.getByTestId('admin-payments').getByPlaceholder('Search by member name or e-mail');
  await box.fill(text);
  await box.press('Enter');
}

describe('direct debits in the back office', () => {
  it('the administrator sends the SEPA file and marks the debit collected (1400 px)', async () => {
    const member = await debitMember();
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAdmin(page);
    await page.getByRole('menuitem', { name: 'Payments' }).click();
    await page.waitForURL(/\/en\/admin\/payments$/);
    await search(page, member.email);
    const row = page.locator('[data-testid=payment-row][data-method=DEBIT]');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('PENDING');
    expect(await row.textContent()).toContain('Direct debit');
    await page.screenshot({ path: `${SHOTS}/payments-1400.png`, fullPage: true });

    // the SEPA file: the collection date is offered two business days ahead
    await page.getByTestId('payments-sepa').click();
    await page.getByTestId('sepa-submit').waitFor();
    await page.waitForTimeout(500); // the modal's opening animation
    await page.screenshot({ path: `${SHOTS}/payments-sepa-modal-1400.png` });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sepa-submit').click()]);
    // the process's own name: another run of this file (another checkout) may download at the same time
    const saved = `${SHOTS}/${process.pid}-${download.suggestedFilename()}`;
    await download.saveAs(saved);
    const xml = readFileSync(saved, 'utf8');
    expect(xml).toContain('pain.008.001.02');
    expect(xml).toContain('<IBAN>ES9121000418450200051332</IBAN>');
    await page.getByTestId('sepa-result').waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('sepa-result').textContent()).toMatch(/direct debits? in the file/);
    await page.screenshot({ path: `${SHOTS}/payments-sepa-done-1400.png` });
    await page.getByRole('button', { name: 'Done' }).click();

    // the row now belongs to a batch and can be marked collected
    await row.getByTestId('payment-batch').waitFor();
    await row.getByTestId('payment-collect').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Mark collected' }).click();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('PAID');
    expect(await row.textContent()).toMatch(/R-\d{4}-\d{6}/);
    const [payment] = await server.app.db
      .selectFrom('payments')
      .selectAll()
      .where('user_hash', '=', member.hash)
      .execute();
    expect(payment).toMatchObject({ status: 'PAID', method: 'DEBIT' });
    expect(payment!.sepa_batch).toBeTruthy();
    await page.screenshot({ path: `${SHOTS}/payments-collected-1400.png`, fullPage: true });

    // the refund form of a paid payment (opened, then left)
    await row.getByTestId('payment-refund').click();
    await page.locator('#payment-refund-form').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/payments-refund-modal-1400.png` });
    await page.locator('.ant-modal-close').click();

    await page.getByRole('menuitem', { name: 'Subscriptions' }).click();
    await page.getByTestId('admin-subscriptions').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('admin-subscriptions').locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}/subscriptions-1400.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads at 360 px: the table scrolls and the member column stays', async () => {
    const member = await debitMember();
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAdmin(page);
    await page.goto(`${server.url}/en/admin/payments`);
    await search(page, member.email);
    const row = page.locator('[data-testid=payment-row][data-method=DEBIT]');
    await expect.poll(() => row.count()).toBe(1);
    // nothing wider than the screen but the table's own scroller
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const memberCell = row.locator('td').first();
    const box = await memberCell.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/payments-360.png`, fullPage: true });
    await page.getByTestId('payments-sepa').click();
    await page.getByTestId('sepa-submit').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/payments-sepa-modal-360.png` });
    await page.locator('.ant-modal-close').click();
    await page.goto(`${server.url}/en/admin/subscriptions`);
    await page.getByTestId('admin-subscriptions').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}/subscriptions-360.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
