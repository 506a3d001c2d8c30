/**
 * Issue 25 §1: every page of the company area passes axe (WCAG 2.2 AA, serious and critical, colour contrast included)
 * in es, en and ca at 390 and 1400 px (tests/helpers/axe.ts AREA_RUNS). The entry pages (sign-in, registering,
 * recovering) are checked signed out, the rest signed in as the demo company, on one of its published offers with
 * candidates (its page, edit form, candidates and closing survey).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'kysely';
import { localizePath, ROUTES } from '../../../src/shared/routes';
import { axeOnPages, type AreaRun } from '../../helpers/axe';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../../helpers/browser';
import { API_KEY } from '../../helpers/app';

let server: LiveServer;
let browser: Browser;

const routes = ROUTES.filter((route) => route.area === 'company' && route.name !== 'company.logout');
const entry = routes.filter((route) => route.guard === 'notAuthenticated');
const signedIn = routes.filter((route) => route.guard !== 'notAuthenticated');
let offer = '';
let conversation = '';

/**
 * The file's own server and sample data, then the checks of `runs`: one language and width per file
 * (company-area-axe-es/en/ca.test.ts), so two browser workers share the area's minutes.
 */
export function companyAreaAxe(runs: AreaRun[]): void {
  onBrowserSuite((live) => ({ server, browser } = live));
  beforeAll(makeSamples);
  describe('the company area passes axe (WCAG 2.2 AA)', () => {
    it.each(runs)('in $lng at $width px', checkRun);
  });
}

async function makeSamples() {
  const db = server.app.db;
  const company = await db
    .selectFrom('companies')
    .select('hash')
    .where('email', '=', 'company@demo.test')
    .executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('jobs')
    .select('jobs.hash')
    .where('jobs.company_hash', '=', company.hash)
    .where('jobs.status', '=', 'PUBLISHED')
    .where(sql<boolean>`exists (select 1 from applicants where applicants.job_hash = jobs.hash)`)
    .executeTakeFirstOrThrow();
  offer = row.hash;
  // a conversation of the company's (issue 29), opened by its messages' thread page
  const application = await db
    .selectFrom('applicants')
    .select('hash')
    .where('job_hash', '=', offer)
    .executeTakeFirstOrThrow();
  const login = await server.app.inject({
    method: 'POST',
    url: '/com/login',
    headers: { apiKey: API_KEY, 'content-type': 'application/json' },
    payload: {
      email: 'company@demo.test',
      password: 'demo-password',
      deviceId: 'companyaxe0000001',
      deviceType: 2,
      push: null,
    },
  });
  expect(login.statusCode, login.body).toBe(200);
  const message = await server.app.inject({
    method: 'POST',
    url: '/com/messages',
    headers: {
      apiKey: API_KEY,
      'content-type': 'application/json',
      token: login.json().token,
      deviceId: 'companyaxe0000001',
    },
    payload: { application: application.hash, text: 'Could you come for an interview?' },
  });
  expect(message.statusCode, message.body).toBe(200);
  conversation = message.json().conversation.hash;
}

async function checkRun({ lng, width }: AreaRun) {
  expect(entry.length).toBe(3);
  expect(signedIn.length).toBe(9); // with the inbox and a thread (issue 29)
  const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
  const { page, errors } = await newPage(context);
  const failures = await axeOnPages(
    page,
    server.url,
    entry.map((route) => localizePath(route.name, lng)),
    `@${width}`,
  );
  await signInAt(page, server.url, 'company@demo.test', { lng, company: true });
  const paths = signedIn.map((route) =>
    localizePath(
      route.name,
      lng,
      route.path.includes(':hash') ? { hash: route.name.startsWith('company.messages') ? conversation : offer } : {},
    ),
  );
  failures.push(...(await axeOnPages(page, server.url, paths, `@${width}`)));
  await context.close();
  expect(failures).toEqual([]);
  expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
}
