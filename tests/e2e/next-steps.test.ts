/**
 * Issue 10 §4: every call to action leads to a page that does what it says. "Upgrade" opens the profile's
 * membership tab (with the tier's next step), "Add your CV" the files tab, a GRATIS member is sent to the bank
 * account, a page of a later release says what it will do and where to go meanwhile, and a group's join button
 * says what joining leads to.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer, settle } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
let jobSlug = '';
let privateGroup = '';

onBrowserSuite((live) => ({ server, browser } = live));
beforeAll(async () => {
  const db = server.app.db;
  jobSlug = (
    await db
      .selectFrom('jobs')
      .select('slug')
      .where('status', '=', 'PUBLISHED')
      .orderBy('cdate', 'desc')
      .executeTakeFirstOrThrow()
  ).slug;
  // a private group bold@demo.test neither runs nor belongs to (the seed keeps bold in public groups only)
  privateGroup = (
    await db
      .selectFrom('workgroups')
      .select('slug')
      .where('type', '=', 'PRIVATE')
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow()
  ).slug;
});

async function signedIn(email: string): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await withCookieChoice(await browser.newContext(), server.url);
  const { page, errors } = await newPage(context);
  await signInAt(page, server.url, email);
  return { page, errors, close: () => context.close() };
}

describe('upgrade leads to the membership tab', () => {
  it("a Regular member's Upgrade on a locked offer opens Membership, which leads to paying online", async () => {
    const { page, errors, close } = await signedIn('regular@demo.test');
    await page.goto(`${server.url}/en/jobs/${jobSlug}`);
    const cta = page.getByTestId('locked-cta');
    await cta.waitFor();
    // the server renders the visitor's page (sign in); the member's link arrives with the identity after hydration
    await expect.poll(() => cta.getAttribute('href'), { timeout: 30_000 }).toBe('/en/user/profile?tab=membership');
    await cta.click();
    await page.getByTestId('membership').waitFor();
    expect(await page.getByTestId('membership-tier').textContent()).toBe('Regular');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Membership');
    // the next step is real: the card page, where the member pays online
    expect(await page.getByTestId('membership-request').getAttribute('href')).toBe('/en/user/card');
    expect(await page.getByTestId('membership-how').textContent()).toContain('card or by direct debit');
    // the benefits page's Upgrade goes to the same tab (it went to the unbuilt card page)
    await page.goto(`${server.url}/en/alumni`);
    await expect
      .poll(() => page.getByTestId('join-cta').getAttribute('href'), { timeout: 30_000 })
      .toBe('/en/user/profile?tab=membership');
    expect(errors).toEqual([]);
    await close();
  });

  it('a GRATIS member without a bank account is asked for one, in Spanish too, and the link opens the IBAN form', async () => {
    const { page, close } = await signedIn('gratis@demo.test');
    await page.goto(`${server.url}/es/usuario/perfil?tab=membership`);
    await page.getByTestId('membership').waitFor();
    expect(await page.getByTestId('membership-tier').textContent()).toBe('Bold (periodo gratuito)');
    const link = page.getByTestId('membership-iban');
    expect(await link.getAttribute('href')).toBe('/es/usuario/perfil/ajustes-iban');
    await link.click();
    await page.locator('input[id$="iban"]').first().waitFor();
    await close();
  });

  it('Bold sees its renewal date', async () => {
    const { page, close } = await signedIn('bold@demo.test');
    await page.goto(`${server.url}/en/user/profile?tab=membership`);
    await page.getByTestId('membership').waitFor();
    expect(await page.getByTestId('membership-tier').textContent()).toBe('Bold');
    expect(await page.getByTestId('membership').textContent()).toMatch(/renews on \d{1,2} \w+ \d{4}/);
    await close();
  });
});

describe('other calls to action', () => {
  it('"Add your CV" opens the files tab of the profile', async () => {
    const { page, close } = await signedIn('gratis@demo.test');
    await page.goto(`${server.url}/en/jobs/${jobSlug}`);
    await page.getByTestId('apply').click();
    const add = page.getByTestId('add-cv');
    await add.waitFor();
    expect(await add.getAttribute('href')).toBe('/en/user/profile?tab=files');
    await add.click();
    await expect
      .poll(() => page.getByRole('tab', { selected: true }).textContent(), { timeout: 30_000 })
      .toBe('Photo and files');
    expect(await page.getByText('CV', { exact: false }).count()).toBeGreaterThan(0);
    await close();
  });

  it('the card page shows the member card and the renewal, and leads to what Bold includes', async () => {
    const { page, close } = await signedIn('bold@demo.test');
    await page.goto(`${server.url}/en/user/card`);
    await page.getByTestId('member-card-qr').waitFor();
    expect(await page.getByTestId('subscription-renewal').textContent()).toMatch(
      /^Renews on \d{1,2} \w+ \d{4} for €50\.00, charged to Visa •••• 4242$/,
    );
    expect(await page.getByTestId('subscription-benefits').getAttribute('href')).toBe(
      '/en/user/profile?tab=membership',
    );
    await close();
  });

  it("a private group's join button says the request goes to its administrator, then that it is waiting", async () => {
    const { page, close } = await signedIn('bold@demo.test');
    await page.goto(`${server.url}/en/workgroups/${privateGroup}`);
    const next = page.getByTestId('join-next');
    await next.waitFor();
    expect(await next.textContent()).toContain('your request goes to its administrator');
    await page.getByTestId('join').click();
    // a private group first asks for the optional message to its administrator
    await page.getByTestId('join-send').click();
    await expect.poll(() => next.textContent(), { timeout: 30_000 }).toContain('waiting for the group administrator');
    // withdraw, leaving the demo data as it was
    await page.getByTestId('join').click();
    await expect
      .poll(() => next.textContent(), { timeout: 30_000 })
      .toContain('your request goes to its administrator');
    await close();
  });
});

describe('a free-period member with a way to pay (issue 25 §4)', () => {
  it('a GRATIS member with a saved card opens "My applications" and stays there (no bank-account detour)', async () => {
    const db = server.app.db;
    const gratis = await db
      .selectFrom('users')
      .select(['hash', 'iban'])
      .where('email', '=', 'gratis@demo.test')
      .executeTakeFirstOrThrow();
    expect(gratis.iban).toBeNull();
    await db
      .insertInto('cards')
      .values({
        hash: 'e2egratiscard0001',
        user_hash: gratis.hash,
        provider_token: 'sandbox_tok_e2e',
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2034,
        is_default: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    try {
      const { page, errors, close } = await signedIn('gratis@demo.test');
      await page.goto(`${server.url}/en/user/profile`);
      await page.getByRole('link', { name: 'My applications' }).first().click();
      await page.locator('main h1').first().waitFor();
      await settle(page);
      expect(new URL(page.url()).pathname).toBe('/en/user/jobs/subscribed');
      expect(await page.locator('main h1').first().textContent()).toBe('My applications');
      await page.screenshot({ path: '/tmp/nc/gratis-card-applications.png' });
      expect(errors).toEqual([]);
      await close();
    } finally {
      await db.deleteFrom('cards').where('hash', '=', 'e2egratiscard0001').execute();
    }
  });
});

describe("a private group's notice (issue 25 §9)", () => {
  /** How many times the page says who sees the wall, files and members: it said it twice (a notice and the join line). */
  const notices = (page: Page) =>
    page
      .locator('article')
      .evaluate((article) => (article.textContent ?? '').split('wall, files and members').length - 1);

  it('is said once, to a visitor and to a member who has not asked to join', async () => {
    const context = await withCookieChoice(await browser.newContext(), server.url);
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/workgroups/${privateGroup}`);
    await page.getByTestId('join-next').waitFor();
    await settle(page);
    expect(await notices(page)).toBe(1);
    expect(errors).toEqual([]);
    await context.close();

    const member = await signedIn('bold@demo.test');
    await member.page.goto(`${server.url}/en/workgroups/${privateGroup}`);
    const next = member.page.getByTestId('join-next');
    await expect
      .poll(() => next.textContent(), { timeout: 30_000 })
      .toContain('your request goes to its administrator');
    await settle(member.page);
    expect(await notices(member.page)).toBe(1);
    await member.close();
  });
});
