/**
 * Every page of the member area that issue 8 delivers (SPEC §2's /user/* but the card and the group pages)
 * as Regular, Bold and GRATIS in es, en and ca: it is a real page (a heading, not "coming soon", not an
 * error), logs no console error, and fits a 360 px phone. Screenshots at 360 and 1400 px go to
 * SCREENSHOT_DIR when set. The member's own project and experience are made first through the API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOCALES, type Locale } from '../../../src/shared/constants';
import { localizePath, ROUTES } from '../../../src/shared/routes';
import { API_KEY } from '../../helpers/app';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../../helpers/browser';

let server: LiveServer;
let browser: Browser;
const SHOTS = process.env['SCREENSHOT_DIR'];
const MEMBERS = { REGULAR: 'regular@demo.test', BOLD: 'bold@demo.test', GRATIS: 'gratis@demo.test' } as const;
/** Later issues: the card (membership) and the groups a member runs (working groups). */
const LATER = new Set([
  'user.card',
  'user.workgroups',
  'user.workgroups.new',
  'user.workgroups.show',
  'user.workgroups.edit',
]);
/** Not member pages: signing in, joining, recovering and out. */
const ENTRY = new Set(['user', 'user.login', 'user.register', 'user.recovery', 'user.invitation', 'user.logout']);
const PAGES = ROUTES.filter((route) => route.area === 'user' && !LATER.has(route.name) && !ENTRY.has(route.name));
const own: Record<string, { portfolio: string; experience: string; conversation: string }> = {};

/**
 * The file's own server and each member's own project, experience and conversation, then the runs of `role`: one
 * role per file (member-pages-regular/bold/gratis.test.ts), so two browser workers share the minutes.
 */
export function memberPages(role: keyof typeof MEMBERS): void {
  onBrowserSuite((live) => ({ server, browser } = live));
  beforeAll(makeOwnData);
  describe('the member area', () => {
    it.each(RUNS.filter((run) => run.role === role))(
      'as $role in $lng: every page is a real page that fits the screen',
      checkRun,
    );
  });
}

async function makeOwnData() {
  for (const email of Object.values(MEMBERS)) {
    const headers = { apiKey: API_KEY, 'content-type': 'application/json' };
    const login = await server.app.inject({
      method: 'POST',
      url: '/usr/login',
      headers,
      payload: { email, password: 'demo-password', deviceId: 'memberpages0001', deviceType: 2, push: null },
    });
    expect(login.statusCode, login.body).toBe(200);
    const auth = { ...headers, token: login.json().token, deviceId: 'memberpages0001' };
    const portfolio = await server.app.inject({
      method: 'POST',
      url: '/usr/portfolios',
      headers: auth,
      payload: {
        name: 'Chair for a small flat',
        date: '12/03/2024',
        content: 'Plywood, one sheet.',
        links: [],
        status: 'PUBLISHED',
      },
    });
    expect(portfolio.statusCode, portfolio.body).toBe(201);
    const experience = await server.app.inject({
      method: 'POST',
      url: '/usr/workExperiences',
      headers: auth,
      payload: {
        name: 'Product designer',
        contract: 'INDEFINITE',
        company_name: 'Estudio Demo SL',
        start: '01/09/2022',
        location: 'Barcelona',
        content: 'Furniture and lighting.',
      },
    });
    expect(experience.statusCode, experience.body).toBe(201);
    // a conversation of theirs (issue 29), with a member who accepts messages
    const to = await server.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', email === MEMBERS.GRATIS ? MEMBERS.BOLD : MEMBERS.GRATIS)
      .executeTakeFirstOrThrow();
    const message = await server.app.inject({
      method: 'POST',
      url: '/usr/messages',
      headers: auth,
      payload: { to: to.hash, to_type: 'user', text: 'Hello from the member pages test.' },
    });
    expect(message.statusCode, message.body).toBe(200);
    own[email] = {
      portfolio: portfolio.json().hash,
      experience: experience.json().hash,
      conversation: message.json().conversation.hash,
    };
  }
}

/** Opens a member page; a GRATIS member without an IBAN is first sent to the IBAN page once per session (SPEC §5). */
async function open(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  const ibanPrompt = page.getByTestId('guard-continue');
  await page
    .locator('#main h1, [data-testid="guard-continue"]')
    .first()
    .waitFor()
    .catch(async (error: Error) => {
      await page.screenshot({ path: '/tmp/shots/member-pages-failed.png' });
      throw new Error(`${path}: ${error.message}`);
    });
  // the IBAN page's heading can come before its notice (the page renders while the identity loads): the address
  // tells whether the guard sent us there, and then its "continue" must appear
  if ((await ibanPrompt.isVisible()) || new URL(page.url()).pathname !== path) {
    await ibanPrompt.click();
    await page.waitForURL((url) => url.pathname === path);
  }
  await page.locator('#main h1').first().waitFor();
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
}

/** Every role in every language on a wide screen; the phone width in every language for Bold (the fullest menus). */
const RUNS = Object.entries(MEMBERS).flatMap(([role, email]) =>
  (LOCALES as readonly Locale[]).map((lng) => ({ role, email, lng, widths: role === 'BOLD' ? [1400, 360] : [1400] })),
);

async function checkRun({ role, email, lng, widths }: (typeof RUNS)[number]) {
  expect(PAGES.length).toBeGreaterThanOrEqual(12);
  for (const width of widths) {
    const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, email, { lng });
    for (const route of PAGES) {
      const params = route.path.includes(':hash')
        ? {
            hash: route.name.startsWith('user.portfolios')
              ? own[email]!.portfolio
              : route.name.startsWith('user.messages')
                ? own[email]!.conversation
                : own[email]!.experience,
          }
        : {};
      const path = localizePath(route.name, lng, params);
      await open(page, path);
      expect(new URL(page.url()).pathname, `${role} ${route.name}`).toBe(path);
      expect(await page.locator('.status-panel').count(), `${role} ${route.name} shows a status page`).toBe(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${role} ${route.name} at ${width} px`).toBeLessThanOrEqual(0);
      if (SHOTS && role === 'BOLD')
        await page.screenshot({ path: `${SHOTS}/member-${lng}-${route.name}-${width}.png`, fullPage: true });
    }
    expect(
      errors.filter((error) => !/status of 4\d\d/.test(error)),
      `${role} ${lng} ${width}`,
    ).toEqual([]);
    await context.close();
  }
}
