/**
 * Issue 10 §2 in the browser: coded values (working day, workstation, area, specialty, group typology and type) and
 * country names read in the page's language — no Spanish label on /en or /ca, no raw code, no "ES" for Spain —
 * and a public list link with filters the API refuses falls back to the whole list with a notice.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';
import { JOB_WORKING, JOB_WORKSTATION, WORKGROUP_TYPOLOGIES } from '../../src/shared/codes';
import { webTexts } from '../helpers/webTexts';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

const load = async (lng: string) => webTexts(lng);
/** Labels the old data held and that read only in Spanish (Catalan shares "Jornada completa", "Presencial"…). */
const SPANISH_ONLY = [
  'Media jornada',
  'Horario flexible',
  'Híbrido',
  'En remoto',
  'Oficina técnica',
  'Temático',
  'Técnico',
  'Emprendimiento',
  'Comunidad',
  'Promoción',
  'Diseño',
  'Ingeniería',
  'Producción',
  'España',
];
const RAW_CODES = [...JOB_WORKING, ...JOB_WORKSTATION, ...WORKGROUP_TYPOLOGIES];

async function context(width: number): Promise<BrowserContext> {
  return withCookieChoice(await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' }), server.url);
}

async function shoot(page: Page, name: string) {
  for (const width of [360, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `/tmp/c-${name}-${width}.png`, fullPage: width === 360 ? false : true });
  }
}

function withoutSpanish(text: string, allowed: string[] = []) {
  return SPANISH_ONLY.filter(
    (label) => !allowed.includes(label) && new RegExp(`(^|[^\\p{L}])${label}([^\\p{L}]|$)`, 'u').test(text),
  );
}

function rawCodes(text: string) {
  return RAW_CODES.filter((code) => new RegExp(`\\b${code}\\b`).test(text));
}

describe('coded values and countries in the page language', () => {
  it('/en/jobs/{slug} shows the working day, area and specialty in English', async () => {
    const db = server.app.db;
    const row = await db
      .selectFrom('jobs')
      .select(['slug', 'title', 'working', 'area', 'specialty'])
      .where('status', '=', 'PUBLISHED')
      .where('working', 'in', ['PART_TIME', 'FLEXIBLE', 'INTENSIVE'])
      .where('area', 'is not', null)
      .where('specialty', 'is not', null)
      .executeTakeFirstOrThrow();
    const [area, specialty] = await Promise.all(
      [row.area, row.specialty].map((hash) =>
        db.selectFrom('tags').select(['title_en', 'title_es']).where('hash', '=', hash!).executeTakeFirstOrThrow(),
      ),
    );
    const en = await load('en');
    const ctx = await context(1400);
    const { page, errors } = await newPage(ctx);
    await page.goto(`${server.url}/en/jobs/${row.slug}`);
    await page.locator('h1').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain(en[`jobs.working.${row.working}`]);
    expect(text).toContain(area!.title_en);
    expect(text).toContain(specialty!.title_en);
    expect(
      withoutSpanish(
        text,
        [area!.title_es, specialty!.title_es].filter((t) => t === area!.title_en || t === specialty!.title_en),
      ),
    ).toEqual([]);
    expect(rawCodes(text)).toEqual([]);
    await shoot(page, 'job-en');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a Bold member reads the workstation of an offer in English', async () => {
    const row = await server.app.db
      .selectFrom('jobs')
      .select(['slug', 'workstation'])
      .where('status', '=', 'PUBLISHED')
      .where('workstation', 'in', ['HYBRID', 'ON_SITE'])
      .executeTakeFirstOrThrow();
    const [en, es] = [await load('en'), await load('es')];
    const ctx = await context(1400);
    const { page, errors } = await newPage(ctx);
    await signInAt(page, server.url, 'bold@demo.test');
    await page.goto(`${server.url}/en/jobs/${row.slug}`);
    await page.locator('h1').waitFor();
    await page.getByText(en[`jobs.workstation.${row.workstation}`]!, { exact: true }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(es[`jobs.workstation.${row.workstation}`]!);
    expect(rawCodes(text)).toEqual([]);
    await shoot(page, 'job-bold-en');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('/ca/treball shows working days in Catalan on the cards, no raw code, no Spanish label', async () => {
    const ca = await load('ca');
    const ctx = await context(1400);
    const { page, errors } = await newPage(ctx);
    await page.goto(`${server.url}/ca/treball`);
    await page.getByTestId('job-card').first().waitFor();
    const cards = await page.getByTestId('job-card').allInnerTexts();
    const workingLabels = JOB_WORKING.map((code) => ca[`jobs.working.${code}`]!);
    expect(cards.filter((card) => workingLabels.some((label) => card.includes(label))).length).toBeGreaterThan(0);
    const text = await page.locator('main').innerText();
    expect(withoutSpanish(text)).toEqual([]);
    expect(rawCodes(text)).toEqual([]);
    await shoot(page, 'jobs-ca');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('a group page on /en shows its typology and type in English', async () => {
    const group = await server.app.db
      .selectFrom('workgroups')
      .select(['slug', 'typology', 'type'])
      .where('status', '=', 'PUBLISHED')
      .where('type', '=', 'PUBLIC')
      .where('typology', 'is not', null)
      .executeTakeFirstOrThrow();
    const en = await load('en');
    const ctx = await context(1400);
    const { page, errors } = await newPage(ctx);
    await page.goto(`${server.url}/en/workgroups/${group.slug}`);
    await page.locator('h1').waitFor();
    expect(await page.getByTestId('typology').innerText()).toBe(en[`workgroups.typology.${group.typology}`]);
    const text = await page.locator('main').innerText();
    expect(text).toContain(en['workgroups.type.PUBLIC']);
    expect(rawCodes(text)).toEqual([]);
    expect(text).not.toMatch(/\bPUBLIC\b|\bPRIVATE\b/);
    await shoot(page, 'group-en');
    // the list's cards too
    await page.goto(`${server.url}/en/workgroups`);
    await page.getByTestId('workgroup-card').first().waitFor();
    const typologies = await page.getByTestId('typology').allInnerTexts();
    expect(typologies.length).toBeGreaterThan(0);
    for (const label of typologies)
      expect(WORKGROUP_TYPOLOGIES.map((code) => en[`workgroups.typology.${code}`])).toContain(label);
    expect(withoutSpanish(await page.locator('main').innerText(), ['Diseño'])).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('/en/community/directory names countries (Spain, not ES), and so does a member page', async () => {
    const ctx = await context(1400);
    const { page, errors } = await newPage(ctx);
    await page.goto(`${server.url}/en/community/directory`);
    await page.getByTestId('directory-card').first().waitFor();
    const countries = await page.getByTestId('country').allInnerTexts();
    expect(countries.length).toBeGreaterThan(0);
    for (const name of countries) expect(name, name).not.toMatch(/^[A-Z]{2}$/);
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/(^|\s)ES(\s|$)/);
    await shoot(page, 'directory-en');
    const member = await server.app.db
      .selectFrom('users')
      .select('hash')
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_user', '=', 1)
      .where('country_code', '=', 'ES')
      .executeTakeFirstOrThrow();
    await page.goto(`${server.url}/en/community/directory/${member.hash}`);
    await page.locator('h1').waitFor();
    const detail = await page.locator('main').innerText();
    expect(detail).toContain('Spain');
    expect(detail).not.toMatch(/(^|\s)ES(\s|$)/);
    await page.goto(`${server.url}/ca/comunitat/directori/${member.hash}`);
    await page.locator('h1').waitFor();
    expect(await page.locator('main').innerText()).toContain('Espanya');
    await shoot(page, 'member-ca');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('a malformed filter link', () => {
  it('falls back to the unfiltered list with a notice', async () => {
    const ctx = await context(1400);
    const { page } = await newPage(ctx);
    const total = (
      await (await fetch(`${server.url}/api/jobs`, { headers: { apiKey: 'alumni-web-key', language: 'en' } })).json()
    ).total as number;
    for (const query of ['contract=NOPE', 'page=abc', 'contract=%ZZ&page=2']) {
      await page.goto(`${server.url}/en/jobs?${query}`);
      await page.getByTestId('bad-filter').waitFor();
      await page.getByTestId('job-card').first().waitFor();
      expect(new URL(page.url()).search, query).toBe('');
      expect(await page.locator('.list-count').innerText(), query).toContain(String(total));
      expect(await page.locator('form.filters').innerText(), query).not.toMatch(/NOPE|%ZZ|abc/);
    }
    await shoot(page, 'bad-filter-en');
    // a parameter the page does not filter by is ignored (no notice) and a good link shows none
    const res = await page.goto(`${server.url}/en/jobs?working=%ZZ`);
    expect(res?.status()).toBe(200);
    await page.getByTestId('job-card').first().waitFor();
    await page.goto(`${server.url}/en/jobs?contract=FREELANCE`);
    await page.getByTestId('job-card').first().waitFor();
    expect(await page.getByTestId('bad-filter').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('contract')).toBe('FREELANCE');
    // the directory and the groups too
    await page.goto(`${server.url}/en/community/directory?graduation_year=soon`);
    await page.getByTestId('bad-filter').waitFor();
    await page.getByTestId('directory-card').first().waitFor();
    await page.goto(`${server.url}/en/workgroups?type=SECRET`);
    await page.getByTestId('bad-filter').waitFor();
    await page.getByTestId('workgroup-card').first().waitFor();
    await ctx.close();
  });
});
