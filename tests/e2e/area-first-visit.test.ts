/**
 * Issue 27 §3 in Chromium: the first visit of each signed-in area asks for all its code at once. Before, each lazy part
 * was asked for when the one around it had rendered — Refine, then the area's layout, then (once the identity and the
 * permission list of GET /api/init had answered) the page with its forms: a chain of round trips before the page's own
 * code even started downloading. Here GET /api/init is held back until the page's chunk has been requested (or 8 s have
 * passed): the page's code must be on its way while the permissions are still unanswered, and the page must then work.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const viewport = { width: 1400, height: 900 };

async function signInAdmin(page: Page) {
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/en\/admin\/users$/);
}

const AREAS = [
  {
    path: '/en/user/profile',
    chunk: /\/assets\/ProfilePage-[\w-]+\.js$/,
    usable: '#root_name',
    signIn: (page: Page) => signInAt(page, server.url, 'bold@demo.test'),
  },
  {
    path: '/en/company/jobs',
    chunk: /\/assets\/OfferListPage-[\w-]+\.js$/,
    usable: '[data-testid="company-jobs"]',
    signIn: (page: Page) => signInAt(page, server.url, 'company@demo.test', { company: true }),
  },
  {
    path: '/en/admin',
    chunk: /\/assets\/DashboardPage-[\w-]+\.js$/,
    usable: '[data-testid="dashboard-stats"]',
    signIn: signInAdmin,
  },
];

describe('the first visit of an area', () => {
  for (const area of AREAS)
    it(`${area.path} asks for its page's code while its permissions are still unanswered`, async () => {
      const signing = await withCookieChoice(await browser.newContext({ viewport }), server.url);
      await area.signIn((await newPage(signing)).page);
      const session = await signing.storageState();
      await signing.close();

      // a new context with the session alone: nothing cached, every chunk is fetched
      const context = await withCookieChoice(await browser.newContext({ viewport, storageState: session }), server.url);
      const { page, errors } = await newPage(context);
      let release!: () => void;
      const released = new Promise<void>((ok) => (release = ok));
      const timer = setTimeout(() => release(), 8_000); // the chained loading asks for the page only after the answer
      let answered = false;
      let pageCodeBeforeAnswer = false;
      page.on('request', (request) => {
        if (!area.chunk.test(request.url())) return;
        pageCodeBeforeAnswer = !answered;
        release();
      });
      await page.route('**/api/init', async (route) => {
        await released;
        answered = true;
        await route.continue();
      });
      await page.goto(server.url + area.path);
      await page.locator(area.usable).first().waitFor({ timeout: 60_000 });
      clearTimeout(timer);
      expect(pageCodeBeforeAnswer).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
});

/** The `/assets/…js` files a page's HTML names: modulepreload links, and the server-rendered page's boot list. */
function namedFiles(html: string) {
  const links = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  const boot = /data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [];
  return { links, boot };
}

describe('a page names its own code in its HTML (scripts/page-parts.ts)', () => {
  it('an area page lists its page’s chunk and the files it needs; the first script lists no page', async () => {
    const html = await (await fetch(`${server.url}/en/user/profile`)).text();
    const { links } = namedFiles(html);
    expect(links.some((file) => /\/assets\/ProfilePage-[\w-]+\.js$/.test(file))).toBe(true);
    expect(links.some((file) => /\/assets\/WithRefine-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of links) expect((await fetch(server.url + file)).status, file).toBe(200);
    // the back office's page and another area's are not asked for
    expect(links.some((file) => /DashboardPage|OfferListPage/.test(file))).toBe(false);
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    // Vite's list of the files each lazy import needs, at the top of the first script: none of a page's own
    const first = await (await fetch(server.url + entry)).text();
    const depsList = /^const __vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(first)?.[1] ?? '[]';
    const listed = JSON.parse(depsList) as string[];
    expect(listed.filter((file) => /Page-[\w-]+\.js$/.test(file))).toEqual([]);
    expect(listed.length).toBeLessThan(100); // it named ~600 files, every page's, before
  });

  it('a server-rendered page hands its files to boot.js; a back-office page gets its layout and page', async () => {
    const jobs = namedFiles(await (await fetch(`${server.url}/es/empleo`)).text());
    expect(jobs.boot.some((file) => /\/assets\/JobListPage-[\w-]+\.js$/.test(file))).toBe(true);
    expect(jobs.links).toEqual([]);
    const admin = namedFiles(await (await fetch(`${server.url}/ca/admin/users`)).text());
    expect(admin.links.some((file) => /\/assets\/UsersQueuePage-[\w-]+\.js$/.test(file))).toBe(true);
    expect(admin.links.some((file) => /\/assets\/AdminLayout-[\w-]+\.js$/.test(file))).toBe(true);
    // an unknown page names no page's code
    const unknown = namedFiles(await (await fetch(`${server.url}/en/admin/nothing`)).text());
    expect(unknown.links.some((file) => /Page-[\w-]+\.js$/.test(file))).toBe(false);
  });
});

describe('the first visit of the company’s offers', () => {
  it('reads the list once: the page mounts once, and no read is aborted to be asked again', async () => {
    const signing = await withCookieChoice(await browser.newContext({ viewport }), server.url);
    await signInAt((await newPage(signing)).page, server.url, 'company@demo.test', { company: true });
    const session = await signing.storageState();
    await signing.close();
    const context = await withCookieChoice(await browser.newContext({ viewport, storageState: session }), server.url);
    const { page, errors } = await newPage(context);
    const reads: string[] = [];
    const aborted: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/com/jobs') reads.push(request.url());
    });
    page.on('requestfailed', (request) => aborted.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.goto(`${server.url}/en/company/jobs`);
    await page.locator('[data-testid="company-jobs"] .ant-table-row').first().waitFor({ timeout: 60_000 });
    expect(aborted).toEqual([]);
    expect(reads).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
