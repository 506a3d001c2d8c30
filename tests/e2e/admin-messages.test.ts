/**
 * The back office's messages (issue 29) in Chromium: the association's empty inbox explains how a conversation starts;
 * a reported message shows in the moderation queue with the conversation around it, and warning its sender takes it
 * out of the queue, e-mails the sender and writes the audit log.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';
import { addMessage, createConversation } from '../../src/server/modules/messages/repository';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

async function signIn(page: Page) {
  await page.goto(`${server.url}/en/admin/login`);
  await page.locator('#root_email').fill('admin@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/en\/admin\/users$/);
}

describe("the association's messages", () => {
  it('an empty inbox explains how to start; a message reported by a member is warned about from the queue', async () => {
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signIn(page);

    await page.goto(`${server.url}/en/admin/messages`);
    const guide = page.getByTestId('admin-inbox-guide');
    await guide.waitFor();
    expect(await guide.textContent()).toContain('open the member in Members and press Write');
    // the list below does not repeat a company's guidance (offers, candidates) to the association
    const list = page.getByTestId('inbox');
    await list.waitFor();
    expect(await list.textContent()).not.toMatch(/offers|candidate/i);

    // a member wrote to another and was reported
    const db = server.app.db;
    const [bold, gratis] = await Promise.all(
      ['bold@demo.test', 'gratis@demo.test'].map((email) =>
        db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow(),
      ),
    );
    const now = new Date().toISOString();
    const conversation = await createConversation(
      db,
      'MEMBER',
      [
        { type: 'user', hash: bold!.hash },
        { type: 'user', hash: gratis!.hash },
      ],
      now,
    );
    await addMessage(db, conversation, { type: 'user', hash: gratis!.hash }, 'Nice to meet you', now, false);
    const reported = await addMessage(
      db,
      conversation,
      { type: 'user', hash: bold!.hash },
      'Buy my course now',
      now,
      false,
    );
    await db
      .insertInto('message_reports')
      .values({
        hash: 'e2ereport000000001',
        message_hash: reported,
        reporter_type: 'user',
        reporter_hash: gratis!.hash,
        reason: 'Advertising',
        created_at: now,
      })
      .execute();

    await page.goto(`${server.url}/en/admin/message-reports`);
    const queue = page.getByTestId('admin-message-reports');
    const row = queue.locator('tr', { hasText: 'Buy my course now' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Advertising');
    await row.locator('.ant-table-row-expand-icon').click();
    const context1 = page.getByTestId('report-context');
    await context1.waitFor();
    expect(await context1.textContent()).toContain('Nice to meet you');
    await row.getByTestId('report-warn').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Warn the sender' }).click();
    await queue.getByText('No reported messages.').waitFor();
    const warned = await db
      .selectFrom('email_outbox')
      .select('template')
      .where('to_address', '=', 'bold@demo.test')
      .where('template', '=', 'message.warning')
      .execute();
    expect(warned).toHaveLength(1);
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'message.senderWarned')
      .execute();
    expect(audit).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
