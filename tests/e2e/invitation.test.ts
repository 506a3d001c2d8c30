/**
 * An imported member's invitation in Chromium (issue 28 §3): the link of the e-mail opens the invitation page, the
 * member chooses a password and lands signed in on their profile; an expired link says so and offers to send a new
 * one (a recovery request for an invited member sends the invitation again). And the School records list of a fresh
 * portal says what to do: import the school's list.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { multipart } from '../helpers/multipart';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const dni = (n: number) => `${n}${DNI_LETTERS[n % 23]}`;

/** Imports one member through the back office's route (as the office does) and answers the invitation link's path. */
async function invite(email: string, number: number): Promise<string> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/adm/login',
    headers: { apiKey: server.app.config.apiKey, language: 'en' },
    payload: { email: 'admin@demo.test', password: 'demo-password', deviceId: 'e2einvitation0001' },
  });
  expect(login.statusCode, login.body).toBe(200);
  const { token, deviceId } = login.json() as { token: string; deviceId: string };
  const csv = [
    'Member number,E-mail,Name,First surname,Document number,Tier,Language,Appears to members',
    `${number},${email},Irene,Castells,${dni(number * 1000 + 7)},Regular,en,yes`,
  ].join('\n');
  const { body, headers } = multipart([{ name: 'file', filename: 'members.csv', type: 'text/csv', data: csv }]);
  const imported = await server.app.inject({
    method: 'POST',
    url: '/adm/member-imports',
    payload: body,
    headers: { ...headers, apiKey: server.app.config.apiKey, token, deviceId, type: '2', language: 'en' },
  });
  expect(imported.statusCode, imported.body).toBe(200);
  return linkFor(email, 1);
}

async function linkFor(email: string, count: number): Promise<string> {
  const mails = await server.app.db
    .selectFrom('email_outbox')
    .select('body_text')
    .where('to_address', '=', email)
    .where('template', '=', 'account.invitation')
    .orderBy('created_at')
    .execute();
  expect(mails).toHaveLength(count);
  const link = /https?:\/\/[^/\s]+(\/[^\s]*\?token=[A-Za-z0-9_-]{43})/.exec(mails[count - 1]!.body_text)?.[1];
  expect(link).toMatch(/^\/en\/.*\?token=/);
  return link!;
}

async function visitor() {
  const context = await withCookieChoice(
    await browser.newContext({ viewport: { width: 1280, height: 900 } }),
    server.url,
  );
  return { context, ...(await newPage(context)) };
}

describe('the invitation page', () => {
  it('opens the link of the e-mail, takes a password and lands the member signed in', async () => {
    const path = await invite('irene.castells@example.test', 31001);
    const { context, page, errors } = await visitor();
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { name: 'Choose your password', level: 1 }).waitFor();
    await page.getByText('irene.castells@example.test').first().waitFor();
    await page.locator('#root_password').fill('a strong new passphrase');
    await page.locator('#root_password_repeat').fill('a strong new passphrase');
    await page.getByRole('button', { name: 'Save my password' }).click();
    await page.waitForURL((url) => url.pathname === '/en/user/profile', { timeout: 20_000 });
    await page.getByTestId('user-menu').waitFor();
    const member = await server.app.db
      .selectFrom('member_invitations')
      .innerJoin('users', 'users.hash', 'member_invitations.user_hash')
      .select(['member_invitations.accepted_at', 'users.is_appear_by_user'])
      .where('users.email', '=', 'irene.castells@example.test')
      .executeTakeFirstOrThrow();
    expect([member.accepted_at === null, member.is_appear_by_user]).toEqual([false, 1]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an expired link says so and offers to send a new one, which arrives', async () => {
    const path = await invite('pol.expired@example.test', 31002);
    await server.app.db
      .updateTable('account_tokens')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('purpose', '=', 'invitation')
      .execute();
    const { context, page } = await visitor();
    await page.goto(`${server.url}${path}`);
    await page.getByText('This link cannot be used').waitFor();
    expect(await axeViolations(page, 'invitation, dead link', { tags: WCAG_22_AA })).toEqual([]);
    await page.getByRole('textbox', { name: 'E-mail' }).fill('pol.expired@example.test');
    await page.getByRole('button', { name: 'Send me a new link' }).click();
    await page.getByTestId('invitation-resent').waitFor();
    expect(await axeViolations(page, 'invitation, new link sent', { tags: WCAG_22_AA })).toEqual([]);
    const fresh = await linkFor('pol.expired@example.test', 2);
    expect(fresh).not.toBe(path);
    await page.goto(`${server.url}${fresh}`);
    await page.locator('#root_password').waitFor();
    await context.close();
  });
});

describe('the School records list of a fresh portal', () => {
  it('says what to do: import the school’s list; an import then asks for the studies the tree does not know', async () => {
    const { context, page } = await visitor();
    await page.goto(`${server.url}/en/admin/login`);
    await page.locator('#root_email').fill('admin@demo.test');
    await page.locator('#root_password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/en\/admin\/users$/);
    await page.goto(`${server.url}/en/admin/schoolRecords`);
    const empty = page.getByTestId('records-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain("Import the school's list (CSV or Excel)");

    // the mapping step: a study the tree does not know is shown with its rows, mapped, and the import uses it
    const category = await server.app.db
      .selectFrom('categories')
      .select(['hash', 'title_en'])
      .where('parent_hash', 'is not', null)
      .orderBy('title_en')
      .executeTakeFirstOrThrow();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'records.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          ['DNI;Nombre;Apellidos;Estudios;Tipo', 'Z1111111H;Eva;Mirall;Orfebrería antigua;alumna'].join('\n'),
        ),
      });
    const step = page.getByTestId('records-mapping');
    await step.waitFor();
    expect(await step.textContent()).toContain('Orfebrería antigua');
    expect(await axeViolations(page, 'records mapping step', { tags: WCAG_22_AA })).toEqual([]);
    await step.getByRole('combobox').click();
    await step.getByRole('combobox').fill(category.title_en);
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: category.title_en }).first().click();
    await page.getByTestId('records-confirm').click();
    await page.locator('tr', { hasText: 'Mirall' }).waitFor();
    const stored = await server.app.db
      .selectFrom('school_studies')
      .select(['category_hash', 'decided_at'])
      .where('study', '=', 'Orfebrería antigua')
      .executeTakeFirstOrThrow();
    expect([stored.category_hash, stored.decided_at === null]).toEqual([category.hash, false]);
    await context.close();
  });
});
