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
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer, gotoSettled } from '../helpers/browser';
import { anonymousFetch } from '../../src/server/ssr';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

interface Job {
  hash: string;
  slug: string;
  title: string;
  description: string;
  locked: boolean;
}

const apiGet = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.app.inject({
    method: 'GET',
    url: path,
    headers: { apikey: server.app.config.apiKey, language: 'en', ...headers },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

const html = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers });
  return { status: res.status, text: await res.text() };
};

/** Text as React writes it into HTML (so a title with an apostrophe or an ampersand can be looked for in the markup). */
const inHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The JSON the server embedded for the browser, and the markup of #root. */
function parts(page: string): {
  state: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
  root: string;
} {
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
  const { body } = await server.app
    .inject({
      method: 'POST',
      url: '/usr/login',
      headers: { apikey: server.app.config.apiKey },
      payload: {
        email: 'bold@demo.test',
        password: 'demo-password',
        deviceId: 'ssrdevice0123456789a',
        deviceType: 2,
        push: null,
      },
    })
    .then((res) => ({ body: res.json() as { token: string } }));
  unlockedForBold = (
    await apiGet(`/api/jobs/${first.slug}`, { token: body.token, deviceid: 'ssrdevice0123456789a', type: '2' })
  ).body as unknown as Job;
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
    const articles = (await apiGet('/api/articles?page=1&size=1')).body['items'] as Array<{
      title: string;
      slug: string;
    }>;
    expect(parts(news.text).root).toContain(articles[0]!.title.replace(/&/g, '&amp;'));

    const home = await html(localizePath('home', 'en'));
    expect(parts(home.text).root).toContain('<h1');
    // a page that shows antd components (not in LIGHT_PAGES: an article) gets antd's styles with it…
    const antdPage = (await html(localizePath('news.show', 'en', { slug: articles[0]!.slug }))).text;
    expect(antdPage).toMatch(/<style[^>]*data-css-hash/);
    // …before the app's stylesheet (inlined), whose rules must win over antd's (as in a client-rendered page)
    expect(antdPage.search(/<style[^>]*data-css-hash/)).toBeLessThan(antdPage.search(/<style data-app-css>/));
    expect(home.text).not.toContain('<link rel="stylesheet"');
    // the scripts start after the page has loaded: nothing is preloaded, the entry goes through the boot loader,
    // which is handed the files of the page's own code to ask for with it (ssr/preloads.ts)
    expect(home.text).not.toContain('rel="modulepreload"');
    expect(home.text).toMatch(
      /<script defer src="\/boot.js" data-preload="(\/assets\/[\w-]+\.js ?)+" data-entry="\/assets\/index-[\w-]+\.js"><\/script>/,
    );
    expect(home.text).toMatch(/data-preload="[^"]*\/assets\/HomePage-[\w-]+\.js/);
    expect(home.text).not.toContain('<script type="module"');
  });

  it('always renders the anonymous view, whatever cookies or headers the request carries', async () => {
    // the precondition of this test: the member sees more than a visitor
    expect(lockedJob.locked).toBe(true);
    expect(unlockedForBold.locked).toBe(false);
    const login = await server.app.inject({
      method: 'POST',
      url: '/usr/login',
      headers: { apikey: server.app.config.apiKey },
      payload: {
        email: 'bold@demo.test',
        password: 'demo-password',
        deviceId: 'ssrdevice0123456789b',
        deviceType: 2,
        push: null,
      },
    });
    const { token, refreshToken } = login.json() as { token: string; refreshToken: string };
    const path = localizePath('jobs.show', 'en', { slug: job.slug });
    // first request signed in (cookies and headers): it must be the anonymous render, and cached as such
    const member = await html(path, {
      cookie: `iss=user; token=${token}; refreshToken=${refreshToken}; deviceId=ssrdevice0123456789b`,
      token,
      deviceid: 'ssrdevice0123456789b',
      type: '2',
    });
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

  it('lets browsers keep the hashed scripts and styles for a year (they change name when they change)', async () => {
    const page = await html(localizePath('home', 'en'));
    const assets = [...page.text.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of new Set(assets)) {
      const res = await fetch(`${server.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
    }
  });

  it('renders every listed public page on the server (none falls back to the empty shell)', async () => {
    const db = server.app.db;
    const portfolio = await db
      .selectFrom('portfolios')
      .select('hash')
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const member = await db
      .selectFrom('users')
      .select('hash')
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_user', '=', 1)
      .executeTakeFirstOrThrow();
    const article = ((await apiGet('/api/articles?page=1&size=1')).body['items'] as Array<{ slug: string }>)[0]!;
    const group = await db
      .selectFrom('workgroups')
      .select('slug')
      .where('status', '=', 'PUBLISHED')
      .where('type', '=', 'PUBLIC')
      .executeTakeFirstOrThrow();
    const paths = [
      ...[
        'community',
        'association',
        'alumni',
        'company',
        'workgroups-landing',
        'workgroups',
        'portfolios',
        'experiences',
        'community.directory',
        'community.ambassadors',
        'community.entrepreneurs',
        'info',
      ].map((name) => localizePath(name, 'en')),
      localizePath('portfolios.show', 'en', { hash: portfolio.hash }),
      localizePath('community.directory.show', 'en', { hash: member.hash }),
      localizePath('news.show', 'en', { slug: article.slug }),
      localizePath('info', 'es', { slug: 'faqs' }),
      localizePath('workgroups.show', 'en', { slug: group.slug }),
    ];
    const shells: string[] = [];
    for (const path of paths) {
      const page = await html(path);
      if (!page.text.includes('id="ssr-state"') || !/<h1[\s>]/.test(page.text)) shells.push(`${path} (${page.status})`);
    }
    expect(shells).toEqual([]);
  });

  it('renders an article and the info pages with their Markdown, safely, in the page language', async () => {
    const { items } = (await apiGet('/api/articles?page=1&size=1')).body as { items: Array<{ slug: string }> };
    const article = (await apiGet(`/api/articles/${items[0]!.slug}`)).body as {
      slug: string;
      title: string;
      body?: string;
      summary: string;
    };
    const page = await html(localizePath('news.show', 'en', { slug: article.slug }));
    expect(page.status).toBe(200);
    const { root, state } = parts(page.text);
    expect(root).toContain(inHtml(article.title));
    expect(root).toContain('class="markdown article-body"');
    expect(state.queries.some((q) => (q.state.data as { slug?: string } | undefined)?.slug === article.slug)).toBe(
      true,
    );
    // a missing article: the 404 page with status 404 (not rendered, nothing embedded)
    const missing = await html(localizePath('news.show', 'en', { slug: 'no-such-article' }));
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('id="ssr-state"');

    // the list of info pages, and one of them in full (its Markdown headings are in the HTML)
    const list = await html(localizePath('info', 'en'));
    expect(list.status).toBe(200);
    expect(parts(list.text).root).toContain('Frequently asked questions');
    const faqs = await html(localizePath('info', 'en', { slug: 'faqs' }));
    expect(faqs.status).toBe(200);
    expect(parts(faqs.text).root).toContain('<h2>Who can join?</h2>');

    // Markdown written by an administrator is rendered safely by the server too
    await server.app.db
      .updateTable('content_pages')
      .set({
        body: '## Safe\n\n<script>window.__x=1</script>\n\nText <img src=x onerror=alert(1)> [bad](javascript:alert(1)) [good](https://example.com)',
      })
      .where('key', '=', 'legal')
      .where('language', '=', 'en')
      .execute();
    const legal = parts((await html(`${localizePath('info', 'en', { slug: 'legal' })}?fresh=1`)).text).root;
    expect(legal).toContain('<h2>Safe</h2>');
    expect(legal).toContain('&lt;script&gt;window.__x=1&lt;/script&gt;');
    expect(legal).toContain('Text &lt;img src=x onerror=alert(1)&gt; bad ');
    expect(legal).not.toMatch(/<script|<img src="x"|href="javascript/i);
    expect(legal).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>');
  });

  it('lets the renderer send GETs and the content query only, never anything that writes', async () => {
    const rendererFetch = anonymousFetch(server.app, server.app.config.apiKey, 'ca');
    const query = await rendererFetch('/api/content/query', {
      method: 'POST',
      body: JSON.stringify({ where: { key: 'faqs' }, only: ['title'] }),
    });
    expect(query.status).toBe(200);
    expect(((await query.json()) as { items: Array<{ title: string }> }).items[0]?.title).toBe('Preguntes freqüents');
    const refused = [
      [
        '/usr/login',
        {
          method: 'POST',
          body: JSON.stringify({
            email: 'regular@demo.test',
            password: 'demo-password',
            deviceId: 'ssrdevice0123456789e',
            deviceType: 2,
            push: null,
          }),
        },
      ],
      ['/api/content/query?x=1', { method: 'POST', body: '{}' }],
      ['/api/content/query', { method: 'PATCH', body: '{}' }],
      ['/api/content/query', { method: 'POST' }],
      ['/api/articles/x/save', { method: 'PATCH' }],
      ['/usr/users/me', { method: 'GET' }],
      ['/adm/users', {}],
    ] as Array<[string, RequestInit]>;
    for (const [url, init] of refused)
      expect((await rendererFetch(url, init)).status, `${init.method ?? 'GET'} ${url}`).toBe(403);
  });

  it('answers every info slug in every language with its page in the URL language, and a missing one with 404', async () => {
    const rows = await server.app.db.selectFrom('content_pages').select(['key', 'language', 'slug', 'title']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(15);
    const wrong: string[] = [];
    for (const row of rows) {
      for (const lng of ['es', 'en', 'ca'] as const) {
        const own = rows.find((r) => r.key === row.key && r.language === lng)!;
        const path = localizePath('info', lng, { slug: row.slug });
        const page = await html(path);
        // `/es/info/faqs` is the Spanish FAQ page, not the 404 page
        if (
          page.status !== 200 ||
          !page.text.includes('id="ssr-state"') ||
          !parts(page.text).root.includes(`<h1>${inHtml(own.title)}</h1>`)
        )
          wrong.push(`${path} (${page.status})`);
      }
    }
    expect(wrong).toEqual([]);
    for (const path of [
      localizePath('info', 'es', { slug: 'no-such-page' }),
      localizePath('info', 'ca', { slug: 'x'.repeat(300) }),
    ]) {
      const missing = await html(path);
      expect(missing.status, path).toBe(404);
      expect(missing.text).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('renders a public group with its wall, and a private group without any of its wall, files or members', async () => {
    const db = server.app.db;
    const groupWithWall = async (type: 'PUBLIC' | 'PRIVATE') =>
      db
        .selectFrom('workgroups')
        .innerJoin('comments', 'comments.workgroup_hash', 'workgroups.hash')
        .select(['workgroups.hash', 'workgroups.slug', 'workgroups.name'])
        .where('workgroups.status', '=', 'PUBLISHED')
        .where('workgroups.type', '=', type)
        .where('comments.deleted', '=', 0)
        .executeTakeFirstOrThrow();

    const open = await groupWithWall('PUBLIC');
    const openPage = await html(localizePath('workgroups.show', 'en', { slug: open.slug }));
    expect(openPage.status).toBe(200);
    const openParts = parts(openPage.text);
    expect(openParts.root).toContain(inHtml(open.name));
    const wall = openParts.state.queries.find((q) => String(q.queryKey[2]).endsWith('/comments'));
    const comments = (wall?.state.data as { items: Array<{ content: string }> } | undefined)?.items ?? [];
    expect(comments.length).toBeGreaterThan(0);
    expect(openParts.root).toContain(inHtml(comments[0]!.content));

    const closed = await groupWithWall('PRIVATE');
    const secret = `Private wall words ${Date.now()}`;
    await db.updateTable('comments').set({ content: secret }).where('workgroup_hash', '=', closed.hash).execute();
    // the answer the renderer gets is the anonymous one: the group's face, no wall
    const closedPage = await html(`${localizePath('workgroups.show', 'en', { slug: closed.slug })}?after-edit=1`);
    expect(closedPage.status).toBe(200);
    const closedParts = parts(closedPage.text);
    expect(closedParts.root).toContain(inHtml(closed.name));
    expect(closedPage.text).not.toContain(secret);
    expect(closedPage.text).not.toContain('/files/');
    for (const { queryKey } of closedParts.state.queries)
      expect(String(queryKey[2]), JSON.stringify(queryKey)).not.toMatch(/\/(comments|files|users)$/);
    const group = closedParts.state.queries
      .map((q) => q.state.data as { slug?: string; can_view?: boolean } | undefined)
      .find((d) => d?.slug === closed.slug);
    expect(group?.can_view).toBe(false);
  });

  it('sends a rendered page compressed, with the cookie banner, hidden for a visitor who has chosen', async () => {
    const path = localizePath('jobs', 'en');
    const raw = (encoding: string, cookie?: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        const url = new URL(server.url + path);
        // node:http, not fetch: fetch would decompress and hide what was sent
        httpGet(
          {
            host: url.hostname,
            port: url.port,
            path,
            headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                vary: String(res.headers['vary'] ?? ''),
                body: Buffer.concat(chunks),
              }),
            );
          },
        ).on('error', reject);
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
    await server.app.db
      .updateTable('jobs')
      .set({ title: 'Freshly renamed offer' })
      .where('slug', '=', job.slug)
      .execute();
    // a change behind the API's back: the cached render is still served (for a few seconds at most)
    expect((await html(path)).text).not.toContain('Freshly renamed offer');
    // any successful write over HTTP empties the cache
    const res = await fetch(`${server.url}/usr/login`, {
      method: 'POST',
      headers: { apikey: server.app.config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'regular@demo.test',
        password: 'demo-password',
        deviceId: 'ssrdevice0123456789c',
        deviceType: 2,
        push: null,
      }),
    });
    expect(res.status).toBe(200);
    expect((await html(path)).text).toContain('Freshly renamed offer');
    await server.app.db.updateTable('jobs').set({ title: job.title }).where('slug', '=', job.slug).execute();
    await fetch(`${server.url}/usr/login`, {
      method: 'POST',
      headers: { apikey: server.app.config.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'regular@demo.test',
        password: 'demo-password',
        deviceId: 'ssrdevice0123456789d',
        deviceType: 2,
        push: null,
      }),
    });
  });
});

describe('in the browser', () => {
  it('shows the content before scripts, hydrates without warnings and does not fetch the embedded data again', async () => {
    const article = ((await apiGet('/api/articles?page=1&size=1')).body['items'] as Array<{ slug: string }>)[0]!;
    const group = await server.app.db
      .selectFrom('workgroups')
      .select('slug')
      .where('status', '=', 'PUBLISHED')
      .where('type', '=', 'PUBLIC')
      .executeTakeFirstOrThrow();
    const paths = [
      localizePath('home', 'en'),
      localizePath('jobs', 'en'),
      localizePath('jobs.show', 'en', { slug: job.slug }),
      localizePath('news', 'en'),
      localizePath('jobs', 'ca'),
    ];
    paths.push(
      localizePath('news.show', 'en', { slug: article.slug }),
      localizePath('info', 'es', { slug: 'faqs' }),
      localizePath('info', 'en'),
      localizePath('workgroups.show', 'en', { slug: group.slug }),
    );
    for (const path of paths) {
      const context = await withCookieChoice(
        await browser.newContext({ viewport: { width: 1400, height: 900 } }),
        server.url,
      );
      const { page, errors } = await newPage(context);
      const dataRequests: string[] = [];
      const views: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        // an offer's page reports one view after hydration (POST, issue 11 §3): not a refetch of its data
        if (request.method() === 'POST' && /^\/api\/jobs\/[^/]+\/view$/.test(url.pathname)) views.push(url.pathname);
        else if (/^\/api\/(jobs|articles|workgroups|tags|content)/.test(url.pathname))
          dataRequests.push(`${request.method()} ${url.pathname}${url.search}`);
      });
      // without JavaScript the page already has its heading
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const bare = await noJs.newPage();
      await bare.goto(`${server.url}${path}`);
      expect((await bare.locator('h1').first().textContent())?.trim(), path).toBeTruthy();
      // the footer's contact and social columns are part of the first paint (they were empty until scripts ran)
      expect(await bare.locator('footer address').textContent(), `${path}: footer contact`).toContain('Barcelona');
      expect(
        await bare.locator('footer a[href^="https://www.linkedin.com/"]').count(),
        `${path}: footer social links`,
      ).toBe(1);
      await noJs.close();

      await gotoSettled(page, `${server.url}${path}`);
      await page.waitForTimeout(300);
      expect((await page.locator('h1').first().textContent())?.trim()).toBeTruthy();
      expect(errors, `${path}: console errors`).toEqual([]);
      expect(dataRequests, `${path}: refetched`).toEqual([]);
      expect(views, `${path}: views reported`).toEqual(
        path === localizePath('jobs.show', 'en', { slug: job.slug }) ? [`/api/jobs/${job.hash}/view`] : [],
      );
      await page.screenshot({ path: `/tmp/b3-ssr-${path.replace(/\W+/g, '_')}.png` });
      await context.close();
    }
  });

  it("a private group's member gets its wall after hydration (the server sent the visitor's page, without it)", async () => {
    const db = server.app.db;
    const closed = await db
      .selectFrom('workgroups')
      .innerJoin('comments', 'comments.workgroup_hash', 'workgroups.hash')
      .select(['workgroups.hash', 'workgroups.slug'])
      .where('workgroups.status', '=', 'PUBLISHED')
      .where('workgroups.type', '=', 'PRIVATE')
      .where('comments.deleted', '=', 0)
      .where('comments.parent_hash', 'is', null)
      .executeTakeFirstOrThrow();
    const regular = await db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'regular@demo.test')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('workgroup_members')
      .where('workgroup_hash', '=', closed.hash)
      .where('user_hash', '=', regular.hash)
      .execute();
    await db
      .insertInto('workgroup_members')
      .values({
        hash: `ssrmember${Date.now()}`.slice(0, 20),
        workgroup_hash: closed.hash,
        user_hash: regular.hash,
        status: 'ACCEPTED',
        created_at: new Date().toISOString(),
      })
      .execute();
    const path = localizePath('workgroups.show', 'en', { slug: closed.slug });
    // what the server sends, whoever asks: no wall
    expect((await html(path)).text).not.toContain('class="wall-text"');

    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'regular@demo.test');
    await gotoSettled(page, `${server.url}${path}`);
    await expect.poll(() => page.locator('.wall-text').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a signed-in member gets the member view after hydration (the server sent the anonymous one)', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 360, height: 800 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    const path = localizePath('jobs.show', 'en', { slug: job.slug });
    await gotoSettled(page, `${server.url}${path}`);
    await expect.poll(() => page.getByTestId('locked-cta').count(), { timeout: 30_000 }).toBe(0);
    await expect
      .poll(() => page.locator('.job-description').textContent())
      .toContain(unlockedForBold.description.slice(0, 40));
    expect(errors).toEqual([]);
    await page.screenshot({ path: '/tmp/b3-ssr-member-job-360.png', fullPage: true });
    await context.close();
  });
});
