/**
 * Administrators in the browser (issue 14 §7): an administrator invites a colleague, who chooses a password from the
 * e-mailed link, turns on two-step verification (QR code and secret, first code, recovery codes shown once), and signs
 * in again with the password and then a code. At 1400 px.
 */
import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const stamp = Date.now().toString(36);
const EMAIL = `pau.${stamp}@alumni.example`;
const PASSWORD = 'Una contrasenya ben llarga';

/** The sign-in form's button, whatever it shows (its accessible name changes while it is busy). */
const submit = (page: Page) => page.locator('#login-admin button[type=submit]');

async function signInAdmin(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill(email);
  await page.locator('#root_password').fill(password);
  await submit(page).click();
}

/** A code of a time step not used yet (a code works once): waits for the next step when needed. */
async function freshCode(secret: string, used: Set<string>) {
  let code = authenticator.generate(secret);
  while (used.has(code)) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    code = authenticator.generate(secret);
  }
  used.add(code);
  return code;
}

describe('administrators', () => {
  it('invites a colleague, who chooses a password from the e-mailed link', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAdmin(page, 'admin@demo.test', 'demo-password');
    await page.waitForURL(/\/en\/admin\/users$/);
    await page.getByRole('menuitem', { name: 'Administrators' }).click();
    await page.getByTestId('admin-invite').click();
    const form = page.locator('#admin-invite-form');
    await form.locator('#root_email').fill(EMAIL);
    await form.locator('#root_name').fill('Pau Ferrer');
    await form.locator('button[type=submit]').click();
    await page
      .getByTestId('admin-admins')
      .locator('tr.ant-table-row')
      .filter({ hasText: 'Pau Ferrer' })
      .getByText('Invited')
      .waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-admins-1400.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    const mail = await server.app.db
      .selectFrom('email_outbox')
      .select('body_text')
      .where('to_address', '=', EMAIL)
      .where('template', '=', 'admin.invite')
      .executeTakeFirstOrThrow();
    const link = /(https?:\/\/\S+\/admin\/invite\/[A-Za-z0-9_-]{43})/.exec(mail.body_text)![1]!;
    const invited = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page: invitePage, errors: inviteErrors } = await newPage(invited);
    await invitePage.goto(`${server.url}${new URL(link).pathname}`);
    await invitePage.locator('#root_password').fill(PASSWORD);
    await invitePage.locator('#root_password_repeat').fill(PASSWORD);
    await invitePage.locator('button[type=submit]').click();
    await invitePage.getByText('you can now sign in').waitFor();
    expect(inviteErrors).toEqual([]);
    await invited.close();
  });

  // a code works once, so the last step may wait for the authenticator's next 30-second step
  it('turns on two-step verification, and signs in with a code afterwards', { timeout: 120_000 }, async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAdmin(page, EMAIL, PASSWORD);
    await page.waitForURL(/\/en\/admin\/users$/);
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await page.getByTestId('totp-start').click();
    await page.getByTestId('totp-qr').waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.screenshot({ path: '/tmp/e2e-admin-security-1400.png', fullPage: true });
    const used = new Set<string>();
    await page.getByTestId('totp-code').fill(await freshCode(secret, used));
    await page.getByTestId('totp-enable').click();
    const codes = (await page.getByTestId('recovery-codes').textContent())!.trim().split('\n');
    expect(codes).toHaveLength(10);
    await page.getByTestId('totp-on').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/en\/admin\/login$/);

    await signInAdmin(page, EMAIL, PASSWORD);
    await page.getByTestId('login-code-asked').waitFor();
    await page.locator('#root_code').fill('000000' === authenticator.generate(secret) ? '111111' : '000000');
    await submit(page).click();
    await page.getByText('The code is wrong').first().waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-login-code-1400.png' });
    const code = await freshCode(secret, used);
    await page.locator('#root_code').fill(code);
    await expect.poll(() => submit(page).getAttribute('class'), { timeout: 30_000 }).not.toContain('ant-btn-loading');
    await submit(page).click();
    await page.waitForURL(/\/en\/admin\/users$/);
    expect(errors.filter((error) => !error.includes('status of 401'))).toEqual([]);
    await context.close();
  });
});
