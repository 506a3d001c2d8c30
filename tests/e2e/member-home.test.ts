/**
 * Issue 25 §7, §8 and §13 in Chromium: the conditions of use can be read before accepting them (a page of their own,
 * in the footer and beside both registration forms' checkbox, in a new tab); the free period and the Bold fee are said
 * before registering, from the back-office settings; becoming Bold by card without a card on file starts with adding
 * the card and comes back to the payment step; `/user` is the member's home. Screenshots at 390 and 1400 px.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const SHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

async function setTerms(priceEuros: number, freePeriodMonths: number) {
  const value = JSON.stringify({ priceEuros, freePeriodMonths });
  await server.app.db
    .insertInto('settings')
    .values({ key: 'membership', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

async function conditionsLinkOpensInNewTab(page: Page, testId: string) {
  const link = page.getByTestId(testId);
  await link.waitFor();
  expect(await link.getAttribute('target')).toBe('_blank');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  await tab.locator('h1').waitFor();
  expect(await tab.locator('h1').textContent()).toBe('Conditions of use');
  expect((await tab.locator('article').textContent())?.length ?? 0).toBeGreaterThan(200);
  await tab.close();
}

describe('before registering', () => {
  it('the conditions of use are a page of their own, linked in the footer and beside both forms’ checkbox', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    for (const [lng, title] of [
      ['es', 'Condiciones de uso'],
      ['ca', 'Condicions d’ús'],
    ] as const) {
      await page.goto(`${server.url}/${lng}`);
      const footerLink = page.locator('footer.site-footer').getByRole('link', { name: title });
      await footerLink.click();
      await page.locator('h1').filter({ hasText: title }).waitFor();
    }

    await page.goto(`${server.url}/en/user/register`);
    const form = page.locator('#register-personal');
    await form.waitFor();
    await form.locator('#root_name').fill('Kept Name'); // what was typed stays while the conditions are read
    for (const [id, value] of [
      ['surname1', 'Puig'],
      ['birthdate', '14/03/1995'],
      ['document_number', '12345678Z'],
      ['mobile', '+34 612 345 678'],
      ['email', 'kept@example.com'],
      ['email_repeat', 'kept@example.com'],
      ['password', 'a long enough passphrase'],
      ['password_repeat', 'a long enough passphrase'],
    ] as const) {
      await form.locator(`#root_${id}`).fill(value);
    }
    await form.getByRole('radio', { name: 'Female' }).check();
    await form.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#register-membership').waitFor();
    await conditionsLinkOpensInNewTab(page, 'conditions-link');
    await page.locator('#root_is_conditions').check();
    expect(await page.locator('#root_is_conditions').isChecked()).toBe(true);

    await page.goto(`${server.url}/en/company/register`);
    await page.locator('#root_company_name').fill('Taller Nord SL');
    await page.locator('#root_document_number_company').fill('B12345674');
    await page.locator('#root_url').fill('https://tallernord.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#root_contact_name').fill('Marta Soler'); // kept while the conditions are read
    await conditionsLinkOpensInNewTab(page, 'conditions-link');
    expect(await page.locator('#root_contact_name').inputValue()).toBe('Marta Soler');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('the free period and the Bold fee are said on the registration and benefits pages, from the settings', async () => {
    await setTerms(65, 4);
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/user/register`);
    const terms = page.getByTestId('register-terms');
    await terms.waitFor();
    const text = (await terms.textContent()) ?? '';
    expect(text).toContain('4 months');
    expect(text).toContain('€65');
    await page.goto(`${server.url}/en/alumni`);
    const plan = page.getByTestId('plan-bold');
    await plan.waitFor();
    expect(await plan.textContent()).toContain('€65');
    expect(await plan.textContent()).toContain('4 months');
    expect(await plan.textContent()).not.toContain('€50');
    await setTerms(50, 3);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});

describe('the member’s home', () => {
  it('shows the membership, the profile’s next step, the latest applications and the groups with their news', async () => {
    for (const width of [1400, 390]) {
      const context = await withCookieChoice(
        await browser.newContext({ viewport: { width, height: 900 } }),
        server.url,
      );
      const { page, errors } = await newPage(context);
      await signInAt(page, server.url, 'bold@demo.test');
      await page.goto(`${server.url}/en/user`);
      const home = page.getByTestId('member-home');
      await home.waitFor();
      expect(await page.getByText('Coming soon').count()).toBe(0);
      // the membership line renders before the member's data arrives: wait for the tier
      await expect.poll(() => home.getByTestId('home-membership').textContent()).toMatch(/Bold/);
      await home.getByTestId('home-profile').waitFor();
      const applications = home.getByTestId('home-applications');
      await applications.waitFor();
      await expect.poll(() => applications.locator('[data-testid="home-application"]').count()).toBeGreaterThan(0);
      const groups = home.getByTestId('home-groups');
      await expect.poll(() => groups.locator('[data-testid="home-group"]').count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/e2e-member-home-${width}.png`, fullPage: true });
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    }
  });

  it('a Regular member’s home says what to do instead of listing applications', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'regular@demo.test');
    await page.goto(`${server.url}/en/user`);
    const home = page.getByTestId('member-home');
    await home.waitFor();
    // The membership line renders before the member's data arrives; wait for the tier, not the heading.
    await home.getByTestId('home-upgrade').waitFor();
    await expect.poll(() => home.getByTestId('home-membership').textContent()).toMatch(/Regular/);
    expect(await home.getByTestId('home-application').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/e2e-member-home-regular-1400.png`, fullPage: true });
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});

describe('becoming Bold by card', () => {
  it('without a card, paying starts by adding one and comes back to the payment', async () => {
    const member = await server.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'regular@demo.test')
      .executeTakeFirstOrThrow();
    await server.app.db.deleteFrom('cards').where('user_hash', '=', member.hash).execute();
    for (const width of [390, 1400]) {
      const context = await withCookieChoice(
        await browser.newContext({ viewport: { width, height: 900 } }),
        server.url,
      );
      const { page, errors } = await newPage(context);
      await signInAt(page, server.url, 'regular@demo.test');
      await page.goto(`${server.url}/en/user/card`);
      const panel = page.getByTestId('subscription');
      await panel.waitFor();
      expect(await panel.getByTestId('subscription-steps').count()).toBe(1);
      await page.screenshot({ path: `${SHOTS}/e2e-bold-upgrade-step1-${width}.png`, fullPage: true });
      if (width === 390) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        expect(errors, errors.join('\n')).toEqual([]);
        await context.close();
        continue;
      }
      const go = panel.getByTestId('subscription-add-card');
      expect(await go.isDisabled()).toBe(false);
      await go.click();
      await page.waitForURL(/\/pay\/sandbox\//);
      await page.locator('input[autocomplete="cc-name"]').fill('Rita Regular');
      await page.locator('input[autocomplete="cc-number"]').fill('4242 4242 4242 4242');
      await page.locator('input[autocomplete="cc-exp"]').fill('11/33');
      await page.locator('input[autocomplete="cc-csc"]').fill('321');
      await page.getByRole('button', { name: 'Save the card' }).click();
      await page.waitForURL(/\/en\/user\/card\?/);
      // back on the payment step, with the new card chosen: one click away from paying
      const pay = page.getByTestId('subscription-upgrade');
      await pay.waitFor();
      await expect.poll(() => pay.isDisabled()).toBe(false);
      expect(await page.getByTestId('subscription').textContent()).toContain('Visa •••• 4242');
      await page.screenshot({ path: `${SHOTS}/e2e-bold-upgrade-step2-${width}.png`, fullPage: true });
      await pay.click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: /Pay/ }).click();
      await expect.poll(() => page.getByTestId('subscription-role').textContent()).toBe('Bold');
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    }
  });
});
