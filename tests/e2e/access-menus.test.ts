/**
 * One access control in the browser (issue 24 §2): every menu (the header's account menu, the member area's side
 * menu, the back office's menu) and every guarded page answers from the permission list the server sends
 * (GET /api/init), the matrix of src/shared/permissions.ts the server enforces.
 * The two known holes: a Regular member saw the e-book library link (a Bold benefit) and reached the new-group
 * form (refused only on submit). Screenshots: /tmp/h24-menu-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PERMISSION_MATRIX, type Role } from '../../src/shared/permissions';
import { routeByName, localizePath, matchPath } from '../../src/shared/routes';
import { COMPANY_MENU, MEMBER_MENU } from '../../src/web/layouts/accountItems';
import { ADMIN_SECTIONS } from '../../src/web/layouts/adminMenu';

const ADMIN_MENU = ADMIN_SECTIONS.map((section) => ({ route: `admin.${section}` }));
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

const EBOOKS = 'https://biblioteca.escola-disseny.example/ebooks';

async function signedIn(email: string, company = false): Promise<{ page: Page; errors: string[] }> {
  const context = await withCookieChoice(
    await browser.newContext({ viewport: { width: 1400, height: 900 } }),
    server.url,
  );
  const { page, errors } = await newPage(context);
  await signInAt(page, server.url, email, { company });
  return { page, errors };
}

/** The member area's side menu, as the links it shows (the e-book library by its address). */
async function sideMenu(page: Page): Promise<string[]> {
  const nav = page.locator('.area-sider nav');
  await nav.waitFor();
  return nav.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/** What the shared matrix says a role's menu holds, as paths (en). */
function expected(menu: readonly { route: string }[], role: Role, ebooks: boolean): string[] {
  const allowed = PERMISSION_MATRIX[role];
  const paths = menu
    .filter((item) => !routeByName(item.route).permission || allowed.includes(routeByName(item.route).permission!))
    .map((item) => localizePath(item.route, 'en'));
  return ebooks && allowed.includes('library.view') ? [...paths, EBOOKS] : paths;
}

describe('member menus follow the permission list', () => {
  it('a Regular member sees no e-book library link (a Bold benefit), in the side menu nor in the header menu', async () => {
    const { page } = await signedIn('regular@demo.test');
    await page.goto(`${server.url}/en/user/profile`);
    const links = await sideMenu(page);
    expect(links.length).toBeGreaterThan(3);
    expect(links).not.toContain(EBOOKS);
    expect(links).toEqual(expected(MEMBER_MENU, 'REGULAR', true));
    await page.getByTestId('user-menu').click();
    const header = page.locator('.ant-dropdown-menu a');
    await header.first().waitFor();
    const headerLinks = await header.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    expect(headerLinks).toEqual(expected(MEMBER_MENU, 'REGULAR', true));
    await page.screenshot({ path: '/tmp/h24-menu-regular.png' });
    await page.context().close();
  });

  it('a Bold member sees the library and the groups they run; a GRATIS member the same', async () => {
    for (const [email, role] of [
      ['bold@demo.test', 'BOLD'],
      ['gratis@demo.test', 'GRATIS'],
    ] as const) {
      const { page } = await signedIn(email);
      await page.goto(`${server.url}/en/user/profile`);
      const links = await sideMenu(page);
      expect(links).toContain(EBOOKS);
      expect(links).toEqual(expected(MEMBER_MENU, role, true));
      await page.screenshot({ path: `/tmp/h24-menu-${role.toLowerCase()}.png` });
      await page.context().close();
    }
  });

  it('a company sees its own menu', async () => {
    const { page } = await signedIn('company@demo.test', true);
    await page.goto(`${server.url}/en/company/jobs`);
    const links = await sideMenu(page);
    expect(links).toEqual(expected(COMPANY_MENU, 'COMPANY', false));
    await page.context().close();
  });
});

describe('guarded pages follow the permission list', () => {
  it('a Regular member who opens the new-group form is told it is a Bold benefit, and no form is shown', async () => {
    const { page } = await signedIn('regular@demo.test');
    await page.goto(`${server.url}${localizePath('user.workgroups.new', 'en')}`);
    await page.getByTestId('upgrade-required').waitFor();
    expect(await page.getByTestId('group-new').count()).toBe(0);
    await page.context().close();
  });

  it('a Bold member reaches the new-group form', async () => {
    const { page } = await signedIn('bold@demo.test');
    await page.goto(`${server.url}${localizePath('user.workgroups.new', 'en')}`);
    await page.getByTestId('group-new').waitFor();
    expect(await page.getByTestId('upgrade-required').count()).toBe(0);
    await page.context().close();
  });
});

describe('the back office menu', () => {
  it('an administrator sees every section the matrix grants, in menu order', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page } = await newPage(context);
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.locator('form button[type=submit]').first().click();
    await page.waitForURL((url) => !url.pathname.endsWith('/admin/login'));
    const menu = page.locator('.admin-layout .ant-menu a');
    await menu.first().waitFor();
    const links = await menu.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    const allowed = PERMISSION_MATRIX.ADMIN;
    const wanted = ADMIN_MENU.filter((item) => allowed.includes(routeByName(item.route).permission!)).map((item) =>
      localizePath(item.route, 'en'),
    );
    expect(wanted.length).toBeGreaterThan(10);
    expect(links).toEqual(wanted);
    await page.screenshot({ path: '/tmp/h24-menu-admin.png' });
    await context.close();
  });
});

/**
 * Refine's useCan answers, read from the page's react-query cache (key ['access', resource, action, …]): the query
 * client is found on the QueryClientProvider's fiber under #root. Only what useCan asked is there; the light pages'
 * useAllowed leaves nothing.
 */
async function useCanAnswers(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(() => {
    type Fiber = { child?: Fiber; sibling?: Fiber; memoizedProps?: { client?: unknown } };
    type Cache = {
      findAll: (filter: {
        queryKey: string[];
      }) => { queryKey: unknown[]; state: { status: string; data?: { can?: boolean } } }[];
    };
    const root = document.getElementById('root') as unknown as Record<string, Fiber>;
    const key = Object.keys(root).find((name) => name.startsWith('__reactContainer$'));
    const stack: Fiber[] = key ? [root[key]!] : [];
    let cache: Cache | undefined;
    while (stack.length && !cache) {
      const fiber = stack.pop()!;
      const client = fiber.memoizedProps?.client as { getQueryCache?: () => Cache } | undefined;
      if (client?.getQueryCache) cache = client.getQueryCache();
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    const answers: Record<string, boolean> = {};
    for (const query of cache?.findAll({ queryKey: ['access'] }) ?? [])
      if (query.state.status === 'success') answers[String(query.queryKey[2])] = query.state.data?.can === true;
    return answers;
  });
}

/** The route name (or `library.view` for the e-book library) a menu link stands for. */
function actionOf(href: string): string {
  if (href === EBOOKS) return 'library.view';
  const path = new URL(href, 'http://x').pathname;
  const section = /^\/[a-z]{2}\/admin\/([^/]+)$/.exec(path)?.[1];
  return section ? `admin.${section}` : (matchPath(path)?.route.name ?? href);
}

/** Every item of `menu` was asked of useCan, and exactly the granted ones are shown. */
async function expectAskedOfUseCan(page: Page, links: () => Promise<string[]>, menu: readonly string[]) {
  expect(menu.length).toBeGreaterThan(3);
  await expect
    .poll(async () => {
      const answers = await useCanAnswers(page);
      return menu.filter((action) => !(action in answers));
    })
    .toEqual([]);
  const answers = await useCanAnswers(page);
  const shown = (await links()).map(actionOf);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((action) => answers[action] !== true)).toEqual([]);
  expect(menu.filter((action) => answers[action]).sort()).toEqual([...shown].sort());
}

describe('every menu item is a useCan decision (the access control provider), for every role', () => {
  const members = [
    ['regular@demo.test', 'REGULAR'],
    ['bold@demo.test', 'BOLD'],
    ['gratis@demo.test', 'GRATIS'],
  ] as const;
  const memberMenu = [...MEMBER_MENU.map((item) => item.route), 'library.view'];

  it('members: the side menu and the header menu show only items useCan granted, and every item was asked', async () => {
    for (const [email, role] of members) {
      const { page } = await signedIn(email);
      await page.goto(`${server.url}/en/user/profile`);
      await expectAskedOfUseCan(page, () => sideMenu(page), memberMenu);
      expect((await sideMenu(page)).map(actionOf)).toEqual(expected(MEMBER_MENU, role, true).map(actionOf));
      await page.getByTestId('user-menu').click();
      const header = page.locator('.ant-dropdown-menu a');
      await header.first().waitFor();
      await expectAskedOfUseCan(
        page,
        () => header.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? '')),
        memberMenu,
      );
      await page.context().close();
    }
  });

  it('a member on a phone: the drawer shows only items useCan granted', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 390, height: 800 } }),
      server.url,
    );
    const { page } = await newPage(context);
    await signInAt(page, server.url, 'regular@demo.test');
    await page.goto(`${server.url}/en/user/profile`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByTestId('drawer-account').locator('ul a');
    await drawer.first().waitFor();
    await expectAskedOfUseCan(
      page,
      () => drawer.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? '')),
      memberMenu,
    );
    await context.close();
  });

  it('a company: the side menu shows only items useCan granted', async () => {
    const { page } = await signedIn('company@demo.test', true);
    await page.goto(`${server.url}/en/company/jobs`);
    await expectAskedOfUseCan(
      page,
      () => sideMenu(page),
      COMPANY_MENU.map((item) => item.route),
    );
    await page.context().close();
  });

  it('an administrator: the back office menu shows only sections useCan granted', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page } = await newPage(context);
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.locator('form button[type=submit]').first().click();
    await page.waitForURL((url) => !url.pathname.endsWith('/admin/login'));
    const menu = page.locator('.admin-layout .ant-menu a');
    await menu.first().waitFor();
    await expectAskedOfUseCan(
      page,
      () => menu.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? '')),
      ADMIN_MENU.map((item) => item.route),
    );
    await context.close();
  });
});
