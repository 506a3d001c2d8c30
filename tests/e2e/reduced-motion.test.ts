/**
 * Less motion for those who ask for it (WCAG 2.3.3, components/AntdScope): when the system prefers reduced motion,
 * antd's drawers, dialogs and menus open without sliding or zooming; otherwise they animate as before. The phone
 * menu (an antd Drawer) is opened in both settings and every CSS transition and animation that starts in it is
 * counted from a listener set before the click, so the count does not depend on how fast the machine is.
 * (The rest of the browser suite runs with reduced motion: tests/helpers/browser.ts preferReducedMotion.)
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

async function motionsOpeningTheMenu(reducedMotion: 'reduce' | 'no-preference') {
  const context = await withCookieChoice(
    await browser.newContext({ viewport: { width: 390, height: 800 }, reducedMotion }),
    server.url,
  );
  try {
    const { page } = await newPage(context);
    await page.goto(`${server.url}/en`);
    await page.locator('.site-header').waitFor();
    await page.evaluate(() => {
      const started: string[] = [];
      (window as unknown as { motions: string[] }).motions = started;
      for (const kind of ['transitionstart', 'animationstart'])
        document.addEventListener(kind, (event) => {
          const target = event.target as Element;
          if (target.closest?.('.ant-drawer')) started.push(`${kind} ${(event as TransitionEvent).propertyName ?? ''}`);
        });
    });
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.locator('.mobile-menu .ant-drawer-content');
    await drawer.waitFor();
    // the menu is there and usable in both settings
    expect(await drawer.getByTestId('login-link').isVisible()).toBe(true);
    // a transition that started late is counted too
    await page.waitForTimeout(400);
    return page.evaluate(() => (window as unknown as { motions: string[] }).motions);
  } finally {
    await context.close();
  }
}

describe('reduced motion', () => {
  it('the phone menu opens without sliding when the system prefers reduced motion', async () => {
    expect(await motionsOpeningTheMenu('reduce')).toEqual([]);
  });

  it('and slides in as before when it does not', async () => {
    expect((await motionsOpeningTheMenu('no-preference')).length).toBeGreaterThan(0);
  });
});
