/**
 * The virtual member card in the browser (issue 13): a Bold member sees the card with its QR code on /en/user/card at
 * 1400 and 360 px; the verify address the QR code holds opens the public check, which says "valid" with the member's
 * first name only; after "Renew QR code" the old address says "not valid".
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));
const SHOTS = process.env['SCREENSHOT_DIR'];

describe('the member card', () => {
  it('shows the card and its QR code at 1400 and 360 px; the QR code’s page says valid, and not valid once renewed', async () => {
    const member = await server.app.db
      .selectFrom('users')
      .select(['name', 'surname1', 'code_numeric'])
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    await page.goto(`${server.url}/en/user/card`);
    const card = page.getByTestId('member-card');
    await card.waitFor();
    expect(await card.getAttribute('data-valid')).toBe('true');
    expect(await page.getByTestId('member-card-name').textContent()).toContain(member.name);
    expect(await page.getByTestId('member-card-number').textContent()).toBe(String(member.code_numeric));
    expect(await page.getByTestId('member-card-membership').textContent()).toBe('Bold');
    const qr = page.getByTestId('member-card-qr');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const verifyUrl = (await qr.getAttribute('data-url'))!;
    expect(verifyUrl).toMatch(/\/(verify|verificar)\/[A-Za-z0-9_-]{32}$/);
    expect(await page.getByTestId('member-card-wallet').count()).toBe(0); // no pass certificates here
    await page.screenshot({ path: `${SHOTS ?? '/tmp'}/member-card-1400.png`, fullPage: true });

    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await card.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(150);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS ?? '/tmp'}/member-card-360.png`, fullPage: true });

    // the QR code's address, as a shop's phone opens it: signed out, in its own browser
    const shop = await withCookieChoice(
      await browser.newContext({ viewport: { width: 360, height: 740 } }),
      server.url,
    );
    const { page: check, errors: checkErrors } = await newPage(shop);
    const path = new URL(verifyUrl).pathname;
    const answer = await check.goto(`${server.url}${path}`);
    expect(answer!.status()).toBe(200);
    expect(await answer!.text()).toContain('data-valid="true"'); // rendered on the server
    await check.getByTestId('verify').waitFor();
    expect(await check.getByTestId('verify').getAttribute('data-valid')).toBe('true');
    expect(await check.getByTestId('verify-name').textContent()).toBe(member.name);
    // (the demo member's surname is "Bold", a word the page itself uses: look for the whole name and the number)
    const shown = (await check.locator('main').textContent())!;
    expect(shown).not.toContain(`${member.name} ${member.surname1}`);
    expect(shown).not.toContain(String(member.code_numeric));
    expect(await check.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await check.goto(`${server.url}${path.replace(/^\/[a-z]{2}\/[a-z]+\//, '/en/verify/')}`);
    await check.getByTestId('verify').waitFor();
    expect(await check.getByTestId('verify-status').textContent()).toBe('Valid Bold member');
    await check.screenshot({ path: `${SHOTS ?? '/tmp'}/member-card-verify-valid.png`, fullPage: true });

    // a new QR code: the old address stops verifying
    await page.getByTestId('member-card-renew').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Renew' }).click();
    await expect.poll(() => qr.getAttribute('data-url')).not.toBe(verifyUrl);
    await check.reload();
    await check.getByTestId('verify').waitFor();
    expect(await check.getByTestId('verify').getAttribute('data-valid')).toBe('false');
    expect(await check.getByTestId('verify-status').textContent()).toBe('Not valid');
    expect(await check.locator('main').textContent()).not.toContain(member.name);
    await check.screenshot({ path: `${SHOTS ?? '/tmp'}/member-card-verify-invalid.png`, fullPage: true });

    expect(errors, errors.join('\n')).toEqual([]);
    expect(checkErrors, checkErrors.join('\n')).toEqual([]);
    await shop.close();
    await context.close();
  });
});
