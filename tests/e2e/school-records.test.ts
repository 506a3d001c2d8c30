/**
 * The school's records and the members import in Chromium (issue 28 §1, §3, "Done when"): an administrator uploads a
 * small CSV on "School records", sees the preview (nothing written yet), imports it and finds the row in the list;
 * on "Import members" a CSV with one member is previewed, imported, and the invitation is listed. axe (WCAG 2.2 AA) on
 * both pages with their previews; the records preview at 1400 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const SHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

async function asAdmin() {
  const context = await withCookieChoice(
    await browser.newContext({ viewport: { width: 1400, height: 900 } }),
    server.url,
  );
  const { page, errors } = await newPage(context);
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/admin\/users$/);
  return { context, page, errors };
}

/** Chooses `text` as a CSV in the page's (hidden) file input. */
const choose = (page: Page, name: string, text: string) =>
  page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

const count = async (table: 'school_records' | 'users') =>
  Number(
    (
      await server.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('school records', () => {
  it('uploads a CSV, sees the preview, imports it and finds the row in the list', async () => {
    const { context, page, errors } = await asAdmin();
    await page.goto(`${server.url}/en/admin/schoolRecords`);
    await page.getByRole('heading', { name: 'School records', level: 2 }).waitFor();
    const before = await count('school_records');
    await choose(
      page,
      'records.csv',
      [
        'DNI;Nombre;Apellidos;Estudios;Primer curso;Último curso;Fecha de graduación;Tipo',
        '12345678-z;Ana;Vilaprova;Ingeniería Informática;2010/2011;2013/2014;01/07/2014;alumna',
        'X1234567L;Jordi;Puigprova;;;;;profesor',
      ].join('\n'),
    );
    const preview = page.getByTestId('records-preview');
    await preview.waitFor();
    expect(await preview.locator('.ant-alert').first().textContent()).toContain(
      'Preview: 2 new, 0 changed, 0 unchanged, 0 refused. Nothing has been saved yet.',
    );
    expect(await preview.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await preview.textContent()).toContain('Vilaprova');
    expect(await count('school_records')).toBe(before);
    expect(await axeViolations(page, 'school records preview', { tags: WCAG_22_AA })).toEqual([]);
    for (const width of [1400, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/e2e-school-records-preview-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.getByTestId('records-confirm').click();
    await preview.getByText('Imported: 2 new, 0 changed, 0 unchanged, 0 refused.').waitFor();
    expect(await count('school_records')).toBe(before + 2);
    await page.getByLabel('Search by name, e-mail, studies or document').fill('Vilaprova');
    await page.keyboard.press('Enter');
    const list = page.locator('[data-testid="admin-school-records"] > .ant-table-wrapper tbody tr.ant-table-row');
    await expect.poll(() => list.count()).toBe(1);
    expect(await list.first().textContent()).toContain('Ana Vilaprova');
    // the document number is never shown
    expect(await page.locator('body').textContent()).not.toMatch(/12345678/);

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});

describe('members import', () => {
  it('previews a CSV with one member, imports it, and lists the invitation', async () => {
    const { context, page, errors } = await asAdmin();
    await page.goto(`${server.url}/en/admin/member-import`);
    await page.getByTestId('admin-member-import').waitFor();
    const before = await count('users');
    await choose(
      page,
      'members.csv',
      [
        'Member number,E-mail,Name,First surname,Second surname,Document number,Tier,Paid until,Language,Appears to members,Appears to companies,Newsletter',
        '20001,nova.import@example.test,Nova,Serraprova,,11111111H,Regular,,en,yes,no,yes',
      ].join('\n'),
    );
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true);
    await page.getByTestId('import-preview').click();
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'Serraprova' }).first();
    await row.waitFor();
    expect(await page.locator('section .ant-tag').first().textContent()).toBe('New: 1');
    expect(await count('users')).toBe(before);
    expect(await axeViolations(page, 'member import preview', { tags: WCAG_22_AA })).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/e2e-member-import-preview-1400.png`, fullPage: true });

    await page.getByTestId('import-confirm').click();
    await page.getByText('Imported: 1 new, 0 changed, 0 unchanged.').waitFor();
    expect(await count('users')).toBe(before + 1);
    const invitation = page
      .locator('tr.ant-table-row')
      .filter({ hasText: 'Nova Serraprova <nova.import@example.test>' });
    await invitation.waitFor();
    expect(await invitation.first().textContent()).toContain('20001');
    await invitation.first().getByTestId('invitation-resend').waitFor();

    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
