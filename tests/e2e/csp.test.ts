/**
 * The schema forms work under the real Content-Security-Policy, which has no 'unsafe-eval' (their
 * validators are precompiled by the build), and the sign-in cookies carry SameSite=Strict and die
 * with the refresh token (DESIGN §4).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

/** A page that records CSP violations (reported before any console message) and console errors. */
async function watchedPage(
  context: BrowserContext,
): Promise<{ page: Page; errors: string[]; violations: () => Promise<string[]> }> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const { page, errors } = await newPage(context);
  return {
    page,
    errors,
    violations: () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations),
  };
}

describe('Content-Security-Policy', () => {
  it('allows no eval and no inline script', async () => {
    const response = await fetch(`${server.url}/en/login`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  const cases = [
    {
      path: '/en/login',
      form: '#login-user',
      submit: 'Sign in',
      messages: ['E-mail must be a valid e-mail address.', 'Password is required.'],
    },
    {
      path: '/en/login?as=company',
      form: '#login-company',
      submit: 'Sign in',
      messages: ['E-mail must be a valid e-mail address.', 'Password is required.'],
    },
    {
      path: '/es/acceso',
      form: '#login-user',
      submit: 'Entrar',
      messages: ['Correo electrónico debe ser un correo electrónico válido.', 'Rellena el campo «Contraseña».'],
    },
    {
      path: '/ca/acces',
      form: '#login-user',
      submit: 'Entra',
      messages: ['Correu electrònic ha de ser un correu electrònic vàlid.', 'Cal omplir el camp «Contrasenya».'],
    },
  ];
  for (const { path, form, submit, messages } of cases) {
    it(`validates the form of ${path} in its language without breaking the policy`, async () => {
      const context = await withCookieChoice(
        await browser.newContext({ viewport: { width: 1200, height: 900 } }),
        server.url,
      );
      const { page, errors, violations } = await watchedPage(context);
      const answer = await page.goto(`${server.url}${path}`);
      expect(answer?.headers()['content-security-policy']).not.toContain('unsafe-eval');
      const email = page.locator(`${form} #root_email`);
      await email.fill('not-an-address');
      await page.locator(form).getByRole('button', { name: submit, exact: true }).click();
      for (const message of messages) await page.locator(form).getByText(message).waitFor({ timeout: 30_000 });
      // a valid address clears its message: the validator really runs, it does not just fail
      await email.fill('someone@example.org');
      await page.locator(form).getByRole('button', { name: submit, exact: true }).click();
      await expect.poll(() => page.locator(form).getByText(messages[0]!).count()).toBe(0);
      await page.locator(form).getByText(messages[1]!).waitFor();
      if (process.env['SCREENSHOT_DIR'])
        await page.screenshot({ path: `${process.env['SCREENSHOT_DIR']}/csp-${path.replace(/\W+/g, '_')}.png` });
      expect(await violations()).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('query strings of lists', () => {
  it('cannot write to Object.prototype, and a filter with & # + % survives a reload', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page, errors, violations } = await watchedPage(context);
    await page.goto(
      `${server.url}/en/jobs?__proto__[polluted]=1&constructor[prototype][polluted]=1&filters[__proto__][polluted]=1`,
    );
    await page.locator('#filter-text').waitFor();
    expect(await page.evaluate(() => (({}) as Record<string, unknown>)['polluted'] ?? null)).toBeNull();
    await page.locator('#filter-text').fill('C&A #1 +2 100%');
    // the filter in the short form, every special character escaped
    await page.waitForURL(
      (url) => url.searchParams.get('text') === 'C&A #1 +2 100%' && url.search.startsWith('?text='),
    );
    await page.reload();
    await expect.poll(() => page.locator('#filter-text').inputValue()).toBe('C&A #1 +2 100%');
    expect(await violations()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('sign-in cookies', () => {
  it('are SameSite=Strict, not Secure over plain http, and expire with the refresh token', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page, violations } = await watchedPage(context);
    // a refresh token that ends in two days: no sign-in cookie may outlive it
    const refreshEnd = Math.floor(Date.now() / 1000) + 2 * 86_400;
    await page.route('**/usr/login', async (route) => {
      const response = await route.fetch();
      const body = {
        ...((await response.json()) as object),
        refreshExpiresAt: new Date(refreshEnd * 1000).toISOString(),
      };
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${server.url}/en/login`);
    await page.locator('#root_email').fill('bold@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('user-menu').waitFor();
    const cookies = (await context.cookies()).filter((cookie) =>
      ['iss', 'token', 'refreshToken', 'deviceId'].includes(cookie.name),
    );
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual(['deviceId', 'iss', 'refreshToken', 'token']);
    for (const cookie of cookies) {
      expect({ name: cookie.name, sameSite: cookie.sameSite, secure: cookie.secure }).toEqual({
        name: cookie.name,
        sameSite: 'Strict',
        secure: false,
      });
      expect(cookie.expires).toBeGreaterThan(refreshEnd - 120);
      expect(cookie.expires).toBeLessThanOrEqual(refreshEnd + 1);
    }
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
