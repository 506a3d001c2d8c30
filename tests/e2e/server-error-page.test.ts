/**
 * Issue 25 §16, SPEC §8: a detail page whose data answers 500 or 504 shows the server-error page ("Ha ocurrido un
 * error en el servidor"), not the not-found page nor a generic "unexpected error". The failing answers are made by
 * the browser (Playwright's request routing) on the page's own data request: the real server has no way to fail on
 * demand. The company's offer and its closing survey, a member's own experience. (The public detail pages take the
 * same component, `UnexpectedErrorPage` with the load's error; their first paint is the server's, which routing in
 * the browser cannot fail.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { localizePath } from '../../src/shared/routes';
import { API_KEY } from '../helpers/app';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const text = (lng: string) =>
  (JSON.parse(readFileSync(`locales/${lng}/common.json`, 'utf8')) as Record<string, string>)['errors.server']!;
let offer = '';
let experience = '';

beforeAll(async () => {
  const db = server.app.db;
  const company = await db
    .selectFrom('companies')
    .select('hash')
    .where('email', '=', 'company@demo.test')
    .executeTakeFirstOrThrow();
  offer = (
    await db
      .selectFrom('jobs')
      .select('hash')
      .where('company_hash', '=', company.hash)
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow()
  ).hash;
  const headers = { apiKey: API_KEY, 'content-type': 'application/json' };
  const login = await server.app.inject({
    method: 'POST',
    url: '/usr/login',
    headers,
    payload: {
      email: 'bold@demo.test',
      password: 'demo-password',
      deviceId: 'servererror000001',
      deviceType: 2,
      push: null,
    },
  });
  expect(login.statusCode, login.body).toBe(200);
  const made = await server.app.inject({
    method: 'POST',
    url: '/usr/workExperiences',
    headers: { ...headers, token: login.json().token, deviceId: 'servererror000001' },
    payload: {
      name: 'Product designer',
      contract: 'INDEFINITE',
      company_name: 'Estudio Demo SL',
      start: '01/09/2022',
      location: 'Barcelona',
      content: 'Furniture.',
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  experience = made.json().hash;
});

/** Every GET whose path matches `pattern` answers `status` (a JSON error for 500, a proxy's HTML for 504). */
async function failing(page: Page, pattern: RegExp, status: 500 | 504) {
  await page.route(
    (url) => pattern.test(url.pathname),
    (route) =>
      route.request().method() !== 'GET'
        ? route.continue()
        : status === 500
          ? route.fulfill({
              status,
              contentType: 'application/json',
              body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'Internal Server Error' }),
            })
          : route.fulfill({ status, contentType: 'text/html', body: '<html><body>Gateway Time-out</body></html>' }),
  );
}

async function heading(page: Page) {
  const h1 = page.locator('#main h1, main h1, h1').first();
  await h1.waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning'));
  return (await page.locator('h1').allTextContents()).join(' | ');
}

describe('a detail page whose data fails on the server', () => {
  it('shows the server-error page: the company’s offer and its survey (en, 500)', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page } = await newPage(context);
    await signInAt(page, server.url, 'company@demo.test', { company: true });
    await failing(page, /^\/com\/jobs\/[^/]+$/, 500);
    for (const name of ['company.jobs.show', 'company.jobs.survey']) {
      await page.goto(`${server.url}${localizePath(name, 'en', { hash: offer })}`);
      expect(await heading(page), name).toBe(text('en'));
    }
    await context.close();
  });

  it('shows the server-error page: a member’s own experience (ca, 500)', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 390, height: 900 } }),
      server.url,
    );
    const { page } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test', { lng: 'ca' });
    await failing(page, /^\/usr\/workExperiences\/[^/]+$/, 500);
    await page.goto(`${server.url}${localizePath('user.experiences.show', 'ca', { hash: experience })}`);
    expect(await heading(page)).toBe(text('ca'));
    await context.close();
  });
});

describe('the 404 page, loaded when shown', () => {
  it('says the page does not exist in es, en and ca, with a way home, and passes axe (WCAG 2.2 AA)', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 390, height: 844 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    const failures: string[] = [];
    for (const lng of ['es', 'en', 'ca'] as const) {
      const answer = await page.goto(`${server.url}/${lng}/no-such-page-${lng}`);
      expect(answer?.status()).toBe(404);
      await page.locator('#status-title').waitFor();
      expect(await page.locator('.status-code').textContent()).toBe('404');
      expect(await page.locator('.status-action a').getAttribute('href')).toBe(localizePath('home', lng));
      failures.push(...(await axeViolations(page, `404 ${lng}`, { tags: WCAG_22_AA })));
    }
    expect(failures).toEqual([]);
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await context.close();
  });
});
