/**
 * Job alerts in the member's settings (issue 11 §8): a Bold member picks a weekly digest of one area's permanent
 * offers in a place, saves, and finds the same choices after a reload; a Regular member is offered no alerts. At
 * 1400 px and on a phone.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

/** The dropdown open now (a closing one stays in the page for its animation). */
let openList: () => ReturnType<import('playwright-core').Page['locator']>;

describe('job alerts', () => {
  it('are chosen by a Bold member and kept after a reload', async () => {
    await server.app.db
      .updateTable('users')
      .set({ is_receive_jobs: 1 })
      .where('email', '=', 'bold@demo.test')
      .execute();
    // start from no choices (the demo gives bold@demo.test an alert of its own)
    const bold = await server.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    await server.app.db.deleteFrom('job_alerts').where('user_hash', '=', bold.hash).execute();
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    openList = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
    await signInAt(page, server.url, 'bold@demo.test');
    await page.goto(`${server.url}/en/user/profile/settings`);
    const section = page.getByTestId('job-alerts');
    const form = section.locator('#form-jobAlerts');
    await form.waitFor();
    await form.getByText('A weekly digest').click();
    const area = await server.app.db
      .selectFrom('tags')
      .select(['hash', 'title_en'])
      .where('type', '=', 'USER')
      .where('group', '=', 'area')
      .orderBy('title_en')
      .executeTakeFirstOrThrow();
    await form.locator('#root_area').click();
    await openList().locator('.ant-select-item-option').filter({ hasText: area.title_en }).first().click();
    await form.locator('#root_contract').click();
    await openList().locator('.ant-select-item-option').filter({ hasText: 'Permanent' }).click();
    await form.locator('#root_location').fill('Barcelona');
    await page.screenshot({ path: '/tmp/e2e-job-alerts-1400.png', fullPage: true });
    await form.locator('button[type=submit]').click();
    await page.getByText('Job alerts saved').first().waitFor();
    const row = await server.app.db
      .selectFrom('job_alerts')
      .innerJoin('users', 'users.hash', 'job_alerts.user_hash')
      .select(['frequency', 'area', 'contract', 'location', 'working'])
      .where('users.email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      frequency: 'weekly',
      area: area.hash,
      contract: 'INDEFINITE',
      location: 'Barcelona',
      working: null,
    });

    await page.reload();
    await form.waitFor();
    expect(await form.locator('#root_location').inputValue()).toBe('Barcelona');
    expect(await form.locator('input[type=radio]:checked').count()).toBe(1);
    expect(
      await form
        .locator('#root_contract')
        .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')
        .textContent(),
    ).toContain('Permanent');

    await page.setViewportSize({ width: 360, height: 780 });
    await form.scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/e2e-job-alerts-360.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('are not offered to a Regular member', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page } = await newPage(context);
    await signInAt(page, server.url, 'regular@demo.test');
    await page.goto(`${server.url}/en/user/profile/settings`);
    await page.locator('#form-profileSettings').waitFor();
    expect(await page.getByTestId('job-alerts').count()).toBe(0);
    await context.close();
  });
});
