/**
 * Issue 11 "Done when", in one browser story and three languages: a new company registers (in Spanish), the
 * association validates it and publishes its offer (in English), a member reads the offer (a view) and applies (in
 * Catalan), the company accepts them — the member is e-mailed in Catalan and sees "in process" — exports its
 * candidates to CSV and closes the offer with the survey. Every text the test clicks is read from the locale files,
 * so the screens are checked to speak the visitor's language.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';
import { webTexts } from '../helpers/webTexts';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

type Texts = Record<string, string>;
const texts = (lng: string): Texts => webTexts(lng);
const es = texts('es');
const ca = texts('ca');

const stamp = Date.now().toString(36);
const EMAIL = `seleccion.${stamp}@estudiolumen.example`;
const PASSWORD = 'una-clave-larga';
const COMPANY = `Estudio Lumen ${stamp}`;
const TITLE = `Diseñadora de iluminación ${stamp}`;
let offerHash = '';

async function open(
  viewport = { width: 1400, height: 900 },
): Promise<{ page: Page; errors: string[]; done: () => Promise<void> }> {
  const context = await withCookieChoice(await browser.newContext({ viewport }), server.url);
  const { page, errors } = await newPage(context);
  return { page, errors, done: () => context.close() };
}

async function asAdmin(run: (page: Page) => Promise<void>): Promise<void> {
  const { page, errors, done } = await open();
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/admin\/users$/);
  await run(page);
  expect(errors).toEqual([]);
  await done();
}

const option = (page: Page, text: string) =>
  page
    .locator('.ant-select-dropdown')
    .last()
    .locator('.ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();

describe('a company from registration to a closed offer', () => {
  it('registers in Spanish and waits for the association', async () => {
    const { page, errors, done } = await open();
    await page.goto(`${server.url}${localizePath('company.register', 'es')}`);
    await page.getByTestId('company-register').waitFor();
    await page.locator('#root_company_name').fill(COMPANY);
    await page.locator('#root_document_number_company').fill('B12345674');
    await page.getByRole('button', { name: es['register.next'] }).click();
    await page.locator('#root_contact_name').fill('Clara Ferrer');
    await page.locator('#root_email').fill(EMAIL);
    await page.locator('#root_password').fill(PASSWORD);
    await page.locator('#root_password_repeat').fill(PASSWORD);
    await page.locator('#root_is_conditions').check();
    await page.getByRole('button', { name: es['companyRegister.submit'] }).click();
    await page.getByText(es['companyRegister.done.title']!).waitFor();
    expect(errors).toEqual([]);
    await done();
    const mails = await server.app.db
      .selectFrom('email_outbox')
      .select(['template', 'language'])
      .where('to_address', '=', EMAIL)
      .execute();
    expect(mails).toEqual([{ template: 'account.received', language: 'es' }]);
  });

  it('is validated by the association in English and e-mailed in Spanish', async () => {
    await asAdmin(async (page) => {
      await page.getByRole('menuitem', { name: 'Companies' }).click();
      const row = page.locator('[data-testid="admin-companies"] tbody tr.ant-table-row').filter({ hasText: COMPANY });
      await row.locator('[data-action="VALIDATED"]').click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Validate' }).click();
      await page.getByText('Company validated').first().waitFor();
    });
    const mail = await server.app.db
      .selectFrom('email_outbox')
      .select(['template', 'language'])
      .where('to_address', '=', EMAIL)
      .where('template', '=', 'company.validated')
      .executeTakeFirstOrThrow();
    expect(mail.language).toBe('es');
  });

  it('signs in and sends an offer for review, in Spanish', async () => {
    const { page, errors, done } = await open();
    await signInAt(page, server.url, EMAIL, { company: true, password: PASSWORD, lng: 'es' });
    await page.goto(`${server.url}${localizePath('company.jobs.new', 'es')}`);
    await page.getByTestId('offer-new').waitFor();
    await page.locator('#root_title').fill(TITLE);
    await page.locator('#root_location').fill('Girona');
    await page.locator('#root_contract').click();
    await option(page, es['jobs.contract.INDEFINITE']!);
    await page
      .locator('#root_description')
      .fill('Proyectos de **iluminación** para hoteles y comercios, con nuestro equipo de ingeniería.');
    // the salary range (issue 25 §17) is part of the company's form
    await page.locator('#root_salary_min').fill('30000');
    await page.locator('#root_salary_max').fill('36000');
    await page.locator('#root_salary_currency').fill('EUR');
    await page.locator('#root_salary_period').click();
    await option(page, es['jobs.salaryPer.year']!);
    await page.getByRole('button', { name: es['offers.form.toPreview'] }).click();
    await page.getByTestId('offer-preview').waitFor();
    await page.getByTestId('offer-confirm').click();
    await page.getByTestId('offer-show').waitFor();
    expect(await page.getByTestId('offer-status').textContent()).toBe(es['offers.status.PENDING']);
    offerHash = page.url().split('/').pop()!;
    const salary = await server.app.db
      .selectFrom('jobs')
      .select(['salary_min', 'salary_max', 'salary_currency', 'salary_period'])
      .where('hash', '=', offerHash)
      .executeTakeFirstOrThrow();
    expect(salary).toEqual({ salary_min: 30000, salary_max: 36000, salary_currency: 'EUR', salary_period: 'year' });
    expect(errors).toEqual([]);
    await done();
  });

  it('is published by the association from its offer queue', async () => {
    await asAdmin(async (page) => {
      await page.getByRole('menuitem', { name: 'Offers' }).click();
      const row = page.locator('[data-testid="admin-jobs"] tbody tr.ant-table-row').filter({ hasText: TITLE });
      await row.locator('[data-move="PUBLISHED"]').click();
      await page.getByText('Offer published').first().waitFor();
    });
    const job = await server.app.db
      .selectFrom('jobs')
      .select(['status', 'slug'])
      .where('hash', '=', offerHash)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('PUBLISHED');
  });

  it('is read and applied to by a member in Catalan', async () => {
    // the member reads the portal in Catalan, their account's language (the e-mails follow it)
    await server.app.db.updateTable('users').set({ language: 'ca' }).where('email', '=', 'bold@demo.test').execute();
    const { page, errors, done } = await open();
    await signInAt(page, server.url, 'bold@demo.test', { lng: 'ca' });
    const slug = (
      await server.app.db.selectFrom('jobs').select('slug').where('hash', '=', offerHash).executeTakeFirstOrThrow()
    ).slug;
    await page.goto(`${server.url}${localizePath('jobs.show', 'ca', { slug })}`);
    await page.getByTestId('apply').click();
    await expect.poll(() => page.getByTestId('apply').getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
    expect(errors).toEqual([]);
    await done();
    // the member's reading is a view of the offer (buffered, then written)
    await server.app.jobViews.flush();
    expect(
      Number(
        (
          await server.app.db
            .selectFrom('job_views')
            .select('views')
            .where('job_hash', '=', offerHash)
            .executeTakeFirst()
        )?.views ?? 0,
      ),
    ).toBe(1);
  });

  it('accepts the member, exports the candidates and closes the offer with the survey, in Spanish', async () => {
    const { page, errors, done } = await open();
    await signInAt(page, server.url, EMAIL, { company: true, password: PASSWORD, lng: 'es' });
    await page.goto(`${server.url}${localizePath('company.jobs', 'es')}`);
    const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
    await expect.poll(() => row.getByTestId('views').textContent()).toBe('1');
    await page.goto(`${server.url}${localizePath('company.jobs.users', 'es', { hash: offerHash })}`);
    const candidate = page.locator('[data-testid="company-candidates"] tbody tr.ant-table-row').first();
    await candidate.waitFor();
    await candidate.getByTestId('candidate-move').click();
    await option(page, es['lists.applications.status.ACCEPTED']!);
    await expect.poll(() => candidate.getByText('@demo.test').count(), { timeout: 30_000 }).toBeGreaterThan(0); // contact shown once in process
    const download = page.waitForEvent('download');
    await page.getByTestId('candidates-export').click();
    const file = `/tmp/journey-candidates-${stamp}.csv`;
    await (await download).saveAs(file);
    const csv = readFileSync(file, 'utf8');
    expect(csv).toContain('bold@demo.test');
    await page.goto(`${server.url}${localizePath('company.jobs.survey', 'es', { hash: offerHash })}`);
    await page.getByTestId('offer-survey').waitFor();
    await page.locator('#root_rating_jobbank .ant-rate-star').nth(4).click();
    await page.locator('#root_rating_candidates .ant-rate-star').nth(3).click();
    await page.getByLabel(es['common.no']!, { exact: true }).check();
    await page.getByRole('button', { name: es['offers.survey.submit'] }).click();
    await page.getByTestId('offer-show').waitFor();
    await expect
      .poll(() => page.getByTestId('offer-status').textContent(), { timeout: 30_000 })
      .toBe(es['offers.status.CLOSED']);
    expect(errors).toEqual([]);
    await done();
  });

  it('has told the member in Catalan, who sees the application in process', async () => {
    const mail = await server.app.db
      .selectFrom('email_outbox')
      .select(['template', 'language'])
      .where('to_address', '=', 'bold@demo.test')
      .where('template', '=', 'application.status')
      .executeTakeFirstOrThrow();
    expect(mail.language).toBe('ca');
    const { page, done } = await open({ width: 360, height: 760 });
    await signInAt(page, server.url, 'bold@demo.test', { lng: 'ca' });
    await page.goto(`${server.url}${localizePath('user.jobs.subscribed', 'ca')}`);
    const status = page.getByTestId('user-applications').locator('[data-testid="application-status"]').first();
    await status.waitFor();
    const row = page.getByTestId('user-applications').getByText(TITLE).first();
    await row.waitFor();
    expect(await page.getByTestId('user-applications').textContent()).toContain(
      ca['lists.applications.status.ACCEPTED'],
    );
    await page.screenshot({ path: '/tmp/e2e-journey-applications-ca-360.png', fullPage: true });
    await done();
  });
});
