/**
 * Issue 10 §6: the layout a new visitor trips over, in Debian's Chromium at a phone's and a desktop's width.
 * The "Join" button clear of the footer, the cookie banner never covering content or buttons (the page
 * reserves its space), the phone drawer listing every item of the desktop menu for each role, and an
 * empty required field saying "required".
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

type Box = { top: number; bottom: number; left: number; right: number };

/** Page coordinates (scroll included) of the first element matching `selector`. */
function box(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { top: rect.top + scrollY, bottom: rect.bottom + scrollY, left: rect.left, right: rect.right };
  }, selector);
}

async function open(width: number, path: string, { chosen = true } = {}) {
  const raw = await browser.newContext({ viewport: { width, height: width < 600 ? 740 : 900 }, locale: 'en-GB' });
  const context = chosen ? await withCookieChoice(raw, server.url) : raw;
  const { page, errors } = await newPage(context);
  await page.goto(`${server.url}${path}`);
  return { page, errors, context };
}

describe('layout (issue 10 §6)', () => {
  for (const width of [360, 1400]) {
    it(`keeps the Join button of /en/alumni clear of the footer at ${width} px`, async () => {
      const { page, errors, context } = await open(width, '/en/alumni');
      await page.getByTestId('join-cta').waitFor();
      await page.screenshot({ path: `/tmp/b-alumni-${width}.png`, fullPage: true });
      const join = (await box(page, '[data-testid="join-cta"]'))!;
      const footer = (await box(page, '.site-footer'))!;
      expect(join.bottom).toBeLessThanOrEqual(footer.top - 16);
      // the button belongs to the Bold plan: inside its card
      const plan = (await box(page, '[data-testid="plan-bold"]'))!;
      expect(join.bottom).toBeLessThanOrEqual(plan.bottom);
      expect(join.top).toBeGreaterThanOrEqual(plan.top);
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
      await page.screenshot({ path: `/tmp/b-alumni-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const width of [360, 1400]) {
    it(`the cookie banner covers nothing at the end of a job page at ${width} px (the page reserves its space)`, async () => {
      const { page, errors, context } = await open(width, '/en/jobs', { chosen: false });
      await page.getByTestId('job-card').first().locator('h2 a').click();
      await page.waitForURL(/\/en\/jobs\/[a-z0-9-]+$/);
      await page.locator('h1').waitFor();
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      await page.waitForFunction(() => {
        scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        return Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight - 1;
      });
      await page.screenshot({ path: `/tmp/b-job-banner-${width}.png` });
      // measured in one go at the very end of the page (the banner's place depends on the scroll)
      const covered = await page.evaluate(() => {
        scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        const b = document.querySelector('[data-testid="cookie-banner"]')!.getBoundingClientRect();
        return [...document.querySelectorAll('.site a, .site button, .site h1, .site h2, .site p, .site li')]
          .filter((element) => !element.closest('[data-testid="cookie-banner"]'))
          .map((element) => ({
            text: (element.textContent ?? '').trim().slice(0, 40) || element.outerHTML.slice(0, 60),
            rect: element.getBoundingClientRect(),
          }))
          .filter(
            ({ rect: r }) =>
              r.width > 0 &&
              r.height > 0 &&
              r.top < b.bottom &&
              b.top < r.bottom &&
              r.left < b.right &&
              b.left < r.right,
          )
          .map(({ text }) => text);
      });
      expect(covered).toEqual([]);
      // a choice frees the space again
      const before = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.getByRole('button', { name: /necessary/i }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(before);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  const roles = [
    { role: 'visitor', email: null },
    { role: 'member', email: 'bold@demo.test' },
    { role: 'company', email: 'company@demo.test' },
  ] as const;
  for (const { role, email } of roles) {
    it(`the phone drawer lists every item of the desktop menu for a ${role} at 360 px`, async () => {
      const { page, errors, context } = await open(360, '/en');
      if (role === 'company') {
        await page.goto(`${server.url}/en/company/login`);
        await page.locator('#root_email').fill(email!);
        await page.locator('#root_password').fill('demo-password');
        await page.locator('form button[type=submit]').first().click();
        await page.waitForURL((url) => !url.pathname.endsWith('/login'));
        await page.goto(`${server.url}/en`);
      } else if (email) {
        await signInAt(page, server.url, email);
        await page.goto(`${server.url}/en`);
      }
      await page.locator('.site-header').waitFor();
      await page.getByRole('button', { name: 'Menu' }).click();
      const drawer = page.locator('.mobile-menu .ant-drawer-content');
      await drawer.waitFor();
      if (email) await page.getByTestId('drawer-account').waitFor(); // the identity is known: the desktop menu is the role's
      // the desktop menu (hidden at this width, still in the page) and the header's account menu
      const desktop = await page.$$eval('.site-nav-slot .site-menu a', (links) =>
        links.map((a) => a.getAttribute('href')),
      );
      expect(desktop.length).toBeGreaterThanOrEqual(4);
      if (role === 'company') expect(desktop).not.toContain('/en/jobs');
      else expect(desktop).toContain('/en/jobs');
      const listed = await drawer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      for (const href of desktop) expect(listed).toContain(href);
      if (email) expect(await page.getByTestId('drawer-logout').isVisible()).toBe(true);
      else expect(await drawer.getByTestId('login-link').isVisible()).toBe(true);
      await page.waitForTimeout(400); // the drawer's slide
      await page.screenshot({ path: `/tmp/b-drawer-${role}.png` });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('an empty required field says "required", not "must be valid" (blank e-mail on the sign-in form)', async () => {
    const { page, errors, context } = await open(1400, '/en/login');
    await page.locator('#root_email').fill('   ');
    await page.locator('#root_password').fill('demo-password');
    await page.locator('form button[type=submit]').first().click();
    const message = page.locator('.schema-form .ant-form-item-explain-error, .schema-form .error-detail').first();
    await message.waitFor();
    const text = (await message.textContent()) ?? '';
    expect(text).toMatch(/required/i);
    expect(text).not.toMatch(/valid/i);
    // a real but malformed address still says what is wrong with it
    await page.locator('#root_email').fill('not-an-address');
    await page.locator('form button[type=submit]').first().click();
    await expect.poll(async () => (await message.textContent()) ?? '').toMatch(/valid e-mail/i);
    expect(errors).toEqual([]);
    await context.close();
  });
});
