/**
 * A new member's whole way in, in Debian's Chromium against the real server, with the e-mails delivered to
 * a real SMTP peer (issue 8 "Done when"): register as Bold → confirm the address from the e-mail → an
 * administrator validates → the "account active" e-mail's link → sign in → a page that needs a complete
 * profile says what is missing → complete it → back to that page → upload a CV → apply to an offer →
 * the GRATIS guard asks for the IBAN once per session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ParsedMail } from 'mailparser';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer, settle } from '../helpers/browser';
import { startPeer, type Peer } from '../helpers/smtp';

let server: LiveServer;
let browser: Browser;
let peer: Peer;
const SHOTS = process.env['SCREENSHOT_DIR'];
const email = `nuria.journey.${Date.now()}@example.com`;
const PASSWORD = 'a long enough passphrase';

beforeAll(async () => {
  peer = await startPeer();
});
onBrowserSuite(
  (live) => ({ server, browser } = live),
  () => ({ SMTP_URL: peer.url }),
);
afterAll(async () => {
  await peer?.close();
});

/** The member's mailbox: waits for the e-mail with this subject and returns the link it carries, on this server. */
async function linkFromMail(subject: string, param?: string): Promise<string> {
  let mail: ParsedMail | undefined;
  await expect
    .poll(
      () => (mail = peer.received.find((m) => m.subject === subject && m.to && JSON.stringify(m.to).includes(email))),
      { timeout: 30_000, interval: 250 },
    )
    .toBeTruthy();
  const links = (mail!.text ?? '').match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((l) => !param || l.includes(`${param}=`));
  expect(link, mail!.text).toMatch(/^http/);
  const url = new URL(link!);
  return `${server.url}${url.pathname}${url.search}`;
}

const user = () =>
  server.app.db
    .selectFrom('users')
    .select(['hash', 'status', 'role', 'cv_file', 'profile_complete', 'email_confirmed_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

async function context(width = 1400): Promise<{ ctx: BrowserContext; page: Page; errors: string[] }> {
  const ctx = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
  const { page, errors } = await newPage(ctx);
  return { ctx, page, errors };
}

/** A minimal valid PDF, as a member's CV would be. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('a new member, from registration to applying', () => {
  it('registers, is validated by e-mail, completes the profile, uploads a CV and applies', async () => {
    const member = await context();
    const { page } = member;

    // 1. register as Bold (the IBAN later), in English
    await page.goto(`${server.url}/en/user/register`);
    const personal = page.locator('#register-personal');
    await personal.waitFor();
    for (const [id, value] of [
      ['name', 'Núria'],
      ['surname1', 'Camps'],
      ['birthdate', '02/07/1996'],
      ['document_number', '12345678Z'],
      ['mobile', '+34 622 111 333'],
      ['email', email],
      ['email_repeat', email],
      ['password', PASSWORD],
      ['password_repeat', PASSWORD],
      ['graduation_year', '2019'],
    ] as const) {
      await personal.locator(`#root_${id}`).fill(value);
    }
    await personal.getByRole('radio', { name: 'Female' }).check();
    await personal.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#register-membership').waitFor();
    await page.getByRole('radio', { name: /Bold/ }).check();
    await page.getByRole('radio', { name: /decide later/ }).check();
    await page.locator('#root_is_conditions').check();
    await page.locator('#root_is_privacy').check();
    await page.getByRole('button', { name: 'Send my registration' }).click();
    await page.getByText('Registration received').waitFor();
    expect(await user()).toMatchObject({ status: 'PENDING', role: 'REGULAR', email_confirmed_at: null });

    // 2. the confirmation e-mail arrives at the SMTP peer; its link confirms the address
    await page.goto(await linkFromMail('Confirm your e-mail address', 'confirm'));
    await page.getByText('Address confirmed').waitFor();
    expect((await user()).email_confirmed_at).not.toBeNull();

    // 3. an administrator finds the registration (address confirmed) and validates it
    const admin = await context();
    await admin.page.goto(`${server.url}/en/admin/login`);
    await admin.page.locator('#root_email').fill('admin@demo.test');
    await admin.page.locator('#root_password').fill('demo-password');
    await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await admin.page.waitForURL(/\/en\/admin\/users$/);
    await admin.page.getByPlaceholder('Name, e-mail or document').fill(email);
    await admin.page.getByPlaceholder('Name, e-mail or document').press('Enter');
    const rows = admin.page.locator('[data-testid="admin-users"] tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).not.toContain('Unconfirmed');
    await rows.first().locator('[data-action="VALIDATED"]').click();
    await admin.page.locator('.ant-popconfirm').getByRole('button', { name: 'Validate' }).click();
    await admin.page.getByText('Member validated').first().waitFor();
    await admin.ctx.close();
    // a Bold registration starts the free period
    await expect.poll(async () => (await user()).status).toBe('VALIDATED');
    expect((await user()).role).toBe('GRATIS');

    // 4. the "account active" e-mail leads to the sign-in page; she signs in
    await page.goto(await linkFromMail('Your Alumni account is now active'));
    await page.locator('#root_email').fill(email);
    await page.locator('#root_password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('user-menu').waitFor();

    // 5. "My projects" needs a complete profile: the profile page says so and what is missing
    await page.goto(`${server.url}/en/user/portfolios`);
    await page.waitForURL(/\/en\/user\/profile/);
    const notice = page.getByTestId('guard-notice');
    await notice.waitFor();
    const said = (await notice.textContent()) ?? '';
    expect(said).toContain('“My projects” needs a complete profile');
    for (const field of ['City', 'Country of residence', 'Current job']) expect(said).toContain(field);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/journey-profile-incomplete-1400.png`, fullPage: true });

    // 6. complete it: personal (city, country), academic (studies), professional (current job)
    await page.locator('#root_city').fill('Girona');
    await page.locator('#root_country_code').click();
    await page.keyboard.type('Spain');
    await page
      .locator('.ant-select-item-option', { hasText: /^Spain$/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await page.getByRole('tab', { name: 'Academic' }).click();
    if (said.includes('Studies')) {
      await page.locator('#root_category').click();
      await page.locator('.ant-select-tree-treenode-leaf-last .ant-select-tree-node-content-wrapper').first().click();
      await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByText('Saved').count()).toBeGreaterThan(0);
    }
    await page.getByRole('tab', { name: 'Professional' }).click();
    await page.locator('#root_current_job').fill('Product designer');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await notice.getByText('Your profile is complete!').waitFor();
    expect((await user()).profile_complete).toBe(1);
    await notice.getByRole('button', { name: 'Go to “My projects”' }).click();
    await page.waitForURL(/\/en\/user\/portfolios$/);

    // 7. upload a CV on the files tab
    await page.goto(`${server.url}/en/user/profile?tab=files`);
    const cvSection = page.locator('.profile-files section', { hasText: 'CV (PDF)' });
    await cvSection
      .locator('input[type=file]')
      .setInputFiles({ name: 'cv-nuria.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(async () => (await user()).cv_file, { timeout: 20_000 }).not.toBeNull();
    await cvSection.getByRole('link', { name: /Download/ }).waitFor();

    // 8. apply to an offer
    const job = await server.app.db
      .selectFrom('jobs')
      .select(['hash', 'slug'])
      .where('status', '=', 'PUBLISHED')
      .orderBy('cdate', 'desc')
      .executeTakeFirstOrThrow();
    await page.goto(`${server.url}/en/jobs/${job.slug}`);
    await page.getByTestId('apply').click();
    await page.getByText('You have applied.').waitFor();
    const me = await user();
    expect(
      await server.app.db
        .selectFrom('applicants')
        .select('status')
        .where('job_hash', '=', job.hash)
        .where('user_hash', '=', me.hash)
        .executeTakeFirst(),
    ).toEqual({ status: 'PENDING' });

    // 9. GRATIS without an IBAN: the first page behind the gratis guard asks for it, once per session
    await page.goto(`${server.url}/en/user/jobs/subscribed`);
    await page.waitForURL(/\/en\/user\/profile\/settings-iban/);
    await page.getByTestId('guard-notice').getByText('Your free Bold period needs a bank account').waitFor();
    await page.getByTestId('guard-continue').click();
    await page.waitForURL(/\/en\/user\/jobs\/subscribed$/);
    await page.goto(`${server.url}/en/user/jobs/subscribed`);
    await settle(page);
    expect(new URL(page.url()).pathname).toBe('/en/user/jobs/subscribed');
    await member.ctx.close();
  });
});
