/**
 * A long thread in Chromium (issue 29 §5): a conversation of 120 messages opens on its newest 50; "Earlier messages"
 * adds 50 more above them, then the last 20 and the note that the conversation starts there (which takes the focus).
 * Every message shows once, in order; an answer written after paging back leaves no gap. axe on the paged thread.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { localizePath } from '../../src/shared/routes';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';
import { addMessage, createConversation } from '../../src/server/modules/messages/repository';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const SHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

describe('a long thread', () => {
  it('opens on its newest 50 and reads back to the first message on demand', async () => {
    const db = server.app.db;
    const hashOf = async (email: string) =>
      (await db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
    const bold = { hash: await hashOf('bold@demo.test') };
    const gratis = { hash: await hashOf('gratis@demo.test') };
    const start = Date.now() - 3_600_000;
    const conversation = await createConversation(
      db,
      'MEMBER',
      [
        { type: 'user', hash: bold.hash },
        { type: 'user', hash: gratis.hash },
      ],
      new Date(start).toISOString(),
    );
    for (let n = 0; n < 120; n++) {
      const sender = { type: 'user' as const, hash: n % 2 ? gratis.hash : bold.hash };
      await addMessage(
        db,
        conversation,
        sender,
        `Message number ${n}.`,
        new Date(start + n * 1000).toISOString(),
        false,
      );
    }

    const context = await withCookieChoice(
      await browser.newContext({ viewport: { width: 1400, height: 900 } }),
      server.url,
    );
    const { page, errors } = await newPage(context);
    await signInAt(page, server.url, 'bold@demo.test');
    await page.goto(`${server.url}/en/user/messages/${conversation}`);
    const texts = () => page.locator('.message-text').allTextContents();
    await page.getByTestId('thread').getByText('Message number 119.').waitFor();
    expect(await texts()).toEqual(Array.from({ length: 50 }, (_, i) => `Message number ${70 + i}.`));

    const earlier = page.getByTestId('earlier-messages');
    await earlier.click();
    await page.getByText('Message number 20.', { exact: true }).waitFor();
    expect(await texts()).toEqual(Array.from({ length: 100 }, (_, i) => `Message number ${20 + i}.`));
    // the next button took the focus: the reader goes on from where they clicked
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('earlier-messages');
    await page.screenshot({ path: `${SHOTS}/e2e-messages-earlier-button-1400.png` });

    await page.keyboard.press('Enter');
    await page.getByTestId('thread-start').waitFor();
    expect(await page.getByTestId('thread-start').textContent()).toBe('This is where the conversation starts.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('thread-start');
    expect(await earlier.count()).toBe(0);
    expect(await texts()).toEqual(Array.from({ length: 120 }, (_, i) => `Message number ${i}.`));

    const failures = await axeViolations(page, 'paged thread', { tags: WCAG_22_AA });
    await page.screenshot({ path: `${SHOTS}/e2e-messages-earlier-1400.png`, fullPage: true });
    expect(failures).toEqual([]);

    // an answer pushes the oldest of the newest 50 out of that page: the pages above follow, none is lost or repeated
    await page.locator('#root_text').fill('An answer after reading it all.');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('thread').getByText('An answer after reading it all.').waitFor();
    await expect
      .poll(texts, { timeout: 10_000 })
      .toEqual([...Array.from({ length: 120 }, (_, i) => `Message number ${i}.`), 'An answer after reading it all.']);

    // the same thread in Spanish and Catalan: the button and the start of the conversation in the page's language
    for (const [lng, button, start] of [
      ['es', 'Mensajes anteriores', 'Aquí empieza la conversación.'],
      ['ca', 'Missatges anteriors', 'Aquí comença la conversa.'],
    ] as const) {
      await page.goto(`${server.url}${localizePath('user.messages.show', lng, { hash: conversation })}`);
      await earlier.waitFor();
      expect(await earlier.textContent()).toBe(button);
      await earlier.click();
      await earlier.click();
      await page.getByTestId('thread-start').waitFor();
      expect(await page.getByTestId('thread-start').textContent()).toBe(start);
      expect(await axeViolations(page, `paged thread (${lng})`, { tags: WCAG_22_AA })).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/e2e-messages-earlier-${lng}-1400.png` });
    }
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
