/**
 * "My data" in the browser, in Spanish (issue 8 §12–13): a member downloads their data (a .zip) from the
 * settings page, then deletes their account through the modal (a box to tick, the current password),
 * lands signed out on the home page with a message, and cannot sign in again. Screenshots at 360 and
 * 1400 px go to /tmp/h3-*.png.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;

onBrowserSuite((live) => ({ server, browser } = live));

const signIn = (page: Page, email: string) => signInAt(page, server.url, email, { lng: 'es' });

describe('my data (es)', () => {
  it('looks right on a phone and on a wide screen', async () => {
    for (const width of [360, 1400]) {
      const context = await withCookieChoice(
        await browser.newContext({ viewport: { width, height: 900 } }),
        server.url,
      );
      const { page, errors } = await newPage(context);
      await signIn(page, 'bold@demo.test');
      await page.waitForURL((url) => !url.pathname.endsWith('/acceso'));
      await page.goto(`${server.url}/es/usuario/perfil/ajustes`);
      const section = page.getByTestId('my-data');
      await section.waitFor();
      expect(await section.getByRole('heading', { name: 'Mis datos' }).isVisible()).toBe(true);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/h3-settings-${width}.png`, fullPage: true });
      await page.getByTestId('my-data-delete').click();
      const modal = page.getByRole('dialog');
      await modal.getByText('Qué se elimina').waitFor();
      // submitting without ticking the box is refused in the page
      await modal.locator('#root_password').fill('demo-password');
      await modal.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();
      await modal.getByText('Marca la casilla para confirmar.').waitFor();
      await page.screenshot({ path: `/tmp/h3-modal-${width}.png` });
      // ticked, then closed: opened again it starts over
      await modal.getByTestId('delete-account-confirm').click();
      await modal.getByRole('button', { name: /close|cerrar/i }).click();
      await modal.waitFor({ state: 'hidden' });
      await page.getByTestId('my-data-delete').click();
      await modal.getByText('Qué se elimina').waitFor();
      expect(await modal.getByRole('checkbox').isChecked()).toBe(false);
      expect(await modal.getByText('Marca la casilla para confirmar.').count()).toBe(0);
      await modal.getByRole('button', { name: /close|cerrar/i }).click();
      await modal.waitFor({ state: 'hidden' });
      // nothing was deleted
      expect(
        (
          await server.app.db
            .selectFrom('users')
            .select('status')
            .where('email', '=', 'bold@demo.test')
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('VALIDATED');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('downloads the data, then deletes the account, and the member cannot sign in again', async () => {
    const context = await withCookieChoice(await browser.newContext({ acceptDownloads: true }), server.url);
    const { page, errors } = await newPage(context);
    await signIn(page, 'regular@demo.test');
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${server.url}/es/usuario/perfil/ajustes`);
    await page.getByTestId('my-data').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('my-data-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^alumni-data-\d{4}-\d{2}-\d{2}\.zip$/);
    // the shared Chromium is a remote one: the download is saved to a local copy to be read
    const path = join(mkdtempSync(join(tmpdir(), 'alumni-export-')), download.suggestedFilename());
    await download.saveAs(path);
    expect(readFileSync(path).subarray(0, 2).toString('latin1')).toBe('PK');

    // a post on a public group's wall, which must outlive the account
    const db = server.app.db;
    const member = await db
      .selectFrom('users')
      .select(['hash', 'name', 'surname1'])
      .where('email', '=', 'regular@demo.test')
      .executeTakeFirstOrThrow();
    const group = await db
      .selectFrom('workgroups')
      .select(['hash', 'slug'])
      .where('status', '=', 'PUBLISHED')
      .where('type', '=', 'PUBLIC')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('comments')
      .values({
        hash: 'h3e2ecomment001',
        workgroup_hash: group.hash,
        user_hash: member.hash,
        parent_hash: null,
        content: 'Un mensaje que se queda en el muro',
        file_hash: null,
        deleted: 0,
        created_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();

    await page.getByTestId('my-data-delete').click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Qué se conserva, como «Antiguo miembro»').waitFor();
    await modal.getByTestId('delete-account-confirm').click();
    // a wrong password is refused on the field
    await modal.locator('#root_password').fill('no-es-la-clave');
    await modal.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();
    await modal.getByText('La contraseña no es correcta.').first().waitFor();
    expect(
      (
        await server.app.db
          .selectFrom('users')
          .select('status')
          .where('email', '=', 'regular@demo.test')
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('VALIDATED');

    await modal.locator('#root_password').fill('demo-password');
    await modal.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' }).click();
    await page.getByText('Tu cuenta se ha eliminado').waitFor();
    await page.waitForURL(`${server.url}/es`);
    await expect.poll(() => page.getByTestId('user-menu').count(), { timeout: 30_000 }).toBe(0);
    await page.locator('h1').first().waitFor();
    await page.waitForTimeout(1500); // nothing sends the visitor elsewhere afterwards
    expect(page.url()).toBe(`${server.url}/es`);
    expect(await page.getByText('Accede a tu cuenta').count()).toBe(0);
    await page.screenshot({ path: '/tmp/h3-deleted-1400.png' });
    const cookies = (await context.cookies()).map((c) => c.name);
    expect(cookies).not.toContain('token');

    // the post stays on the wall, signed by a former member
    await page.goto(`${server.url}/es/grupos/${group.slug}`);
    const post = page.locator('.ant-list-item', { hasText: 'Un mensaje que se queda en el muro' });
    await post.waitFor();
    expect(await post.getByText('Antiguo miembro').count()).toBeGreaterThan(0);
    expect(await post.textContent()).not.toContain(member.surname1);

    await signInAt(page, server.url, 'regular@demo.test', { lng: 'es', leaves: false });
    await page.getByText('El correo electrónico o la contraseña no son correctos.').first().waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    // the only console errors allowed are the refused requests themselves (400 wrong password, 401 sign-in)
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await context.close();
  });
});
