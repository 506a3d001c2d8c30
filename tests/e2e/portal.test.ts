/** The portal in Debian's Chromium against the real server (seeded SQLite, built SPA). */
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer, gotoSettled } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
let context: BrowserContext;

onBrowserSuite((live) => ({ server, browser } = live));

/** An API answer as the page's own scripts would get it (its apiKey), in a given language. */
function apiGet<T>(page: import('playwright-core').Page, path: string, lng: string): Promise<T> {
  return page.evaluate(
    ([p, l]) =>
      fetch(p!, {
        headers: {
          apiKey: document.querySelector<HTMLMetaElement>('meta[name="api-key"]')?.content ?? '',
          language: l!,
        },
      }).then((r) => r.json()),
    [path, lng],
  ) as Promise<T>;
}

async function freshContext(width = 1400) {
  context = await withCookieChoice(
    await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' }),
    server.url,
  );
  return context;
}

describe('public portal', () => {
  it('redirects / by the browser language and switches /en/jobs to Catalan on the same page', async () => {
    const { page, errors } = await newPage(await freshContext());
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/en$/);
    await page.goto(`${server.url}/en/jobs`);
    await page.getByTestId('job-card').first().waitFor();
    await page.getByTestId('lang-switcher').click();
    await page.getByTestId('lang-ca').click();
    await page.waitForURL(/\/ca\/treball(\?|$)/);
    await page.getByRole('heading', { level: 1, name: 'Borsa de treball' }).waitFor();
    expect(await page.evaluate(() => document.cookie)).toContain('i18n_redirected=ca');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switching language on a job keeps the offer: its own URL in Spanish, its Spanish title, no reload', async () => {
    const { page, errors } = await newPage(await freshContext());
    await page.goto(`${server.url}/en/jobs`);
    await page.getByTestId('job-card').first().locator('h2 a').click();
    await page.waitForURL(/\/en\/jobs\/[a-z0-9-]+$/);
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const es = await apiGet<{ slug: string; title: string }>(page, `/api/jobs/${slug}`, 'es');
    await page.locator('h1').waitFor();
    await page.evaluate(() => ((window as unknown as { kept: number }).kept = 1));
    await page.getByTestId('lang-switcher').click();
    await page.getByTestId('lang-es').click();
    await page.waitForURL(new RegExp(`/es/empleo/${es.slug}$`));
    await page.getByRole('heading', { level: 1, name: es.title }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1); // the same document
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switching language on /en/news reads the titles again at once, and an article moves to its Spanish slug', async () => {
    const { page, errors } = await newPage(await freshContext());
    await page.goto(`${server.url}/en/news`);
    const first = page.getByTestId('article-card').first().locator('h2');
    await first.waitFor();
    const english = (await first.textContent())!.trim();
    await page.evaluate(() => ((window as unknown as { kept: number }).kept = 1));
    await page.getByTestId('lang-switcher').click();
    await page.getByTestId('lang-es').click();
    await page.waitForURL(/\/es\/noticias(\?|$)/);
    const spanish = (await apiGet<{ items: Array<{ title: string }> }>(page, '/api/articles?page=1&size=1', 'es'))
      .items[0]!.title;
    expect(spanish).not.toBe(english);
    await expect.poll(async () => (await first.textContent())!.trim()).toBe(spanish);
    expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
    // an article: the Spanish slug and title of the same article, then back to English
    await first.locator('a').click();
    await page.waitForURL(/\/es\/noticias\/[a-z0-9-]+$/);
    const esSlug = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { level: 1, name: spanish }).waitFor();
    const article = await apiGet<{ slugs: Record<string, string>; title: string }>(
      page,
      `/api/articles/${esSlug}`,
      'en',
    );
    expect(article.slugs.en).not.toBe(esSlug);
    await page.getByTestId('lang-switcher').click();
    await page.getByTestId('lang-en').click();
    await page.waitForURL(new RegExp(`/en/news/${article.slugs.en}$`));
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    expect(article.title).toBe(english);
    expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1);
    // the server-rendered Spanish article already links its English slug (same as after hydration, no mismatch)
    const html = await (await fetch(`${server.url}/es/noticias/${esSlug}`)).text();
    expect(html).toContain(`href="/en/news/${article.slugs.en}"`);
    await page.goto(`${server.url}/es/noticias/${esSlug}`);
    await page.getByRole('heading', { level: 1, name: spanish }).waitFor();
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid="lang-switcher"]')?.disabled,
    );
    expect(await page.getByTestId('lang-en').getAttribute('href')).toBe(`/en/news/${article.slugs.en}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('browses jobs: filters reset the page, and a job opens', async () => {
    const { page, errors } = await newPage(await freshContext());
    await page.goto(`${server.url}/en/jobs`);
    const cards = page.getByTestId('job-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(10);
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/\/en\/jobs\?page=2$/); // short, shareable
    await page.locator('#filter-text').fill('zzzz-no-such-offer');
    await page.getByTestId('not-found').waitFor();
    await page.waitForURL(/\/en\/jobs\?text=zzzz-no-such-offer$/); // a new filter starts at page 1
    await page.locator('#filter-text').fill('');
    await cards.first().waitFor();
    const title = (await cards.first().locator('h2').textContent())!.trim();
    await cards.first().locator('h2 a').click();
    await page.waitForURL(/\/en\/jobs\/[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.title()).toContain(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps old links with the long filter encoding working, rewritten to the short form', async () => {
    const { page, errors } = await newPage(await freshContext());
    await page.goto(
      `${server.url}/en/jobs?currentPage=2&pageSize=10&filters[0][field]=text&filters[0][operator]=eq&filters[0][value]=designer`,
    );
    await page.waitForURL((url) => url.search !== '' && !url.search.includes('filters'));
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ page: '2', text: 'designer' });
    expect(await page.locator('#filter-text').inputValue()).toBe('designer');
    expect(await page.locator('.pager-current').textContent()).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page in the right language for an unknown offer', async () => {
    const { page } = await newPage(await freshContext());
    const response = await page.goto(`${server.url}/es/empleo/no-existe-esta-oferta`);
    expect(response?.status()).toBe(404);
    await page.getByText('Página no encontrada').first().waitFor();
    await page.getByText('Has intentado acceder a una página que no existe.').waitFor();
    await context.close();
  });

  it('has no serious or critical accessibility violations on /en and /en/jobs', async () => {
    const { page } = await newPage(await freshContext());
    for (const path of ['/en', '/en/jobs', '/es/acceso']) {
      await gotoSettled(page, `${server.url}${path}`);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await context.close();
  });
});

describe('signing in', () => {
  it('sends a signed-out visit to a user page to the login page', async () => {
    const { page } = await newPage(await freshContext());
    await page.goto(`${server.url}/en/user/profile`);
    await page.waitForURL(/\/en\/login$/);
    await page.locator('#root_email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/login');
    expect(await page.locator('#root_email').isVisible()).toBe(true);
    await context.close();
  });

  it('explains a validation error on the login form in the page language', async () => {
    const { page } = await newPage(await freshContext());
    await page.goto(`${server.url}/ca/acces`);
    await page.locator('#root_email').fill('no-es-un-correu');
    await page.getByRole('button', { name: 'Entra', exact: true }).click();
    await page.getByText('Correu electrònic ha de ser un correu electrònic vàlid.').waitFor();
    await page.getByText('Cal omplir el camp «Contrasenya».').waitFor();
    expect(await page.getByText('Correu electrònic ha de ser un correu electrònic vàlid.').count()).toBe(1);
    expect(await page.getByText('Cal omplir el camp «Contrasenya».').count()).toBe(1);
    // the form was not sent: still on the sign-in page, nobody signed in
    expect(new URL(page.url()).pathname).toBe('/ca/acces');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('token');
    await context.close();
  });

  it('signs in as bold@demo.test, shows the e-mail and partner number, and signs out', async () => {
    const { page, errors } = await newPage(await freshContext());
    await page.goto(`${server.url}/en/login`);
    await page.locator('#root_email').fill('bold@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const menu = page.getByTestId('user-menu');
    await menu.waitFor();
    await expect(menu.textContent()).resolves.toMatch(/bold@demo\.test.*Member no\. \d+/);
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['iss', 'token', 'refreshToken', 'deviceId']));
    await menu.click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-link').waitFor();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('token');
    expect(errors.filter((e) => !/401/.test(e))).toEqual([]);
    await context.close();
  });

  it('tells a member whose account is not validated why they cannot sign in', async () => {
    const { page } = await newPage(await freshContext());
    await page.goto(`${server.url}/es/acceso`);
    await page.locator('#root_email').fill('pending@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page
      .getByText(/aún no ha sido validada/)
      .first()
      .waitFor();
    expect(await page.getByText(/aún no ha sido validada/).count()).toBe(1);
    await context.close();
  });
});

describe('cookie notice', () => {
  it('asks once, remembers the answer and links to the cookie policy', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/ca`);
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    expect(await banner.locator('a').getAttribute('href')).toBe('/ca/info/galetes');
    // before or after the page's scripts have started: either way the banner goes
    await banner.getByRole('button', { name: "Accepta l'analítica" }).click();
    await banner.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await ctx.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('all');
    expect(new URL(page.url()).pathname).toBe('/ca');
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // server-rendered with the page, hidden from the first paint, then gone once the page runs
    expect(await page.getByTestId('cookie-banner').isVisible()).toBe(false);
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('takes the answer before the scripts run (a form), and comes back to the same page', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/en/jobs?page=2`);
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Necessary only' }).click();
    await page.waitForURL(`${server.url}/en/jobs?page=2`);
    expect((await ctx.cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe('necessary');
    expect(await page.getByTestId('cookie-banner').isVisible()).toBe(false);
    expect(await page.getByTestId('job-card').count()).toBeGreaterThan(0);
    await ctx.close();
  });
});
