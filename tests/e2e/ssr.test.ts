/**
 * Server-rendered public pages (issue 9 §2, DESIGN §1): the HTML holds the page's content before any script
 * runs, in the page's language; the browser takes the embedded answers over (no second request for them)
 * without hydration warnings; the server renders the anonymous view only, whatever the request carries,
 * so neither its HTML nor its cache can hold a member's view; a write through the API empties the cache.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

interface Job {
  slug: string;
  title: string;
  description: string;
  locked: boolean;
}

const apiGet = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({ method: 'GET', url: path, headers: { apikey: server.app.config.apiKey, language: 'en', ...headers } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { status: res.status, text: await res.text() };
};

/** The JSON the server embedded for the browser, and the markup of #root. */
function parts(page: string): { state: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> }; root: string } {
  const state = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(page);
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="ssr-state">/.exec(page);
  expect(state, 'embedded state').not.toBeNull();
  expect(root, 'rendered root').not.toBeNull();
  return { state: JSON.parse(state![1]!), root: root![1]! };
}

let job: Job;
let lockedJob: Job;
let unlockedForBold: Job;

beforeAll(async () => {
  const list = await apiGet('/api/jobs?page=1&size=1');
  const first = (list.body['items'] as Array<{ slug: string }>)[0]!;
  job = (await apiGet(`/api/jobs/${first.slug}`)).body as unknown as Job;
  lockedJob = job;
  // a Bold member reads the whole offer that an anonymous visitor sees locked (SPEC §6)
  const { body } = await server.app.inject({ method: 'POST', url: '/usr/login', headers: { apikey: server.app.config.apiKey }, payload: { email: 'bold@demo.test', password: 'demo-password', deviceId: 'ssrdevice0123456789a', deviceType: 2, push: null } }).then((res) => ({ body: res.json() as { token: string } }));
  unlockedForBold = (await apiGet(`/api/jobs/${first.slug}`, { token: body.token, deviceid: 'ssrdevice0123456789a', type: '2' })).body as unknown as Job;
});

describe('server-rendered HTML', () => {
  it('holds the job list, a job and the news in the page language before any script runs', async () => {
    const jobs = await html(localizePath('jobs', 'en'));
    expect(jobs.status).toBe(200);
    expect(jobs.text).toContain('<html lang="en"');
    const { root } = parts(jobs.text);
    expect(root).toContain(job.title.replace(/&/g, '&amp;'));
    expect(root).toContain('<h1');

    const spanish = await html(localizePath('jobs', 'es'));
    expect(spanish.text).toContain('<html lang="es"');
    expect(parts(spanish.text).root).not.toEqual(root); // translated interface

    const detail = await html(localizePath('jobs.show', 'en', { slug: job.slug }));
    expect(detail.status).toBe(200);
    expect(parts(detail.text).root).toContain(job.title.replace(/&/g, '&amp;'));

    const news = await html(localizePath('news', 'en'));
    const articles = (await apiGet('/api/articles?page=1&size=1')).body['items'] as Array<{ title: string }>;
    expect(parts(news.text).root).toContain(articles[0]!.title.replace(/&/g, '&amp;'));

    const home = await html(localizePath('home', 'en'));
    expect(parts(home.text).root).toContain('<h1');
    // antd's styles come with the page
    expect(home.text).toMatch(/<style[^>]*data-css-hash/);
    // …before the app's stylesheet (inlined), whose rules must win over antd's (as in a client-rendered page)
    expect(home.text.search(/<style[^>]*data-css-hash/)).toBeLessThan(home.text.search(/<style data-app-css>/));
    expect(home.text).not.toContain('<link rel="stylesheet"');
    // the scripts start after the page has loaded: nothing is preloaded, the entry goes through the boot loader
    expect(home.text).not.toContain('rel="modulepreload"');
    expect(home.text).toMatch(/<script defer src="\/boot.js" data-entry="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(home.text).not.toContain('<script type="module"');
  });

  it('always renders the anonymous view, whatever cookies or headers the request carries', async () => {
    // the precondition of this test: the member sees more than a visitor
    expect(lockedJob.locked).toBe(true);
    expect(unlockedForBold.locked).toBe(false);
    const login = await server.app.inject({ method: 'POST', url: '/usr/login', headers: { apikey: server.app.config.apiKey }, payload: { email: 'bold@demo.test', password: 'demo-password', deviceId: 'ssrdevice0123456789b', deviceType: 2, push: null } });
    const { token, refreshToken } = login.json() as { token: string; refreshToken: string };
    const path = localizePath('jobs.show', 'en', { slug: job.slug });
    // first request signed in (cookies and headers): it must be the anonymous render, and cached as such
    const member = await html(path, { cookie: `iss=user; token=${token}; refreshToken=${refreshToken}; deviceId=ssrdevice0123456789b`, token, deviceid: 'ssrdevice0123456789b', type: '2' });
    const visitor = await html(path);
    for (const page of [member, visitor]) {
      const { state } = parts(page.text);
      const detail = state.queries.map((q) => q.state.data as Job | undefined).find((d) => d?.slug === job.slug);
      expect(detail?.locked).toBe(true);
      expect(page.text).not.toContain(token);
      expect(page.text).not.toContain('bold@demo.test');
    }
    expect(parts(member.text).root).toEqual(parts(visitor.text).root);
    // nothing about the actor is embedded: only public data queries
    for (const { queryKey } of parts(member.text).state.queries) expect(queryKey[0]).toBe('data');
  });

  it('renders every listed public page on the server (none falls back to the empty shell)', async () => {
    const db = server.app.db;
    const portfolio = await db.selectFrom('portfolios').select('hash').where('status', '=', 'PUBLISHED').executeTakeFirstOrThrow();
    const member = await db.selectFrom('users').select('hash').where('status', '=', 'VALIDATED').where('is_appear_by_user', '=', 1).executeTakeFirstOrThrow();
    const paths = [
      ...['community', 'association', 'alumni', 'company', 'workgroups-landing', 'workgroups', 'portfolios', 'experiences', 'community.directory', 'community.ambassadors', 'community.entrepreneurs'].map((name) => localizePath(name, 'en')),
      localizePath('portfolios.show', 'en', { hash: portfolio.hash }),
      localizePath('community.directory.show', 'en', { hash: member.hash }),
    ];
    const shells: string[] = [];
    for (const path of paths) {
      const page = await html(path);
      if (!page.text.includes('id="ssr-state"') || !/<h1[\s>]/.test(page.text)) shells.push(`${path} (${page.status})`);
    }
    expect(shells).toEqual([]);
  });

  it('sends a rendered page compressed, with the cookie banner, hidden for a visitor who has chosen', async () => {
    const path = localizePath('jobs', 'en');
    const raw = (encoding: string, cookie?: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        const url = new URL(server.url + path);
        // node:http, not fetch: fetch would decompress and hide what was sent
        httpGet({ host: url.hostname, port: url.port, path, headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: String(res.headers['vary'] ?? ''), body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    const text = plain.body.toString('utf8');
    expect(parts(text).root).toContain('data-testid="cookie-banner"');
    expect(text).toContain('<html lang="en">');

    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text);
    const gz = await raw('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(text);

    // the same URL for a visitor who has chosen: the banner is hidden by the server, whatever is cached
    const decided = brotliDecompressSync((await raw('br', 'cookie_consent=necessary')).body).toString('utf8');
    expect(decided).toContain('<html lang="en" class="cookies-decided"');
    expect(brotliDecompressSync((await raw('br')).body).toString('utf8')).toContain('<html lang="en">');
  });

  it('renders the member area and the sign-in page on the client only', async () => {
    for (const path of [localizePath('login', 'en'), localizePath('user.profile', 'en')]) {
      const page = await html(path);
      expect(page.text).toContain('<div id="root"></div>');
      expect(page.text).not.toContain('id="ssr-state"');
      // a client-rendered page starts its scripts at once, with their preloads
      expect(page.text).toContain('<script type="module"');
      expect(page.text).toContain('rel="modulepreload"');
    }
    // the renderer itself is never served
    expect((await html('/server/entry-server.mjs')).status).toBe(404);
  });

  it('serves a render briefly from its cache, and forgets it when content changes through the API', async () => {
    const path = localizePath('jobs', 'en');
    const before = await html(path);
    expect(parts(before.text).root).toContain(job.title.replace(/&/g, '&amp;'));
    await server.app.db.updateTable('jobs').set({ title: 'Freshly renamed offer' }).where('slug', '=', job.slug).execute();
    // a change behind the API's back: the cached render is still served (for a few seconds at most)
    expect((await html(path)).text).not.toContain('Freshly renamed offer');
    // any successful write over HTTP empties the cache
    const res = await fetch(`${server.url}/usr/login`, { method: 'POST', headers: { apikey: server.app.config.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'regular@demo.test', password: 'demo-password', deviceId: 'ssrdevice0123456789c', deviceType: 2, push: null }) });
    expect(res.status).toBe(200);
    expect((await html(path)).text).toContain('Freshly renamed offer');
    await server.app.db.updateTable('jobs').set({ title: job.title }).where('slug', '=', job.slug).execute();
    await fetch(`${server.url}/usr/login`, { method: 'POST', headers: { apikey: server.app.config.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'regular@demo.test', password: 'demo-password', deviceId: 'ssrdevice0123456789d', deviceType: 2, push: null }) });
  });
});

describe('in the browser', () => {
  it('shows the content before scripts, hydrates without warnings and does not fetch the embedded data again', async () => {
    for (const path of [localizePath('home', 'en'), localizePath('jobs', 'en'), localizePath('jobs.show', 'en', { slug: job.slug }), localizePath('news', 'en'), localizePath('jobs', 'ca')]) {
      const context = await withCookieChoice(await browser.newContext({ viewport: { width: 1400, height: 900 } }), server.url);
      const { page, errors } = await newPage(context);
      const dataRequests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^\/api\/(jobs|articles|workgroups|tags)/.test(url.pathname)) dataRequests.push(url.pathname + url.search);
      });
      // without JavaScript the page already has its heading
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const bare = await noJs.newPage();
      await bare.goto(`${server.url}${path}`);
      expect((await bare.locator('h1').first().textContent())?.trim(), path).toBeTruthy();
      await noJs.close();

      await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      expect((await page.locator('h1').first().textContent())?.trim()).toBeTruthy();
      expect(errors, `${path}: console errors`).toEqual([]);
      expect(dataRequests, `${path}: refetched`).toEqual([]);
      await page.screenshot({ path: `/tmp/b3-ssr-${path.replace(/\W+/g, '_')}.png` });
      await context.close();
    }
  });

  it('a signed-in member gets the member view after hydration (the server sent the anonymous one)', async () => {
    const context = await withCookieChoice(await browser.newContext({ viewport: { width: 360, height: 800 } }), server.url);
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    const path = localizePath('jobs.show', 'en', { slug: job.slug });
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('locked-cta').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.locator('.job-description').textContent()).toContain(unlockedForBold.description.slice(0, 40));
    expect(errors).toEqual([]);
    await page.screenshot({ path: '/tmp/b3-ssr-member-job-360.png', fullPage: true });
    await context.close();
  });
});
