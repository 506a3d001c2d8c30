/**
 * The two holes of issue 24 §2, where the web decided by role name instead of the permission list the server sends:
 * a Regular member saw the e-book library link (a Bold benefit, `library.view`) and reached the new-group form
 * (`workgroups.create`), refused only on submit.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

const EBOOKS = 'https://biblioteca.escola-disseny.example/ebooks';

async function signedIn(email: string): Promise<Page> {
  const context = await withCookieChoice(
    await browser.newContext({ viewport: { width: 1400, height: 900 } }),
    server.url,
  );
  const { page } = await newPage(context);
  await signInAt(page, server.url, email);
  return page;
}

describe('a Regular member and the Bold benefits', () => {
  it('sees no e-book library link in the side menu nor in the header menu (a Bold one does)', async () => {
    for (const [email, shown] of [
      ['regular@demo.test', false],
      ['bold@demo.test', true],
    ] as const) {
      const page = await signedIn(email);
      await page.goto(`${server.url}/en/user/profile`);
      await page.locator('.area-sider nav a').first().waitFor();
      const side = await page
        .locator('.area-sider nav a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(side.length).toBeGreaterThan(3);
      expect(side.includes(EBOOKS)).toBe(shown);
      await page.getByTestId('user-menu').click();
      await page.locator('.ant-dropdown-menu a').first().waitFor();
      const header = await page
        .locator('.ant-dropdown-menu a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(header.length).toBeGreaterThan(3);
      expect(header.includes(EBOOKS)).toBe(shown);
      await page.context().close();
    }
  });

  it('who opens the new-group form is told it is a Bold benefit and gets no form (a Bold one gets the form)', async () => {
    const regular = await signedIn('regular@demo.test');
    await regular.goto(`${server.url}/en/user/workgroups/new`);
    await regular.getByTestId('upgrade-required').or(regular.getByTestId('group-new')).first().waitFor();
    expect(await regular.getByTestId('group-new').count()).toBe(0);
    expect(await regular.getByTestId('upgrade-required').count()).toBe(1);
    await regular.context().close();
    const bold = await signedIn('bold@demo.test');
    await bold.goto(`${server.url}/en/user/workgroups/new`);
    await bold.getByTestId('group-new').waitFor();
    expect(await bold.getByTestId('upgrade-required').count()).toBe(0);
    await bold.context().close();
  });
});
