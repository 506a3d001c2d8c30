/**
 * Taxonomies in the back office (issue 14 §3, "a new category shows up in the directory filter"): the administrator
 * adds a subcategory in three languages, renames it, is told why a category in use cannot be deleted, and merges a
 * tag into another; the public directory's studies filter (server-rendered, in Catalan) offers the new category.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

async function signInAdmin(page: Page): Promise<void> {
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/en\/admin\/users$/);
}

describe('taxonomies', () => {
  it('a new subcategory is added in three languages, renamed, and offered by the public directory filter', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAdmin(page);
    await page.getByRole('menuitem', { name: 'Studies (categories)' }).click();
    const nodes = page.getByTestId('category-node');
    await nodes.first().waitFor();
    // a category that members studied cannot go: the server says how many
    const used = await server.app.db
      .selectFrom('users')
      .innerJoin('categories', 'categories.hash', 'users.category_hash')
      .select(['categories.title_en', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('categories.title_en')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    await nodes.filter({ hasText: used.title_en }).first().click();
    await page.getByTestId('category-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText(`${Number(used.n)} member`, { exact: false })
      .first()
      .waitFor();
    // a subcategory under the first root
    await nodes.first().click();
    await page.getByTestId('category-add-child').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#root_es_title').fill('Ingeniería naval');
    await dialog.locator('#root_en_title').fill('Naval engineering');
    await dialog.getByRole('button', { name: 'Add' }).click();
    // all three names are required
    await expect.poll(() => dialog.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    await dialog.locator('#root_ca_title').fill('Enginyeria nava');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await nodes.filter({ hasText: 'Naval engineering' }).waitFor();
    // renamed from its panel (Catalan fixed)
    const panel = page.getByTestId('category-panel');
    await panel.locator('#root_ca_title').fill('Enginyeria naval');
    await panel.getByRole('button', { name: 'Save the names' }).click();
    await page.getByText('Categories saved').first().waitFor();
    await expect
      .poll(
        async () =>
          (
            await server.app.db
              .selectFrom('categories')
              .select('title_ca')
              .where('title_en', '=', 'Naval engineering')
              .executeTakeFirst()
          )?.title_ca,
      )
      .toBe('Enginyeria naval');
    await page.screenshot({ path: '/tmp/e2e-admin-categories-1400.png', fullPage: true });
    expect(errors.filter((e) => !e.includes('status of 418'))).toEqual([]);

    // the visitor's first paint, in Catalan, offers it in the studies filter
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${server.url}${localizePath('community.directory', 'ca')}`);
    expect(await publicPage.content()).toContain('Enginyeria naval');
    await visitor.close();
    await context.close();
  });

  it('a tag is merged into another of its group, and its members follow', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAdmin(page);
    await page.getByRole('menuitem', { name: 'Tags' }).click();
    await page.locator('[data-testid="admin-tags"] .ant-select').first().click();
    await page
      .locator('.ant-select-dropdown')
      .last()
      .locator('.ant-select-item-option')
      .filter({ hasText: 'Area' })
      .click();
    const rows = page.locator('[data-testid="admin-tags"] tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const from = (await rows.nth(0).getByTestId('tag-title').textContent())!;
    const into = (await rows.nth(1).getByTestId('tag-title').textContent())!;
    const fromHash = (
      await server.app.db.selectFrom('tags').select('hash').where('title_es', '=', from).executeTakeFirstOrThrow()
    ).hash;
    const members = await server.app.db
      .selectFrom('user_tags')
      .select('user_hash')
      .where('tag_hash', '=', fromHash)
      .execute();
    await rows.nth(0).getByTestId('tag-merge').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('tag-merge-into').click();
    const intoEn = (
      await server.app.db.selectFrom('tags').select('title_en').where('title_es', '=', into).executeTakeFirstOrThrow()
    ).title_en;
    await page
      .locator('.ant-select-dropdown')
      .last()
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${intoEn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .first()
      .click();
    await page.screenshot({ path: '/tmp/e2e-admin-tags-merge-1400.png' });
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page.getByText('Tags merged').first().waitFor();
    await expect
      .poll(
        async () =>
          (await server.app.db.selectFrom('tags').select('hash').where('hash', '=', fromHash).executeTakeFirst()) ??
          null,
      )
      .toBeNull();
    const intoHash = (
      await server.app.db.selectFrom('tags').select('hash').where('title_es', '=', into).executeTakeFirstOrThrow()
    ).hash;
    const now = new Set(
      (await server.app.db.selectFrom('user_tags').select('user_hash').where('tag_hash', '=', intoHash).execute()).map(
        (r) => r.user_hash,
      ),
    );
    for (const member of members) expect(now.has(member.user_hash)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
