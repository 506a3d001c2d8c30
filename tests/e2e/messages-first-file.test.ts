/**
 * A first message may be a file alone (issue 29 §1–§2), in Chromium: a Bold member opens another member's profile
 * from the directory and presses "Write"; with neither text nor a file the form asks for the text and nothing is
 * sent; once a PDF is chosen the text is no longer required, and the message goes with the file alone — the thread
 * opens with the file's link, which serves the PDF. In the thread, a reply may then also be a picture alone.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { newPage, onBrowserSuite, settle, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const countOf = async (table: 'messages' | 'conversations' | 'files') =>
  Number(
    (
      await server.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a first message with a file and no text', () => {
  it('the write dialog needs text or a file; a PDF alone starts the conversation', async () => {
    const recipient = await server.app.db
      .selectFrom('users')
      .select(['name', 'surname1', 'surname2'])
      .where('email', '=', 'gratis@demo.test')
      .executeTakeFirstOrThrow();
    const fullName = [recipient.name, recipient.surname1, recipient.surname2].filter(Boolean).join(' ');
    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    await page.goto(`${server.url}${localizePath('community.directory', 'en')}`);
    await page.locator('#filter-text').fill(`${recipient.name} ${recipient.surname1}`);
    await page
      .getByTestId('directory-card')
      .filter({ hasText: recipient.surname1 })
      .first()
      .locator('.card-title a')
      .click();
    await page.locator('h1').filter({ hasText: fullName }).waitFor();
    await page.getByTestId('write-message').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Write to ${fullName}`).waitFor();

    // neither text nor a file: the form asks for the text, nothing leaves
    const before = { messages: await countOf('messages'), files: await countOf('files') };
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.locator('.ant-form-item-explain-error, .error-detail').first().waitFor();
    await settle(page);
    expect(await countOf('messages')).toBe(before.messages);

    // a PDF chosen: the text is optional, the file goes alone
    await dialog.locator('.message-attach input[type="file"]').setInputFiles({
      name: 'programme.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    expect(await dialog.getByTestId('message-attach').textContent()).toContain('programme.pdf');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForURL(/\/en\/user\/messages\/[^/]+$/);
    const attachment = page.getByTestId('thread').getByTestId('message-attachment');
    await attachment.waitFor();
    expect(await attachment.textContent()).toContain('programme.pdf');
    const file = await page.request.get(`${server.url}${await attachment.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(await countOf('messages')).toBe(before.messages + 1);
    expect(await countOf('files')).toBe(before.files + 1);

    // in the thread, a picture alone is an answer too
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abcdef' } })
      .png()
      .toBuffer();
    await page.locator('.message-attach input[type="file"]').setInputFiles({
      name: 'map.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('thread').getByTestId('message-attachment').filter({ hasText: 'map.png' }).waitFor();
    expect(await countOf('messages')).toBe(before.messages + 2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
