/**
 * The association's dashboard in the back office (issue 14 §6): the demo administrator opens it from the first entry of
 * the menu (and from /{lng}/admin), sees the charts and, beside them, tables whose numbers are the demo database's, in
 * English and in Spanish (labels, month names, decimal commas); the chart library is downloaded only by the dashboard;
 * no serious accessibility violation, no console error. Saves /tmp/dash-1400.png and /tmp/dash-es-1400.png.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

/** The demo database's figures, read straight from its tables. */
async function demoFigures() {
  const db = server.app.db;
  const users = await db.selectFrom('users').select(['role', 'status']).execute();
  const jobs = await db.selectFrom('jobs').select('status').execute();
  const applicants = await db.selectFrom('applicants').select('status').execute();
  const feedback = await db.selectFrom('company_feedback').select(['rating_bank', 'rating_candidates']).execute();
  const count = <T>(rows: T[], test: (row: T) => boolean) => rows.filter(test).length;
  return {
    regularValidated: count(users, (u) => u.role === 'REGULAR' && u.status === 'VALIDATED'),
    regularPending: count(users, (u) => u.role === 'REGULAR' && u.status === 'PENDING'),
    boldValidated: count(users, (u) => u.role === 'BOLD' && u.status === 'VALIDATED'),
    gratisValidated: count(users, (u) => u.role === 'GRATIS' && u.status === 'VALIDATED'),
    members: users.length,
    published: count(jobs, (j) => j.status === 'PUBLISHED'),
    offers: jobs.length,
    accepted: count(applicants, (a) => a.status === 'ACCEPTED'),
    applications: applicants.length,
    responses: feedback.length,
    ratingBank: feedback.reduce((sum, f) => sum + f.rating_bank, 0) / feedback.length,
  };
}

/** The cells of the table row whose first cell is `label`. */
async function rowOf(table: Locator, label: string): Promise<string[]> {
  const row = table.locator('tr').filter({
    has: table.page().locator('td:first-child', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }),
  });
  expect(await row.count(), label).toBe(1);
  return (await row.locator('td').allTextContents()).map((text) => text.trim());
}

async function signIn(page: Page, lng: 'en' | 'es') {
  await page.goto(`${server.url}/${lng}/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(new RegExp(`/${lng}/admin/users$`));
}

describe('the dashboard', () => {
  it('shows the demo figures as charts and tables in English, its chart library loaded by it alone', async () => {
    const figures = await demoFigures();
    expect(figures.members).toBeGreaterThan(100);
    expect(figures.responses).toBeGreaterThan(0);
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signIn(page, 'en');
    await page.locator('[data-testid="admin-users"]').waitFor();
    expect(scripts.filter((url) => /DashboardChart/.test(url))).toEqual([]);

    const menu = page.getByRole('menuitem');
    expect((await menu.first().textContent())?.trim()).toBe('Dashboard');
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/en\/admin\/dashboard$/);
    const dashboard = page.locator('[data-testid="admin-dashboard"]');
    await dashboard.getByRole('heading', { name: 'Dashboard', level: 2 }).waitFor();

    // a chart: the picture is named and has bars
    const members = page.locator('[data-testid="dashboard-members"]');
    const chart = members.getByRole('img', {
      name: 'Chart: Members by tier and status. The figures are in the table.',
    });
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(2);
    expect(scripts.filter((url) => /DashboardChart/.test(url))).toHaveLength(1);
    await page.locator('[data-testid="dashboard-hires"] .recharts-pie-sector').first().waitFor();

    // its numbers: the tables hold the demo database's figures
    const membersTable = page.locator('[data-testid="dashboard-members-table"] table');
    expect(await membersTable.locator('caption').textContent()).toBe('Members by tier and status');
    expect(await membersTable.locator('thead th').allTextContents()).toEqual([
      'Tier',
      'Pending',
      'Validated',
      'Rejected',
      'Disabled',
      'Deleted',
      'Total',
    ]);
    const regular = await rowOf(membersTable, 'Regular');
    expect(regular.slice(1, 3)).toEqual([String(figures.regularPending), String(figures.regularValidated)]);
    expect((await rowOf(membersTable, 'Bold (free period)'))[2]).toBe(String(figures.gratisValidated));
    expect((await rowOf(membersTable, 'Total')).at(-1)).toBe(String(figures.members));
    const membership = page.locator('[data-testid="dashboard-membership-table"] table');
    expect((await rowOf(membership, 'Bold'))[1]).toBe(String(figures.boldValidated));
    const offers = page.locator('[data-testid="dashboard-offers-table"] table');
    expect((await rowOf(offers, 'Published'))[1]).toBe(String(figures.published));
    expect((await rowOf(offers, 'Total'))[1]).toBe(String(figures.offers));
    const applications = page.locator('[data-testid="dashboard-applications-table"] table');
    expect((await rowOf(applications, 'In process'))[1]).toBe(String(figures.accepted));
    expect((await rowOf(applications, 'Total'))[1]).toBe(String(figures.applications));
    const ratings = page.locator('[data-testid="dashboard-ratings-table"] table');
    expect((await rowOf(ratings, 'Average'))[1]).toBe(
      `${figures.ratingBank.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 2 })} / 5`,
    );
    expect((await rowOf(page.locator('[data-testid="dashboard-hires-table"] table'), 'Total'))[1]).toBe(
      String(figures.responses),
    );
    const months = await page.locator('[data-testid="dashboard-registrations-table"] thead th').allTextContents();
    expect(months).toHaveLength(14);
    const now = new Date();
    expect(months[12]).toBe(
      `${now.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${now.getUTCFullYear()}`,
    );

    const axe = await new AxeBuilder({ page }).include('[data-testid="admin-dashboard"]').analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page.screenshot({ path: '/tmp/dash-1400.png', fullPage: true });

    // on a narrow screen the month table scrolls inside a region the keyboard can reach
    await page.setViewportSize({ width: 700, height: 900 });
    const region = page.getByRole('region', { name: 'Table: Registrations in the last 12 months' });
    await region.waitFor();
    expect(await region.getAttribute('tabindex')).toBe('0');
    const narrow = await new AxeBuilder({ page }).include('[data-testid="admin-dashboard"]').analyze();
    expect(narrow.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens at /es/admin in Spanish, with Spanish labels, month names and decimal commas', async () => {
    const figures = await demoFigures();
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signIn(page, 'es');
    await page.goto(`${server.url}/es/admin`);
    await page.waitForURL(/\/es\/admin\/dashboard$/);
    const dashboard = page.locator('[data-testid="admin-dashboard"]');
    await dashboard.getByRole('heading', { name: 'Panel de control', level: 2 }).waitFor();
    expect(await page.getByRole('menuitem').first().textContent()).toBe('Panel de control');
    await page
      .getByRole('img', { name: 'Gráfico: Ofertas por estado. Las cifras están en la tabla.' })
      .locator('.recharts-bar-rectangle')
      .first()
      .waitFor();

    const offers = page.locator('[data-testid="dashboard-offers-table"] table');
    expect(await offers.locator('thead th').allTextContents()).toEqual(['Estado', 'Número', 'Porcentaje']);
    expect((await rowOf(offers, 'Publicada'))[1]).toBe(String(figures.published));
    const membersTable = page.locator('[data-testid="dashboard-members-table"] table');
    expect((await rowOf(membersTable, 'Regular')).slice(1, 3)).toEqual([
      String(figures.regularPending),
      String(figures.regularValidated),
    ]);
    const ratings = page.locator('[data-testid="dashboard-ratings-table"] table');
    expect((await rowOf(ratings, 'Media'))[1]).toBe(
      `${figures.ratingBank.toLocaleString('es', { minimumFractionDigits: 1, maximumFractionDigits: 2 })} / 5`,
    );
    expect((await rowOf(ratings, 'Media'))[1]).toContain(',');
    const head = await page.locator('[data-testid="dashboard-registrations-table"] thead th').allTextContents();
    expect(head[0]).toBe('Altas');
    expect(head[12]).toBe(
      `${new Date().toLocaleString('es', { month: 'short', timeZone: 'UTC' })} ${new Date().getUTCFullYear()}`,
    );
    expect(await page.locator('[data-testid="dashboard-survey"]').textContent()).toContain('A quién contrataron');
    await page.screenshot({ path: '/tmp/dash-es-1400.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
