/** The candidates table in the browser (issue 11 §7): filter, put one in process (their contact appears), open the drawer, discard in bulk, export CSV; 1400 and 360 px. */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let job = '';

onBrowserSuite((live) => ({ server, browser } = live));
beforeAll(async () => {
  const db = server.app.db;
  const company = (
    await db.selectFrom('companies').select('hash').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow()
  ).hash;
  // the company's offer with the most pending applications
  const rows = await db
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
    .select(['jobs.hash', (eb) => eb.fn.countAll<number>().as('n')])
    .where('jobs.company_hash', '=', company)
    .where('applicants.status', '=', 'PENDING')
    .groupBy('jobs.hash')
    .orderBy('n', 'desc')
    .execute();
  expect(Number(rows[0]?.n ?? 0)).toBeGreaterThanOrEqual(2);
  job = rows[0]!.hash;
  context = await withCookieChoice(
    await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true }),
    server.url,
  );
  ({ page, errors } = await newPage(context));
  await signInAt(page, server.url, 'company@demo.test', { company: true });
});

const rows = () => page.locator('[data-testid="company-candidates"] tbody tr.ant-table-row');

describe('candidates', () => {
  it('puts one in process from the table: their e-mail appears and they are told', async () => {
    await page.goto(`${server.url}/en/company/jobs/${job}`);
    await page.getByTestId('to-candidates').click();
    await page.getByTestId('company-candidates').waitFor();
    await page.locator('.ant-select[aria-label="Status"], [aria-label="Status"]').first().click();
    await page
      .locator('.ant-select-dropdown')
      .last()
      .locator('.ant-select-item-option')
      .filter({ hasText: 'Pending' })
      .click();
    await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(2);
    const first = rows().first();
    const name = (await first.getByTestId('candidate-name').textContent())!;
    await first.getByTestId('candidate-move').click();
    // the row's own dropdown is the last one opened
    await page
      .locator('.ant-select-dropdown')
      .last()
      .locator('.ant-select-item-option')
      .filter({ hasText: 'In process' })
      .click();
    await page.getByText('Application in process').first().waitFor();
    const applicant = await server.app.db
      .selectFrom('applicants')
      .innerJoin('users', 'users.hash', 'applicants.user_hash')
      .select(['applicants.status', 'users.email'])
      .where('applicants.job_hash', '=', job)
      .where((eb) =>
        eb(
          eb.fn('concat', ['users.name', eb.val(' '), 'users.surname1']),
          'like',
          `${name.split(' ').slice(0, 2).join(' ')}%`,
        ),
      )
      .executeTakeFirst();
    if (applicant) expect(applicant.status).toBe('ACCEPTED');
    // the list was filtered on PENDING: show all and find them in process with their e-mail
    await page.locator('.ant-select[aria-label="Status"], [aria-label="Status"]').first().click();
    await page
      .locator('.ant-select-dropdown')
      .filter({ hasText: 'All statuses' })
      .locator('.ant-select-item-option')
      .filter({ hasText: 'All statuses' })
      .click();
    const row = rows().filter({ hasText: name }).first();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('@');
    await row.getByTestId('candidate-name').click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.waitFor();
    expect(await drawer.textContent()).toContain('E-mail');
    await page.screenshot({ path: '/tmp/e2e-candidates-drawer-1400.png' });
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it("shows the candidate's note to the company under their name and in the drawer (issue 25 §18)", async () => {
    const pending = await server.app.db
      .selectFrom('applicants')
      .select('hash')
      .where('job_hash', '=', job)
      .where('status', '=', 'PENDING')
      .orderBy('hash')
      .executeTakeFirstOrThrow();
    await server.app.db
      .updateTable('applicants')
      .set({ note: 'I could start in January.\nHappy to talk.' })
      .where('hash', '=', pending.hash)
      .execute();
    await page.reload();
    const noted = rows().filter({ has: page.getByTestId('candidate-note') });
    await expect.poll(() => noted.count(), { timeout: 30_000 }).toBe(1);
    expect(await noted.getByTestId('candidate-note').textContent()).toContain('I could start in January.');
    await noted.getByTestId('candidate-name').click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.waitFor();
    expect(await drawer.getByTestId('candidate-drawer-note').textContent()).toBe(
      'I could start in January.\nHappy to talk.',
    );
    expect(await drawer.textContent()).toContain('Note from the candidate');
    await page.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('discards the selected rows and exports the filtered rows to CSV', async () => {
    await rows().first().waitFor();
    const selectable = rows()
      .filter({ has: page.locator('.ant-checkbox-input:not([disabled])') })
      .first();
    await selectable.locator('.ant-table-selection-column .ant-checkbox-wrapper').click();
    await page.locator('[data-bulk="CANCELLED"]').waitFor();
    await page.locator('[data-bulk="CANCELLED"]').click();
    await page
      .getByText(/discarded/)
      .first()
      .waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('candidates-export').click();
    const file = `/tmp/e2e-candidates-${process.pid}.csv`;
    await (await download).saveAs(file);
    const csv = (await readFile(file, 'utf8')).replace(/^\ufeff/, '');
    expect(csv.split('\n')[0]).toBe(
      'Name,Surnames,Studies,Graduation year,Current job,City,Applied on,Status,E-mail,Phone',
    );
    expect(csv).toContain('discarded');
    await page.screenshot({ path: '/tmp/e2e-candidates-1400.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  it('fits 360 px: each row keeps the candidate and a status control on screen, the rest under the name and in the drawer', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await rows().first().waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    // the status of the first movable row is within the screen, without swiping the table
    const control = rows()
      .filter({ has: page.getByTestId('candidate-move') })
      .first()
      .getByTestId('candidate-move');
    await expect
      .poll(async () => {
        const box = await control.boundingBox();
        return box ? box.x + box.width : 9999;
      })
      .toBeLessThanOrEqual(360);
    expect(await rows().first().textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await page.screenshot({ path: '/tmp/e2e-candidates-360.png', fullPage: true });
    await context.close();
  });
});
