/**
 * Issue 25 §1: every page of the member area passes axe (WCAG 2.2 AA, serious and critical, colour contrast included,
 * text on gradients measured by tests/helpers/axe.ts) in es, en and ca at 390 and 1400 px. The entry pages (sign-in,
 * joining, recovering) are checked signed out, the rest signed in as a Bold member (every member page is open to
 * Bold; the profile's six tabs each count as a page). Every page in every language, and at both widths: Spanish and
 * Catalan at 390 px, English at 1400 px (tests/helpers/axe.ts AREA_RUNS; all six pairings took about 11 minutes for this
 * area alone on the 2-core machine). One context and one page per run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Locale } from '../../../src/shared/constants';
import { localizePath, ROUTES } from '../../../src/shared/routes';
import { API_KEY } from '../../helpers/app';
import { axeOnPages, type AreaRun } from '../../helpers/axe';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../../helpers/browser';

let server: LiveServer;
let browser: Browser;

const EMAIL = 'bold@demo.test';
const PROFILE_TABS = ['academic', 'professional', 'files', 'membership', 'account'];
const routes = ROUTES.filter((route) => route.area === 'user' && route.name !== 'user.logout');
const entry = routes.filter((route) => route.guard === 'notAuthenticated');
const signedIn = routes.filter((route) => route.guard !== 'notAuthenticated');
const sample: Record<string, string> = {};

/**
 * The file's own server and sample data, then the checks of `runs`: one language and width per file
 * (member-area-axe-es/en/ca.test.ts), so two browser workers share the area's minutes.
 */
export function memberAreaAxe(runs: AreaRun[]): void {
  onBrowserSuite((live) => ({ server, browser } = live));
  beforeAll(makeSamples);
  describe('the member area passes axe (WCAG 2.2 AA)', () => {
    it.each(runs)('in $lng at $width px', checkRun);
  });
}

async function makeSamples() {
  const headers = { apiKey: API_KEY, 'content-type': 'application/json' };
  const login = await server.app.inject({
    method: 'POST',
    url: '/usr/login',
    headers,
    payload: { email: EMAIL, password: 'demo-password', deviceId: 'memberaxe00000001', deviceType: 2, push: null },
  });
  expect(login.statusCode, login.body).toBe(200);
  const auth = { ...headers, token: login.json().token, deviceId: 'memberaxe00000001' };
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
  const bold = await server.app.db
    .selectFrom('users')
    .select('hash')
    .where('email', '=', EMAIL)
    .executeTakeFirstOrThrow();
  const group = await server.app.db
    .selectFrom('workgroups')
    .select('hash')
    .where('admin_hash', '=', bold.hash)
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();
  const gratis = await server.app.db
    .selectFrom('users')
    .select('hash')
    .where('email', '=', 'gratis@demo.test')
    .executeTakeFirstOrThrow();
  const message = await server.app.inject({
    method: 'POST',
    url: '/usr/messages',
    headers: auth,
    payload: { to: gratis.hash, to_type: 'user', text: 'Hello from the axe test, see https://example.org.' },
  });
  expect(message.statusCode, message.body).toBe(200);
  Object.assign(sample, {
    messages: message.json().conversation.hash,
    portfolio: portfolio.json().hash,
    experience: experience.json().hash,
    workgroup: group.hash,
  });
}

function memberPaths(lng: Locale): string[] {
  const paths = signedIn.map((route) => {
    const kind = route.name.split('.')[1] ?? '';
    const hash = {
      portfolios: sample['portfolio'],
      experiences: sample['experience'],
      workgroups: sample['workgroup'],
      messages: sample['messages'],
    }[kind];
    return localizePath(route.name, lng, route.path.includes(':hash') ? { hash: hash! } : {});
  });
  const profile = localizePath('user.profile', lng);
  return [...paths, ...PROFILE_TABS.map((tab) => `${profile}?tab=${tab}`)];
}

async function checkRun({ lng, width }: AreaRun) {
  expect(entry.length).toBe(4); // sign-in, registration, recovery, an imported member's invitation
  expect(signedIn.length).toBeGreaterThanOrEqual(20);
  const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
  const { page, errors } = await newPage(context);
  const failures = await axeOnPages(
    page,
    server.url,
    entry.map((route) => localizePath(route.name, lng)),
    `@${width}`,
  );
  await signInAt(page, server.url, EMAIL, { lng });
  failures.push(...(await axeOnPages(page, server.url, memberPaths(lng), `@${width}`)));
  await context.close();
  expect(failures).toEqual([]);
  expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
}
