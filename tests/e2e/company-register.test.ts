/** A company joins in the browser (issue 11 §1–§2): two-tab registration with the CIF checked, the association validates it in the back office, the company signs in. */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

const email = `rrhh.${Date.now().toString(36)}@tallernord.example`;

describe('a company joins', () => {
  it('registers in two tabs, the CIF checked before anything is sent', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/company/register`);
    await page.getByTestId('company-register').waitFor();
    await page.locator('#root_company_name').fill('Taller Nord SL');
    await page.locator('#root_document_number_company').fill('B12345670');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    // the error is on the CIF's own field, and nothing was sent
    expect(await page.locator('.ant-form-item-has-error #root_document_number_company').count()).toBe(1);
    await page.screenshot({ path: '/tmp/e2e-company-register-cif-1400.png' });
    await page.locator('#root_document_number_company').fill('B12345674');
    await page.locator('#root_url').fill('https://tallernord.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('#root_contact_name').waitFor();
    await page.locator('#root_contact_name').fill('Marta Soler');
    await page.locator('#root_email').fill(email);
    await page.locator('#root_password').fill('a-long-password');
    await page.locator('#root_password_repeat').fill('a-long-password');
    await page.locator('#root_is_conditions').check();
    await page.screenshot({ path: '/tmp/e2e-company-register-1400.png', fullPage: true });
    await page.getByRole('button', { name: 'Send the registration' }).click();
    await page.getByText('We have received your company’s registration').waitFor();
    const row = await server.app.db
      .selectFrom('companies')
      .select(['status', 'document_number_company'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'PENDING', document_number_company: 'B12345674' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is validated by the association in the company queue, then signs in and reaches its offers', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page } = await newPage(context);
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/en\/admin\/users$/);
    await page.getByRole('menuitem', { name: 'Companies' }).click();
    const row = page
      .locator('[data-testid="admin-companies"] tbody tr.ant-table-row')
      .filter({ hasText: 'Taller Nord SL' });
    await row.waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-companies-1400.png', fullPage: true });
    await row.locator('[data-action="VALIDATED"]').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Validate' }).click();
    await page.getByText('Company validated').first().waitFor();
    expect(
      (
        await server.app.db
          .selectFrom('companies')
          .select('status')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('VALIDATED');
    await context.close();

    const companyContext = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page: company } = await newPage(companyContext);
    await signInAt(company, server.url, email, { company: true, password: 'a-long-password' });
    await company.goto(`${server.url}/en/company/jobs`);
    await company.getByTestId('company-jobs').waitFor();
    await company.getByText('You have not published any offer yet').waitFor();
    expect(await company.locator('.ant-table-row').count()).toBe(0);
    await companyContext.close();
  });
});
