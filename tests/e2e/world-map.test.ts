/**
 * The alumni map on the community page (issue 10 §3): the world drawn from world-atlas (50m) after hydration,
 * a marker per country with members, tooltips by mouse and keyboard, the list with the API's figures, a notice
 * when the geometry cannot be loaded, a phone's width, and a first visit that stays light (the geometry is
 * neither in the HTML nor asked for before the scripts run).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer, gotoSettled, settle } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

interface Country {
  hash: string;
  name: string;
  num_users: number;
  lat: number;
  lng: number;
}

const countriesIn = async (lng: 'es' | 'en' | 'ca'): Promise<Country[]> => {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/countries?with_users=true',
    headers: { apikey: server.app.config.apiKey, language: lng },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as Country[]).filter((c) => c.num_users > 0);
};

let countries: Country[];
beforeAll(async () => {
  // two members in Andorra (this test's own database): a small country of crowded Europe must have its shape
  // and a marker that can be reached
  const db = server.app.db;
  const spaniards = await db
    .selectFrom('users')
    .select('hash')
    .where('status', '=', 'VALIDATED')
    .where('is_appear_by_user', '=', 1)
    .where('country_code', '=', 'ES')
    .orderBy('hash')
    .limit(2)
    .execute();
  expect(spaniards.length).toBe(2);
  await db
    .updateTable('users')
    .set({ country_code: 'AD' })
    .where('hash', 'in', [spaniards[0]!.hash, spaniards[1]!.hash])
    .execute();
  countries = await countriesIn('en');
  // the seed has members in Spain and abroad: the test means something only with several countries
  expect(countries.length).toBeGreaterThan(5);
  expect(countries.find((c) => c.hash === 'AD')?.num_users).toBe(2);
});

const community = (lng: 'es' | 'en' | 'ca') => localizePath('community', lng);
const GEOMETRY = /countries-50m[^/]*\.json$/;

async function open(width: number, lng: 'es' | 'en' | 'ca' = 'en', before?: (page: Page) => Promise<void>) {
  const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
  const { page, errors } = await newPage(context);
  if (before) await before(page);
  await gotoSettled(page, `${server.url}${community(lng)}`);
  return { context, page, errors };
}

/** Scrolls to the map (it is loaded when its box nears the screen) and waits until it is drawn. */
const drawn = async (page: Page) => {
  await page.locator('.world-map-frame').scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => document.querySelectorAll('svg.world-map-svg path.map-country').length > 150,
    undefined,
    { timeout: 15000 },
  );
};
/** The map under the sticky header, as a visitor scrolls to it. */
async function shot(page: Page, path: string) {
  await page.evaluate(() =>
    window.scrollTo(0, document.querySelector('.world-map')!.getBoundingClientRect().top + window.scrollY - 120),
  );
  await page.screenshot({ path });
}
const label = (c: Country) => `${c.name}: ${c.num_users} ${c.num_users === 1 ? 'member' : 'members'}`;

describe('the server-rendered page', () => {
  it('has the list with the API figures and a box for the map, but not the geometry', async () => {
    const res = await fetch(`${server.url}${community('en')}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('class="world-map-frame"');
    for (const c of countries) expect(html).toContain(`data-country="${c.hash}"`);
    expect(html).not.toMatch(/countries-50m/);
    expect(html).not.toContain('"arcs"');
    expect(html).not.toContain('class="map-country');
  });

  it('asks for no geometry without scripts, and the list is there', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await gotoSettled(page, `${server.url}${community('en')}`);
    expect(await page.locator('.map-list li').count()).toBe(countries.length);
    expect(requested.filter((url) => GEOMETRY.test(url) || /WorldMapSvg/.test(url))).toEqual([]);
    await context.close();
  });
});

describe('in Chromium', () => {
  it('draws the countries and one marker per country with members, with the API figures in the list; first-visit JS ≤ 200 KiB gz', async () => {
    let scriptsGz = 0;
    const scripts: Promise<void>[] = [];
    const geometry: string[] = [];
    const { context, page, errors } = await open(1400, 'en', async (p) => {
      // layout shifts of the whole visit: the box reserved by the server keeps the map's arrival from moving anything
      await p.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) w.__cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      p.on('response', (response) => {
        if (GEOMETRY.test(response.url()))
          geometry.push(`${response.status()} ${response.headers()['content-encoding']}`);
        if (response.request().resourceType() !== 'script') return;
        scripts.push(
          response.body().then(
            (body) => void (scriptsGz += gzipSync(body, { level: 9 }).length),
            () => undefined,
          ),
        );
      });
    });
    await drawn(page);
    await settle(page);
    await Promise.all(scripts);
    // the drawing code is loaded after hydration, with the geometry: still within the budget (issue 9 §4)
    console.info(`/en/community: ${(scriptsGz / 1024).toFixed(1)} KiB of JS gzipped, geometry ${geometry.join(', ')}`);
    expect(scriptsGz / 1024, 'first-visit JS, KiB gzipped').toBeLessThan(200);
    // one request, compressed (756 KB of JSON, ~240 KB in brotli or gzip)
    expect(geometry).toEqual([expect.stringMatching(/^200 (br|gzip)$/)]);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    console.info(`/en/community: CLS ${cls.toFixed(4)}`);
    expect(cls, 'cumulative layout shift').toBeLessThanOrEqual(0.1);

    expect(await page.locator('svg.world-map-svg path.map-country').count()).toBeGreaterThan(150);
    const markers = page.locator('svg.world-map-svg .map-marker');
    expect(await markers.count()).toBe(countries.length);
    for (const c of countries) {
      await expect
        .poll(() => page.locator(`.map-marker[data-country="${c.hash}"]`).getAttribute('aria-label'))
        .toBe(label(c));
    }
    // countries with members are shaded, small ones too (50m shapes: Andorra and Singapore exist)
    for (const code of ['ES', 'AD', 'SG'])
      expect(await page.locator(`svg.world-map-svg path.map-country-with[data-country="${code}"]`).count(), code).toBe(
        1,
      );
    expect(await page.locator('svg.world-map-svg path.map-country-with').count()).toBeGreaterThanOrEqual(
      countries.length - 2,
    );

    // the list: every country, most members first, the same figures as the API
    const rows = await page
      .locator('.map-list li')
      .evaluateAll((items) =>
        items.map((li) => [
          li.querySelector('.map-list-name')!.textContent,
          Number(li.querySelector('.map-list-count')!.textContent),
        ]),
      );
    const expected = [...countries]
      .sort((a, b) => b.num_users - a.num_users || a.name.localeCompare(b.name, 'en'))
      .map((c) => [c.name, c.num_users]);
    expect(rows).toEqual(expected);

    const axe = await new AxeBuilder({ page }).include('.world-map').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    expect(errors).toEqual([]);
    await shot(page, '/tmp/d-map-en-1400.png');
    await page.screenshot({ path: '/tmp/d-page-en-1400.png', fullPage: true });
    await context.close();
  });

  it('a marker is reached with Tab and shows its tooltip; Escape hides it, Enter shows it again; the mouse shows it too', async () => {
    const { context, page, errors } = await open(1400);
    await drawn(page);
    let reached = false;
    for (let i = 0; i < 80 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.classList.contains('map-marker') ?? false);
    }
    expect(reached, 'Tab reaches a marker').toBe(true);
    const first = [...countries].sort((a, b) => b.num_users - a.num_users || a.name.localeCompare(b.name, 'en'))[0]!;
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-country'))).toBe(first.hash);
    const tooltip = page.locator('.map-tooltip[role="tooltip"]');
    await expect.poll(() => tooltip.textContent()).toBe(label(first));
    expect(await tooltip.isVisible()).toBe(true);
    await shot(page, '/tmp/d-map-en-focus.png');

    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => tooltip.textContent()).toBe(label(first));
    await page.keyboard.press('Tab');
    const second = await page.evaluate(() => document.activeElement?.getAttribute('data-country'));
    expect(second).not.toBe(first.hash);
    await expect.poll(() => tooltip.textContent()).toBe(label(countries.find((c) => c.hash === second)!));

    // the mouse
    await page.mouse.click(5, 5);
    const other =
      countries.find((c) => c.hash !== first.hash && c.hash === 'US') ?? countries.find((c) => c.hash !== first.hash)!;
    await page.locator(`.map-marker[data-country="${other.hash}"] .map-dot`).hover({ force: true });
    await expect.poll(() => tooltip.textContent()).toBe(label(other));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Europe zooms in: Spain, France and Portugal stay apart, America leaves the view', async () => {
    const { context, page } = await open(1400);
    await drawn(page);
    const box = async (code: string) => page.locator(`.map-marker[data-country="${code}"] .map-dot`).boundingBox();
    const worldSpain = await box('ES');
    await page.getByRole('button', { name: 'Europe' }).click();
    await expect.poll(() => page.locator('svg.world-map-svg').getAttribute('data-view')).toBe('europe');
    expect(await page.getByRole('button', { name: 'Europe' }).getAttribute('aria-pressed')).toBe('true');
    const [spain, france, portugal] = [await box('ES'), await box('FR'), await box('PT')];
    expect(spain && france && portugal && worldSpain).toBeTruthy();
    // the same country sits elsewhere on a larger Europe
    expect(Math.abs(spain!.x - worldSpain!.x) + Math.abs(spain!.y - worldSpain!.y)).toBeGreaterThan(50);
    const centre = (b: { x: number; y: number; width: number; height: number }) =>
      [b.x + b.width / 2, b.y + b.height / 2] as const;
    const apart = (a: typeof spain, b: typeof spain) =>
      Math.hypot(centre(a!)[0] - centre(b!)[0], centre(a!)[1] - centre(b!)[1]);
    expect(apart(spain, france)).toBeGreaterThan(60);
    expect(apart(spain, portugal)).toBeGreaterThan(40);
    if (countries.some((c) => c.hash === 'US'))
      expect(await page.locator('.map-marker[data-country="US"]').count()).toBe(0);
    // Andorra: its own shape, shaded, and a marker apart from Spain's and France's that the mouse reaches
    expect(await page.locator('svg.world-map-svg path.map-country-with[data-country="AD"]').count()).toBe(1);
    const andorra = await box('AD');
    expect(apart(andorra, france)).toBeGreaterThan(30);
    // (hover checks that nothing covers Andorra's marker at its centre)
    await page.locator('.map-marker[data-country="AD"] .map-dot').hover();
    await expect.poll(() => page.locator('.map-tooltip').textContent()).toBe('Andorra: 2 members');
    await shot(page, '/tmp/d-map-en-europe.png');
    await page.getByRole('button', { name: 'World' }).click();
    await expect.poll(() => page.locator('.map-marker').count()).toBe(countries.length);
    await context.close();
  });

  it('switching to Catalan on the page names the countries in Catalan on the map and in the list, without loading the map again', async () => {
    const ca = await countriesIn('ca');
    const geometry: string[] = [];
    const { context, page, errors } = await open(1400, 'en', async (p) => {
      p.on('request', (request) => {
        if (GEOMETRY.test(request.url())) geometry.push(request.url());
      });
    });
    await drawn(page);
    expect(geometry).toHaveLength(1);
    await page.evaluate(() => ((window as unknown as { kept: number }).kept = 1));
    await page.getByTestId('lang-switcher').click();
    await page.getByTestId('lang-ca').click();
    await page.waitForURL(new RegExp(`${community('ca')}$`));
    await drawn(page);
    const spain = ca.find((c) => c.hash === 'ES')!;
    expect(spain.name).toBe('Espanya');
    await expect
      .poll(() => page.locator('.map-marker[data-country="ES"]').getAttribute('aria-label'))
      .toBe(`Espanya: ${spain.num_users} membres`);
    await expect
      .poll(() => page.locator('.map-list li[data-country="ES"] .map-list-name').textContent())
      .toBe('Espanya');
    expect(await page.getByRole('button', { name: 'Europa' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1); // the same document
    expect(geometry).toHaveLength(1); // the drawing stays loaded: not asked for again
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, the map is loaded only when the visitor scrolls near it', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 360, height: 640 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await gotoSettled(page, `${server.url}${community('en')}`);
    const top = await page.locator('.world-map-frame').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(640 + 200);
    await page.waitForTimeout(300);
    expect(requested.filter((url) => GEOMETRY.test(url) || /WorldMapSvg/.test(url))).toEqual([]);
    // while it loads, the box says so (the geometry held back a little to see it)
    await page.route(GEOMETRY, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.locator('.world-map-frame').scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.locator('.world-map-frame[aria-busy="true"] .world-map-loading').isVisible())
      .toBe(true);
    await shot(page, '/tmp/d-map-en-360-loading.png');
    await drawn(page);
    expect(await page.locator('.world-map-frame').getAttribute('aria-busy')).toBe('false');
    expect(requested.filter((url) => GEOMETRY.test(url))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('when the geometry cannot be loaded, says so and keeps the list', async () => {
    const { context, page, errors } = await open(
      1400,
      'en',
      async (p) => void (await p.route(GEOMETRY, (route) => route.abort())),
    );
    await page.locator('.world-map figcaption').scrollIntoViewIfNeeded();
    const notice = page.locator('.world-map .alert');
    await expect.poll(() => notice.textContent()).toContain('The map could not be loaded');
    expect(await page.locator('.map-list li').count()).toBe(countries.length);
    expect(await page.locator('svg.world-map-svg').count()).toBe(0);
    expect(errors.filter((e) => !/Failed to load resource|ERR_FAILED/.test(e))).toEqual([]);
    await shot(page, '/tmp/d-map-en-failed.png');
    await context.close();
  });
});

describe.each([['en'], ['ca']] as const)('at 360 px and 1400 px in %s', (lng) => {
  it('fits a phone without horizontal scrolling, markers are tappable, and tooltips are in the language', async () => {
    const local = await countriesIn(lng);
    const { context, page, errors } = await open(360, lng);
    await drawn(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const svg = await page.locator('svg.world-map-svg').boundingBox();
    expect(svg!.x).toBeGreaterThanOrEqual(0);
    expect(svg!.x + svg!.width).toBeLessThanOrEqual(360);
    expect(await page.locator('.map-marker').count()).toBe(local.length);
    // every marker offers at least a 24 px target to a finger
    const hits = await page
      .locator('.map-marker .map-hit')
      .evaluateAll((circles) => circles.map((c) => c.getBoundingClientRect().width));
    expect(Math.min(...hits)).toBeGreaterThanOrEqual(23.5);
    const top = [...local].sort((a, b) => b.num_users - a.num_users)[0]!;
    await page.locator(`.map-marker[data-country="${top.hash}"]`).focus();
    const tooltip = page.locator('.map-tooltip');
    const word =
      lng === 'ca' ? (top.num_users === 1 ? 'membre' : 'membres') : top.num_users === 1 ? 'member' : 'members';
    await expect.poll(() => tooltip.textContent()).toBe(`${top.name}: ${top.num_users} ${word}`);
    const tip = await tooltip.boundingBox();
    expect(tip!.x).toBeGreaterThanOrEqual(0);
    expect(tip!.x + tip!.width).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await shot(page, `/tmp/d-map-${lng}-360.png`);
    await page.screenshot({ path: `/tmp/d-page-${lng}-360.png`, fullPage: true });
    await page.getByRole('button', { name: lng === 'ca' ? 'Europa' : 'Europe' }).click();
    await shot(page, `/tmp/d-map-${lng}-360-europe.png`);
    await context.close();

    // a finger: tapping Andorra's marker (between Spain and France) shows its figures, tapping elsewhere hides them
    const phone = await withCookieChoice(
      await browser.newContext({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true }),
      server.url,
    );
    const touch = await newPage(phone);
    await gotoSettled(touch.page, `${server.url}${community(lng)}`);
    await drawn(touch.page);
    await touch.page.getByRole('button', { name: lng === 'ca' ? 'Europa' : 'Europe' }).tap();
    await expect.poll(() => touch.page.locator('svg.world-map-svg').getAttribute('data-view')).toBe('europe');
    const andorra = local.find((c) => c.hash === 'AD')!;
    await touch.page.locator('.map-marker[data-country="AD"] .map-dot').tap();
    await expect
      .poll(() => touch.page.locator('.map-tooltip').textContent())
      .toBe(`${andorra.name}: 2 ${lng === 'ca' ? 'membres' : 'members'}`);
    await shot(touch.page, `/tmp/d-map-${lng}-360-tap.png`);
    await touch.page.locator('.map-list-title').tap();
    await expect.poll(() => touch.page.locator('.map-tooltip').count()).toBe(0);
    expect(touch.errors).toEqual([]);
    await phone.close();

    const wide = await open(1400, lng);
    await drawn(wide.page);
    await shot(wide.page, `/tmp/d-map-${lng}-1400.png`);
    expect(wide.errors).toEqual([]);
    await wide.context.close();
  });
});
