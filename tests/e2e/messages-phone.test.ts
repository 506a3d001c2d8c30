/**
 * The messages pages at 390 and 1400 px (issue 29 §2): an empty inbox says how a conversation starts (the directory for
 * a member, an offer's candidates for a company); a full inbox is one readable column on a phone (name, date and
 * preview stacked) and the thread opens as its own page; nothing scrolls sideways, even with a long link; a reply
 * carries a PDF, shown in the thread as a link to its file. axe (WCAG 2.2 AA) at both widths.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_KEY } from '../helpers/app';
import { axeViolations, WCAG_22_AA } from '../helpers/axe';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const WIDTHS = [390, 1400];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

async function signedIn(email: string, width: number, options: { company?: boolean } = {}) {
  const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
  const { page, errors } = await newPage(context);
  await signInAt(page, server.url, email, options);
  return { context, page, errors };
}

async function settled(page: Page) {
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Bold writes to GRATIS through the API (a long link that must wrap on a phone); answers the conversation. */
async function conversationFromBold(): Promise<string> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/usr/login',
    headers: { apiKey: API_KEY, 'content-type': 'application/json' },
    payload: {
      email: 'bold@demo.test',
      password: 'demo-password',
      deviceId: 'phonetest00000001',
      deviceType: 2,
      push: null,
    },
  });
  expect(login.statusCode, login.body).toBe(200);
  const gratis = await server.app.db
    .selectFrom('users')
    .select('hash')
    .where('email', '=', 'gratis@demo.test')
    .executeTakeFirstOrThrow();
  const sent = await server.app.inject({
    method: 'POST',
    url: '/usr/messages',
    headers: {
      apiKey: API_KEY,
      'content-type': 'application/json',
      token: login.json().token,
      deviceId: 'phonetest00000001',
    },
    payload: {
      to: gratis.hash,
      text: `Have a look at https://example.org/${'a-very-long-path-segment-'.repeat(8)}end before we meet.`,
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().conversation.hash as string;
}

describe('the messages pages on a phone and a desktop', () => {
  it('an empty inbox says how to start a conversation, for a member and for a company', async () => {
    const failures: string[] = [];
    for (const width of WIDTHS) {
      const member = await signedIn('regular@demo.test', width);
      await member.page.goto(`${server.url}/en/user/messages`);
      await settled(member.page);
      const empty = member.page.getByTestId('inbox-empty');
      await empty.waitFor();
      expect(await empty.textContent()).toContain('find them in the directory');
      expect(await empty.getByRole('link', { name: 'Go to the directory' }).getAttribute('href')).toBe(
        '/en/community/directory',
      );
      expect(await scrollWidth(member.page), `member @${width}`).toBeLessThanOrEqual(width);
      failures.push(...(await axeViolations(member.page, `empty member inbox @${width}`, { tags: WCAG_22_AA })));
      expect(member.errors).toEqual([]);
      await member.context.close();

      const company = await signedIn('company@demo.test', width, { company: true });
      await company.page.goto(`${server.url}/en/company/messages`);
      await settled(company.page);
      const companyEmpty = company.page.getByTestId('inbox-empty');
      await companyEmpty.waitFor();
      expect(await companyEmpty.textContent()).toContain('applications of one of your offers');
      expect(await companyEmpty.getByRole('link', { name: 'Go to my offers' }).getAttribute('href')).toBe(
        '/en/company/jobs',
      );
      expect(await scrollWidth(company.page), `company @${width}`).toBeLessThanOrEqual(width);
      failures.push(...(await axeViolations(company.page, `empty company inbox @${width}`, { tags: WCAG_22_AA })));
      await company.context.close();
    }
    expect(failures).toEqual([]);
  });

  it('a full inbox is one column on a phone, the thread its own page, a PDF goes with a reply', async () => {
    const conversation = await conversationFromBold();
    const failures: string[] = [];
    for (const width of WIDTHS) {
      const { context, page, errors } = await signedIn('gratis@demo.test', width);
      await page.goto(`${server.url}/en/user/messages`);
      await settled(page);
      const link = page.getByTestId('conversation-link').first();
      await link.waitFor();
      // the preview column is the desktop's; a phone shows the preview under the name
      const narrow = page.locator('.inbox-line-narrow').first();
      expect(await narrow.isVisible(), `narrow preview @${width}`).toBe(width < 768);
      const cells = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td');
      expect(await cells.count(), `columns @${width}`).toBe(width < 768 ? 1 : 3);
      expect(await scrollWidth(page), `inbox @${width}`).toBeLessThanOrEqual(width);
      failures.push(...(await axeViolations(page, `inbox @${width}`, { tags: WCAG_22_AA })));

      await link.click();
      await page.waitForURL(`**/en/user/messages/${conversation}`);
      await page.getByTestId('thread').getByText('before we meet').waitFor();
      expect(await scrollWidth(page), `thread @${width}`).toBeLessThanOrEqual(width);
      failures.push(...(await axeViolations(page, `thread @${width}`, { tags: WCAG_22_AA })));

      if (width === 390) {
        // a reply with a PDF, from the phone
        await page.locator('.message-attach input[type="file"]').setInputFiles({
          name: 'programme.pdf',
          mimeType: 'application/pdf',
          buffer: PDF,
        });
        expect(await page.getByTestId('message-attach').textContent()).toContain('programme.pdf');
        await page.locator('#root_text').fill('Here is the programme');
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        const attachment = page.getByTestId('message-attachment');
        await attachment.waitFor();
        expect(await attachment.textContent()).toContain('programme.pdf');
        const href = await attachment.getAttribute('href');
        expect(href).toMatch(/^\/files\/[a-z0-9]+\?exp=/);
        const file = await page.request.get(`${server.url}${href}`);
        expect(file.status()).toBe(200);
        expect(file.headers()['content-type']).toMatch(/^application\/pdf/);
        expect(await scrollWidth(page), `thread with a file @${width}`).toBeLessThanOrEqual(width);
        failures.push(...(await axeViolations(page, `thread with a file @${width}`, { tags: WCAG_22_AA })));
      }
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(failures).toEqual([]);
  });
});
