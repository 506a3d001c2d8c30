/**
 * Issue 12's story in the browser: a Bold member creates a private group and sends it for review, the association
 * publishes it in the back office, another member asks to join with a message, and the creator accepts them from the
 * group's Members tab — the new member is e-mailed and can read the wall. At 1400 px and on a phone.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const NAME = `Iluminación escénica ${Date.now().toString(36)}`;
let slug = '';
let hash = '';

async function member(
  email: string,
  viewport = { width: 1400, height: 950 },
): Promise<{ page: Page; errors: string[]; done: () => Promise<void> }> {
  const context = await withCookieChoice(await browser.newContext({ viewport }), server.url);
  const { page, errors } = await newPage(context);
  await signInAt(page, server.url, email);
  return { page, errors, done: () => context.close() };
}

describe('a private group run by a member', () => {
  it('is created as a draft and sent for review', async () => {
    const { page, errors, done } = await member('bold@demo.test');
    await page.goto(`${server.url}/en/user/workgroups`);
    await page.getByTestId('user-my-groups').waitFor();
    await page.getByTestId('group-create').first().click();
    await page.getByTestId('group-new').waitFor();
    await page.locator('#root_name').fill(NAME);
    await page.locator('#root_typology').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .last()
      .locator('.ant-select-item-option')
      .filter({ hasText: 'Professional' })
      .click();
    await page.getByText('Private: you accept each request', { exact: false }).click();
    await page
      .locator('#root_description')
      .fill('Técnicos y diseñadores de iluminación para teatro y conciertos que comparten montajes, ferias y ofertas.');
    await page.getByRole('button', { name: 'Create the draft' }).click();
    await page.getByTestId('group-edit').waitFor();
    hash = page.url().split('/').slice(-2)[0]!;
    expect(await page.getByTestId('group-review').textContent()).toContain('This is a draft');
    await page.screenshot({ path: '/tmp/e2e-group-edit-1400.png', fullPage: true });
    await page.getByTestId('group-send').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Send for review' }).click();
    await expect
      .poll(
        async () =>
          (await server.app.db.selectFrom('workgroups').select('status').where('hash', '=', hash).executeTakeFirst())
            ?.status,
        { timeout: 30_000 },
      )
      .toBe('PENDING');
    expect(errors).toEqual([]);
    await done();
  });

  it('is published by the association from its group queue', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 950 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/en\/admin\/users$/);
    await page.getByRole('menuitem', { name: 'Groups' }).click();
    const row = page.locator('[data-testid="admin-workgroups"] tbody tr.ant-table-row').filter({ hasText: NAME });
    await row.waitFor();
    await page.screenshot({ path: '/tmp/e2e-admin-groups-1400.png', fullPage: true });
    await row.locator('[data-move="PUBLISHED"]').click();
    await page.getByText('Group published').first().waitFor();
    const group = await server.app.db
      .selectFrom('workgroups')
      .select(['status', 'slug'])
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(group.status).toBe('PUBLISHED');
    slug = group.slug;
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes another member’s request with a message', async () => {
    const { page, errors, done } = await member('gratis@demo.test', { width: 360, height: 780 });
    await page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug })}`);
    await page.getByTestId('join').click();
    await page.getByTestId('join-message').fill('I light theatre shows in Girona and would love to share rigs.');
    await page.getByTestId('join-send').click();
    await expect.poll(() => page.getByTestId('join').textContent(), { timeout: 30_000 }).toContain('Request sent');
    await page.screenshot({ path: '/tmp/e2e-group-requested-360.png', fullPage: true });
    expect(errors).toEqual([]);
    await done();
  });

  it('is accepted by the creator from the Members tab; the member is e-mailed and reads the wall', async () => {
    const { page, errors, done } = await member('bold@demo.test');
    await page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug })}`);
    await page.getByTestId('group-run').click();
    await page.getByTestId('group-manage').waitFor();
    const request = page
      .locator('tr.ant-table-row')
      .filter({ has: page.getByTestId('member-accept') })
      .first();
    await request.waitFor();
    expect(await request.getByTestId('member-message').textContent()).toContain('theatre shows in Girona');
    await page.screenshot({ path: '/tmp/e2e-group-manage-1400.png', fullPage: true });
    await request.getByTestId('member-accept').click();
    await page.getByText('Request accepted').first().waitFor();
    const gratis = await server.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'gratis@demo.test')
      .executeTakeFirstOrThrow();
    await expect
      .poll(
        async () =>
          (
            await server.app.db
              .selectFrom('workgroup_members')
              .select('status')
              .where('workgroup_hash', '=', hash)
              .where('user_hash', '=', gratis.hash)
              .executeTakeFirst()
          )?.status,
      )
      .toBe('ACCEPTED');
    expect(
      (
        await server.app.db
          .selectFrom('email_outbox')
          .select('template')
          .where('to_address', '=', 'gratis@demo.test')
          .where('template', '=', 'workgroup.accepted')
          .execute()
      ).length,
    ).toBe(1);
    expect(errors).toEqual([]);
    await done();

    const newcomer = await member('gratis@demo.test');
    await newcomer.page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug })}`);
    await newcomer.page.getByRole('tab', { name: 'Wall' }).waitFor();
    expect(await newcomer.page.getByTestId('join').textContent()).toContain('Leave');
    await newcomer.done();
  });

  it('gets a post with a file from the new member, which the creator removes with a reason the author receives', async () => {
    const author = await member('gratis@demo.test');
    await author.page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug })}`);
    const composer = author.page.getByTestId('wall-composer');
    await composer.waitFor();
    // an empty post is refused before anything is sent
    await composer.getByTestId('wall-send').click();
    await composer.getByTestId('wall-problem').waitFor();
    await composer.getByTestId('wall-text').fill('Here is the rig plan of our last show.');
    const pdf = join(tmpdir(), `rig-${Date.now()}.pdf`);
    writeFileSync(pdf, '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    await composer.locator('input[type=file]').setInputFiles(pdf);
    await composer.getByTestId('wall-send').click();
    const posted = author.page.locator('.ant-list-item').filter({ hasText: 'rig plan of our last show' });
    await posted.waitFor();
    expect(await posted.locator('a[href*="sig="]').count()).toBe(1);
    await author.page.screenshot({ path: '/tmp/e2e-group-wall-1400.png', fullPage: true });
    expect(author.errors).toEqual([]);
    await author.done();

    const creator = await member('bold@demo.test');
    // the group's files, for its administrator
    await creator.page.goto(`${server.url}${localizePath('user.workgroups.show', 'en', { hash })}`);
    await creator.page.getByRole('tab', { name: 'Files' }).click();
    await expect.poll(() => creator.page.getByTestId('group-file').first().textContent()).toContain('rig-');
    await creator.page.screenshot({ path: '/tmp/e2e-group-files-1400.png', fullPage: true });
    await creator.page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug })}`);
    const item = creator.page.locator('.ant-list-item').filter({ hasText: 'rig plan of our last show' });
    await item.getByTestId('wall-remove').click();
    await creator.page
      .getByTestId('wall-remove-reason')
      .fill('Rig plans go to the files of the technical committee, not the wall.');
    await creator.page.getByTestId('wall-remove-confirm').click();
    await creator.page.getByText('Post removed').first().waitFor();
    await expect.poll(() => item.count()).toBe(0);
    const mail = await server.app.db
      .selectFrom('email_outbox')
      .select('body_text')
      .where('to_address', '=', 'gratis@demo.test')
      .where('template', '=', 'workgroup.postRemoved')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('technical committee');
    expect(creator.errors).toEqual([]);
    await creator.done();
  });

  it('lets a member correct their post for a while and report someone else’s; the creator sees the report (at 360 px)', async () => {
    const phone = { width: 360, height: 780 };
    const creator = await member('bold@demo.test');
    await creator.page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug })}`);
    await creator.page
      .getByTestId('wall-composer')
      .getByTestId('wall-text')
      .fill('Fair in Valencia next month: who is going? Let us share a stand.');
    await creator.page.getByTestId('wall-composer').getByTestId('wall-send').click();
    await creator.page.locator('.ant-list-item').filter({ hasText: 'Fair in Valencia' }).waitFor();
    await creator.done();

    const author = await member('gratis@demo.test', phone);
    await author.page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug })}`);
    await author.page.getByTestId('wall-composer').getByTestId('wall-text').fill('Rehersal on Friday at 10.');
    await author.page.getByTestId('wall-composer').getByTestId('wall-send').click();
    const mine = author.page.locator('.ant-list-item').filter({ hasText: 'Rehersal on Friday' });
    await mine.getByTestId('wall-edit').click();
    // while it is being edited the post's text lives in the editor's field
    await author.page.getByTestId('wall-edit-text').fill('Rehearsal on Friday at 11.');
    await author.page.getByTestId('wall-edit-save').click();
    const corrected = author.page.locator('.ant-list-item').filter({ hasText: 'Rehearsal on Friday at 11.' });
    await expect.poll(() => corrected.textContent(), { timeout: 30_000 }).toContain('edited');
    // someone else's post: no edit, but a report
    const theirs = author.page.locator('.ant-list-item').filter({ hasText: 'Fair in Valencia' });
    expect(await theirs.getByTestId('wall-edit').count()).toBe(0);
    await theirs.getByTestId('wall-report').click();
    await author.page
      .getByTestId('wall-report-reason')
      .fill('It is an advert for a stand rental, not a question for the group.');
    await author.page.screenshot({ path: '/tmp/e2e-group-report-360.png', fullPage: false });
    await author.page.getByTestId('wall-report-send').click();
    await theirs.getByTestId('wall-reported').waitFor();
    expect(await author.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await author.page.screenshot({ path: '/tmp/e2e-group-wall-360.png', fullPage: true });
    expect(author.errors).toEqual([]);
    await author.done();

    const reader = await member('bold@demo.test');
    await reader.page.goto(`${server.url}${localizePath('workgroups.show', 'en', { slug })}`);
    const reported = reader.page.locator('.ant-list-item').filter({ hasText: 'Fair in Valencia' });
    await expect
      .poll(() => reported.getByTestId('wall-reports').textContent(), { timeout: 30_000 })
      .toContain('1 report');
    await reported.getByTestId('wall-reports').hover();
    await reader.page.getByText('advert for a stand rental').waitFor();
    expect(
      (
        await server.app.db
          .selectFrom('email_outbox')
          .select('body_text')
          .where('to_address', '=', 'bold@demo.test')
          .where('template', '=', 'workgroup.reported')
          .executeTakeFirstOrThrow()
      ).body_text,
    ).toContain('stand rental');
    expect(reader.errors).toEqual([]);
    await reader.done();
  });

  it('fits a phone: every page of running a group at 360 px, without sideways scrolling', async () => {
    const { page, errors, done } = await member('bold@demo.test', { width: 360, height: 780 });
    const pages: Array<[string, string, string]> = [
      ['my-groups', localizePath('user.workgroups', 'en'), 'user-my-groups'],
      ['new', localizePath('user.workgroups.new', 'en'), 'group-new'],
      ['edit', localizePath('user.workgroups.edit', 'en', { hash }), 'group-edit'],
      ['manage', localizePath('user.workgroups.show', 'en', { hash }), 'group-manage'],
    ];
    for (const [name, path, testId] of pages) {
      await page.goto(`${server.url}${path}`);
      await page.getByTestId(testId).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `/tmp/e2e-group-${name}-360.png`, fullPage: true });
    }
    for (const tab of ['Members', 'Files', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.locator('.ant-tabs-tabpane-active').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), tab).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `/tmp/e2e-group-manage-${tab.toLowerCase()}-360.png`, fullPage: true });
    }
    expect(errors).toEqual([]);
    await done();
  });
});
