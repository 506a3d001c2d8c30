/**
 * Messages in Chromium (issue 29, "Done when"): a Bold member finds in the directory a member who accepts messages,
 * writes from the profile; the recipient, already signed in elsewhere, sees the header's unread badge appear without
 * a reload (it polls every 20 s), opens the thread from the inbox and answers; the writer blocks. A company writes to
 * a candidate from its candidates page and the candidate answers from their messages. axe (WCAG 2.2 AA) on the inbox
 * and the thread; screenshots of both at 1400 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const SHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

async function signedIn(email: string, options: { company?: boolean } = {}) {
  const context = await withCookieChoice(
    await browser.newContext({ viewport: { width: 1400, height: 900 } }),
    server.url,
  );
  const { page, errors } = await newPage(context);
  await signInAt(page, server.url, email, options);
  return { context, page, errors };
}

/** Writes `text` in the thread's answer form and waits until it is in the thread. */
async function answer(page: Page, text: string) {
  await page.locator('#root_text').fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByTestId('thread').getByText(text).waitFor();
}

/** The page settled (no spinner) before axe and the screenshots at both widths. */
async function checkAndShoot(page: Page, label: string, failures: string[]) {
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 900 });
    failures.push(...(await axeViolations(page, `${label} @${width}`, { tags: WCAG_22_AA })));
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label} @${width}`).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `${SHOTS}/e2e-messages-${label}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

describe('messages between members', () => {
  it('a Bold member writes from the directory; the other sees the badge, answers; the first one blocks', async () => {
    const recipient = await server.app.db
      .selectFrom('users')
      .select(['name', 'surname1', 'surname2', 'accepts_messages', 'role'])
      .where('email', '=', 'gratis@demo.test')
      .executeTakeFirstOrThrow();
    // GRATIS accepts messages unless they said otherwise (null = the role's default)
    expect([recipient.role, recipient.accepts_messages]).toEqual(['GRATIS', null]);
    const fullName = [recipient.name, recipient.surname1, recipient.surname2].filter(Boolean).join(' ');

    // the recipient is signed in and on their home before the message is sent
    const other = await signedIn('gratis@demo.test');
    await other.page.goto(`${server.url}/en/user`);
    const badge = other.page.getByTestId('messages-badge');
    await badge.waitFor();
    expect(await badge.locator('.messages-badge-count').count()).toBe(0);

    const writer = await signedIn('bold@demo.test');
    await writer.page.goto(`${server.url}${localizePath('community.directory', 'en')}`);
    await writer.page.locator('#filter-text').fill(`${recipient.name} ${recipient.surname1}`);
    const card = writer.page.getByTestId('directory-card').filter({ hasText: recipient.surname1 });
    await card.first().locator('.card-title a').click();
    await writer.page.locator('h1').filter({ hasText: fullName }).waitFor();
    await writer.page.getByTestId('write-message').click();
    const dialog = writer.page.getByRole('dialog');
    expect(await dialog.getByText(`Write to ${fullName}`).count()).toBe(1);
    expect(await dialog.locator('label[for="root_text"]').textContent()).toContain('Your message');
    await dialog.locator('#root_text').fill('Hello! Are you still working in Girona? https://example.org/x');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await writer.page.waitForURL(/\/en\/user\/messages\/[^/]+$/);
    await writer.page.getByTestId('thread').getByText('Are you still working in Girona?').waitFor();
    const link = writer.page.getByTestId('thread').getByRole('link', { name: /example\.org/ });
    expect(await link.getAttribute('rel')).toMatch(/noopener/);

    // no reload: the badge's poll brings the count
    await badge.locator('.messages-badge-count').waitFor({ timeout: 45_000 });
    expect(await badge.locator('.messages-badge-count').textContent()).toBe('1');
    // a red bubble on the envelope, not a bare digit beside it (the merge once nested these rules out of reach)
    expect(
      await badge
        .locator('.messages-badge-count')
        .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).position]),
    ).toEqual(['rgb(179, 38, 30)', 'absolute']);
    expect(await badge.getAttribute('aria-label')).toBe('Messages: 1 unread messages');
    await badge.click();
    await other.page.waitForURL(/\/en\/user\/messages$/);
    const conversation = other.page.getByTestId('conversation-link').first();
    await conversation.waitFor();
    const failures: string[] = [];
    await checkAndShoot(other.page, 'inbox', failures);
    expect(await other.page.getByTestId('inbox').textContent()).toContain('Are you still working in Girona?');
    await conversation.click();
    await other.page.getByTestId('thread').getByText('Are you still working in Girona?').waitFor();
    // opening the thread read it: the header says so without waiting for the next poll
    await expect.poll(() => badge.locator('.messages-badge-count').count(), { timeout: 5_000 }).toBe(0);
    expect(await other.page.locator('label[for="root_text"]').textContent()).toContain('Your message');
    await answer(other.page, 'Yes, still there. Happy to talk.');
    await checkAndShoot(other.page, 'thread', failures);
    expect(failures).toEqual([]);
    await other.page.reload();
    await badge.waitFor();
    expect(await badge.locator('.messages-badge-count').count()).toBe(0);

    await writer.page.reload();
    await writer.page.getByTestId('thread').getByText('Yes, still there. Happy to talk.').waitFor();
    // blocking asks first (it acted at once, beside Archive); nothing is blocked before the answer
    await writer.page.getByTestId('block').click();
    const confirm = writer.page.locator('.ant-popconfirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('will not be told');
    expect(await server.app.db.selectFrom('message_blocks').selectAll().execute()).toHaveLength(0);
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await writer.page.getByText('You blocked this person.').waitFor();
    expect(await writer.page.getByTestId('block').textContent()).toBe('Unblock');
    expect(await writer.page.locator('#root_text').count()).toBe(0);
    const blocks = await server.app.db.selectFrom('message_blocks').selectAll().execute();
    expect(blocks).toHaveLength(1);

    expect(writer.errors, writer.errors.join('\n')).toEqual([]);
    expect(other.errors, other.errors.join('\n')).toEqual([]);
    await writer.context.close();
    await other.context.close();
  });
});

describe('a company and a candidate', () => {
  it('the company writes from its candidates page; the candidate answers from "My applications"', async () => {
    const db = server.app.db;
    const candidate = await db
      .selectFrom('applicants')
      .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      .innerJoin('users', 'users.hash', 'applicants.user_hash')
      .select([
        'jobs.hash as job',
        'jobs.title',
        'users.email',
        'users.name',
        'users.surname1',
        'companies.company_name as company',
        'applicants.hash as application',
      ])
      .where('companies.email', '=', 'company@demo.test')
      .where('applicants.status', '=', 'PENDING')
      .where('users.status', '=', 'VALIDATED')
      .where('users.role', '=', 'BOLD') // "My applications" is theirs (a GRATIS one is first asked for a way to pay)
      .orderBy('users.email')
      .executeTakeFirstOrThrow();
    // the newest application, so that it is on the first page of the candidate's "My applications"
    await db
      .updateTable('applicants')
      .set({ created_at: new Date().toISOString() })
      .where('hash', '=', candidate.application)
      .execute();

    const company = await signedIn('company@demo.test', { company: true });
    await company.page.goto(`${server.url}${localizePath('company.jobs.users', 'en', { hash: candidate.job })}`);
    await company.page.getByTestId('company-candidates').waitFor();
    const row = company.page
      .locator('[data-testid="company-candidates"] tbody tr.ant-table-row')
      .filter({ hasText: `${candidate.name} ${candidate.surname1}` });
    await row.first().getByTestId('write-message').click();
    const dialog = company.page.getByRole('dialog');
    await dialog.locator('#root_text').fill('Could you come for an interview next week?');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await company.page.waitForURL(/\/en\/company\/messages\/[^/]+$/);
    await company.page.getByTestId('thread').getByText('Could you come for an interview next week?').waitFor();
    expect(await company.page.locator('.page-heading').textContent()).toContain(candidate.title);

    const member = await signedIn(candidate.email);
    await member.page.goto(`${server.url}/en/user/messages`);
    const conversation = member.page.getByTestId('conversation-link').filter({ hasText: candidate.company });
    await conversation.waitFor();
    expect(await member.page.getByTestId('inbox').textContent()).toContain(`About the offer: ${candidate.title}`);
    // issue 29: the conversation is shown beside the application in "My applications", and answered from there
    await member.page.goto(`${server.url}${localizePath('user.jobs.subscribed', 'en')}`);
    const application = member.page
      .locator('[data-testid="user-applications"] tr.ant-table-row')
      .filter({ hasText: candidate.title });
    const fromApplication = application.getByTestId('application-conversation');
    await fromApplication.waitFor();
    expect(await application.locator('.ant-badge-count').textContent()).toBe('1');
    await fromApplication.click();
    await member.page.waitForURL(/\/en\/user\/messages\/[^/]+$/);
    await answer(member.page, 'Yes, Tuesday morning suits me.');
    expect(await member.page.getByTestId('block').count()).toBe(1);

    await company.page.reload();
    await company.page.getByTestId('thread').getByText('Yes, Tuesday morning suits me.').waitFor();
    await company.page.goto(`${server.url}/en/company/messages`);
    await company.page.getByTestId('conversation-link').first().waitFor();
    expect(await axeViolations(company.page, 'company inbox', { tags: WCAG_22_AA })).toEqual([]);

    expect(company.errors, company.errors.join('\n')).toEqual([]);
    expect(member.errors, member.errors.join('\n')).toEqual([]);
    await company.context.close();
    await member.context.close();
  });
});
