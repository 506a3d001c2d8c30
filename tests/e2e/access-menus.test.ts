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
import { routeByName, localizePath } from '../../src/shared/routes';
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
