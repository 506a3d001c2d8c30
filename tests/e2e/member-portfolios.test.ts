/**
 * The member's projects and experiences in the browser (issue 8 §10), signed in as the Bold demo member,
 * in English: a project refused on a field first, then created, a picture uploaded and seen in the list;
 * an experience with no end date (current), edited and deleted; nothing overflows at 360 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const SHOTS = process.env['H1_SHOTS'] === '1';

onBrowserSuite((live) => ({ server, browser } = live));
beforeAll(async () => {
  context = await withCookieChoice(await browser.newContext({ viewport: { width: 1400, height: 900 } }), server.url);
  ({ page, errors } = await newPage(context));
  await page.goto(`${server.url}/en/login`);
  await page.locator('#root_email').fill('bold@demo.test');
  await page.locator('#root_password').fill('demo-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('user-menu').waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

async function shot(name: string) {
  if (SHOTS) await page.screenshot({ path: `/tmp/h1-${name}.png`, fullPage: true });
}

/** The page is no wider than the window (nothing sticks out sideways). */
const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('projects', () => {
  const name = `Festival poster ${Date.now().toString(36)}`;
  let editUrl = '';

  it('shows a field error from the server, then creates the project and opens its edit page', async () => {
    await page.goto(`${server.url}/en/user/portfolios/new`);
    await page.getByTestId('portfolio-new').waitFor();
    await page.getByRole('button', { name: 'Create project' }).click();
    // the server's 400 names the missing field; it is shown on that field
    const nameError = page
      .locator('#portfolio-form .ant-form-item', { has: page.locator('#root_name') })
      .first()
      .locator('.ant-form-item-explain-error');
    await nameError.first().waitFor();
    expect(await nameError.allTextContents()).toEqual(['This field is required.']);
    await page.getByText('Check the highlighted fields').first().waitFor();
    expect(page.url()).toContain('/en/user/portfolios/new');

    await page.locator('#root_name').fill(name);
    await page.locator('#root_date').fill('10/05/2024');
    await page.locator('#root_content').fill('Screen-printed posters and the festival website.');
    await page.getByLabel('Published').check();
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByTestId('portfolio-edit').waitFor();
    expect(page.url()).toMatch(/\/en\/user\/portfolios\/[a-z0-9]+\/edit$/);
    editUrl = page.url();
    await page.getByText('Project created', { exact: true }).first().waitFor();
    expect(await page.getByTestId('portfolio-image').count()).toBe(0);
  });

  it('uploads two pictures at once, makes the second the cover, and the list shows the project', async () => {
    const red = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#33c' } })
      .jpeg()
      .toBuffer();
    await page
      .getByTestId('image-manager')
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'red.png', mimeType: 'image/png', buffer: red },
        { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: blue },
      ]);
    await expect.poll(() => page.getByTestId('portfolio-image').count(), { timeout: 15_000 }).toBe(2);
    const urls = async () =>
      page
        .getByTestId('portfolio-image')
        .locator('img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute('src')));
    const [first, second] = await urls();
    await page.getByTestId('portfolio-image').nth(1).getByRole('button', { name: 'Make it the cover' }).click();
    await expect.poll(urls, { timeout: 30_000 }).toEqual([second, first]);
    await shot('portfolio-edit-1400');

    await page.goto(`${server.url}/en/user/portfolios`);
    const card = page.getByTestId('portfolio-card').filter({ hasText: name });
    await card.waitFor();
    expect(await card.getByTestId('status').textContent()).toBe('Published');
    expect(await card.textContent()).toContain('2 pictures');
    expect(await card.locator('img').first().getAttribute('src')).toBe(second);
    await shot('portfolios-list-1400');
  });

  it('shows a wrong file type in a dialog and uploads nothing', async () => {
    await page.goto(editUrl);
    await page.getByTestId('image-manager').waitFor();
    const before = await page.getByTestId('portfolio-image').count();
    await page
      .getByTestId('image-manager')
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      ]);
    await page.getByText('JPEG, PNG, WebP').first().waitFor();
    expect(await page.getByTestId('portfolio-image').count()).toBe(before);
    await page.getByRole('button', { name: 'OK' }).click();
  });

  it('nothing overflows at 360 px on the list and edit pages', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${server.url}/en/user/portfolios`);
    await page.getByTestId('portfolio-card').first().waitFor();
    // the area switches its side menu for the drawer once the resize has reached React (antd breakpoints)
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await shot('portfolios-list-360');
    await page.goto(editUrl);
    await page.getByTestId('portfolio-image').first().waitFor();
    // the area switches its side menu for the drawer once the resize has reached React (antd breakpoints)
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await shot('portfolio-edit-360');
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});

describe('experiences', () => {
  const position = `Product designer ${Date.now().toString(36)}`;

  it('creates a current experience (no end date), edits it and deletes it', async () => {
    await page.goto(`${server.url}/en/user/experiences/new`);
    await page.getByTestId('experience-new').waitFor();
    // the form arrives with its own chunk (its schema and validators, loaded on demand) after the page's frame
    await expect.poll(() => page.getByText('Leave it empty if you still hold this position').count()).toBe(1);
    await page.locator('#root_name').fill(position);
    await page.locator('#root_company_name').fill('Estudio Norte');
    await page.locator('#root_contract').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Permanent' }).click();
    await page.locator('#root_location').fill('Barcelona');
    await page.locator('#root_start').fill('01/09/2022');
    await page.locator('#root_content').fill('Design system and research.');
    await page.getByRole('button', { name: 'Add experience' }).click();
    await page.getByTestId('user-experiences').waitFor();
    const card = page.getByTestId('experience-card').filter({ hasText: position });
    await card.waitFor();
    expect(await card.getByTestId('period').textContent()).toContain('01/09/2022 – Present');
    await shot('experiences-list-1400');

    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('experience-edit').waitFor();
    await expect.poll(() => page.locator('#root_name').inputValue()).toBe(position);
    await page.locator('#root_name').fill(`${position} (lead)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('experience-show').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(`${position} (lead)`);
    await page.setViewportSize({ width: 360, height: 780 });
    // the area switches its side menu for the drawer once the resize has reached React (antd breakpoints)
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await shot('experience-show-360');
    await page.setViewportSize({ width: 1400, height: 900 });

    await page.getByTestId('delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('user-experiences').waitFor();
    await expect
      .poll(() => page.getByTestId('experience-card').filter({ hasText: position }).count(), { timeout: 30_000 })
      .toBe(0);
    // the only console errors are the browser's note on the deliberate 400 and Refine's log of it
    expect(errors.filter((e) => !/status of 400|^Object$/.test(e))).toEqual([]);
  });
});

describe('empty lists', () => {
  it('invite to create the first project or experience (the answers stubbed empty)', async () => {
    const empty = {
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ items: [], total: 0, maxPages: 0 }),
    };
    await page.route(/\/usr\/(portfolios|workExperiences)\?/, (route) => route.fulfill(empty));
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${server.url}/en/user/portfolios`);
    await page.getByText('You have no projects yet').waitFor();
    expect(await page.getByTestId('portfolio-card').count()).toBe(0);
    await shot('portfolios-empty-360');
    await page.getByTestId('create').click();
    await page.getByTestId('portfolio-new').waitFor();
    await page.goto(`${server.url}/en/user/experiences`);
    await page.getByText('You have not added any experience yet').waitFor();
    expect(await page.getByTestId('create').count()).toBe(1);
    await page.unroute(/\/usr\/(portfolios|workExperiences)\?/);
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});
