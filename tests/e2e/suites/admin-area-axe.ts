/**
 * Issue 25 §1: every page of the back office passes axe (WCAG 2.2 AA, serious and critical, colour contrast included)
 * in es, en and ca at 390 and 1400 px (tests/helpers/axe.ts AREA_RUNS). Its sign-in page and an invitation (an
 * unknown token: the page says so) are checked signed out, the rest signed in as the demo administrator, on a real
 * event (its edit form and attendees) and a real content page. The back office's paths (DESIGN §5: untranslated
 * segments) are listed here and must match ADMIN_ROUTES of the one route table (src/shared/routes.ts). Its pages are titled with h2 (the layout's brand is the page's top), so an h1 or h2 is awaited.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_ROUTES } from '../../../src/shared/routes';
import { axeOnPages, type AreaRun } from '../../helpers/axe';
import { addMessage, createConversation } from '../../../src/server/modules/messages/repository';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../../helpers/browser';

let server: LiveServer;
let browser: Browser;

const PAGES = [
  'dashboard',
  'users',
  'companies',
  'jobs',
  'audit',
  'settings',
  'categories',
  'tags',
  'workgroups',
  'articles',
  'articles/new',
  'articles/:hash/edit',
  'articles/:hash/attendees',
  'subscriptions',
  'payments',
  'pages',
  'pages/:key',
  'admins',
  'security',
  'member-import',
  'schoolRecords',
  'message-reports',
  'messages',
  'messages/:hash',
];
const sample = { hash: '', key: '', conversation: '' };

/**
 * The file's own server and sample data, then the checks of `runs`: one language and width per file
 * (admin-area-axe-es/en/ca.test.ts), so two browser workers share the area's minutes.
 * `listsPages`: the check that PAGES is the route table's back office, once (in the English file).
 */
export function adminAreaAxe(runs: AreaRun[], { listsPages = false } = {}): void {
  onBrowserSuite((live) => ({ server, browser } = live));
  beforeAll(makeSamples);
  describe('the back office passes axe (WCAG 2.2 AA)', () => {
    if (listsPages) it('lists every page of the back office', listsEveryPage);
    it.each(runs)('in $lng at $width px', checkRun);
  });
}

async function makeSamples() {
  const db = server.app.db;
  sample.hash = (
    await db.selectFrom('articles').select('hash').where('type', '=', 'EVENT').executeTakeFirstOrThrow()
  ).hash;
  sample.key = (await db.selectFrom('content_pages').select('key').orderBy('position').executeTakeFirstOrThrow()).key;
  // a conversation of the association's, with a message of a member's reported (the moderation queue's row)
  const admin = await db
    .selectFrom('admins')
    .select('hash')
    .where('email', '=', 'admin@demo.test')
    .executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('users')
    .select('hash')
    .where('email', '=', 'bold@demo.test')
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  sample.conversation = await createConversation(
    db,
    'ADMIN',
    [
      { type: 'admin', hash: admin.hash },
      { type: 'user', hash: member.hash },
    ],
    now,
  );
  await addMessage(
    db,
    sample.conversation,
    { type: 'admin', hash: admin.hash },
    'Welcome to the association',
    now,
    false,
  );
  const reported = await addMessage(
    db,
    sample.conversation,
    { type: 'user', hash: member.hash },
    'Buy my course',
    now,
    false,
  );
  await db
    .insertInto('message_reports')
    .values({
      hash: 'axereport000000001',
      message_hash: reported,
      reporter_type: 'admin',
      reporter_hash: admin.hash,
      reason: 'Advertising',
      created_at: now,
    })
    .execute();
}

function listsEveryPage() {
  // the signed-out pages (sign-in, invitation) are checked on their own below
  const declared = ADMIN_ROUTES.filter((route) => !['admin.login', 'admin.invite'].includes(route.name)).map((route) =>
    route.path.replace(/^admin\//, ''),
  );
  expect(declared.length).toBeGreaterThan(15);
  expect([...declared].sort()).toEqual([...PAGES].sort());
}

async function checkRun({ lng, width }: AreaRun) {
  const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
  const { page, errors } = await newPage(context);
  const failures = await axeOnPages(
    page,
    server.url,
    [`/${lng}/admin/login`, `/${lng}/admin/invite/no-such-invitation-0000`],
    `@${width}`,
    { heading: 'h1, h2' },
  );
  await page.goto(`${server.url}/${lng}/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.locator('form button[type=submit]').first().click();
  await page.waitForURL((url) => url.pathname !== `/${lng}/admin/login`);
  const paths = PAGES.map(
    (path) =>
      `/${lng}/admin/${path.replace(':hash', path.startsWith('messages/') ? sample.conversation : sample.hash).replace(':key', sample.key)}`,
  );
  failures.push(...(await axeOnPages(page, server.url, paths, `@${width}`, { heading: 'h1, h2' })));
  await context.close();
  expect(failures).toEqual([]);
  expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toEqual([]);
}
