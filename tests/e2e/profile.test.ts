/**
 * The member's profile pages in Debian's Chromium, in Spanish (issue 8 §7–8): privacy settings saved and
 * enforced, the bank account validated and shown masked, the password change that needs the old one, and
 * the upload field's SPEC §4 dialogs (too large and wrong type before sending, the server's refusal of a
 * disguised file, the confirmed delete). Every page fits a 360 px phone.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, signInAt, withCookieChoice, type LiveServer, settle } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
const SHOTS = process.env['SCREENSHOT_DIR'];

onBrowserSuite((live) => ({ server, browser } = live));

async function signedIn(email: string, width = 1400, password = 'demo-password') {
  const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
  const { page, errors } = await newPage(context);
  await signInAt(page, server.url, email, { lng: 'es', password });
  return { page, errors, close: () => context.close() };
}

const row = (email: string) =>
  server.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const fieldError = (page: Page, id: string) =>
  page
    .locator('.ant-form-item', { has: page.locator(`#${id}`) })
    .first()
    .locator('.ant-form-item-explain-error');

describe('privacy settings', () => {
  it('saves the flags, and a Regular member cannot switch on job offers by e-mail', async () => {
    const { page, close } = await signedIn('regular@demo.test');
    await page.goto(`${server.url}/es/usuario/perfil/ajustes`);
    const appear = page.locator('#root_is_appear_by_user');
    await appear.waitFor();
    const was = (await row('regular@demo.test')).is_appear_by_user === 1;
    expect(await appear.isChecked()).toBe(was);
    expect(await page.locator('#root_is_receive_jobs').isDisabled()).toBe(true);
    await page.getByText('Las ofertas de empleo por correo son una ventaja Bold').waitFor();
    await appear.setChecked(!was);
    await page.locator('#form-profileSettings').getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado').first().waitFor();
    expect((await row('regular@demo.test')).is_appear_by_user).toBe(was ? 0 : 1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-1400.png`, fullPage: true });
    await close();
  });
});

describe('bank account', () => {
  it('refuses a wrong IBAN on its field, then shows the saved one masked', async () => {
    const { page, close } = await signedIn('gratis@demo.test');
    await page.goto(`${server.url}/es/usuario/perfil/ajustes-iban`);
    await page.locator('#root_iban').waitFor();
    await page.locator('#root_bank').fill('CaixaBank');
    await page.locator('#root_name').fill('Júlia Gratis Demo');
    await page.locator('#root_iban').fill('ES91 2100 0418 4502 0005 1333');
    await page.locator('#form-profileIban').getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => fieldError(page, 'root_iban').count()).toBeGreaterThan(0);
    expect((await row('gratis@demo.test')).iban).toBeNull();
    await page.locator('#root_iban').fill('ES91 2100 0418 4502 0005 1332');
    await page.locator('#form-profileIban').getByRole('button', { name: 'Guardar' }).click();
    await page.locator('.profile-iban-current').getByText('ES91 **** **** **** **** 1332').waitFor();
    expect((await row('gratis@demo.test')).iban).toBe('ES9121000418450200051332');
    expect(await page.content()).not.toContain('2100 0418 4502');
    await close();
  });
});

describe('e-mail address', () => {
  it('changes only after the link sent to the new address is opened', async () => {
    const { page, close } = await signedIn('gratis@demo.test');
    await page.goto(`${server.url}/es/usuario/perfil?tab=account`);
    const form = page.locator('#form-profileEmail');
    await form.waitFor();
    const next = `julia.nueva.${Date.now()}@example.com`;
    await form.locator('#root_email').fill(next);
    await form.locator('#root_password').fill('demo-password');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Revisa tu nuevo correo').first().waitFor();
    expect((await row('gratis@demo.test')).email).toBe('gratis@demo.test');
    const mail = await server.app.db
      .selectFrom('email_outbox')
      .select('body_text')
      .where('to_address', '=', next)
      .where('template', '=', 'account.emailChange')
      .executeTakeFirstOrThrow();
    const link = new URL(/(https?:\/\/\S+email_token=[A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!);
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    // the link is in the member's own language (Catalan), and so is the page it opens
    expect(link.pathname).toBe('/ca/usuari/perfil');
    await page.getByText(`El teu correu ara és ${next}.`).waitFor();
    expect(
      await server.app.db.selectFrom('users').select('email').where('email', '=', next).executeTakeFirst(),
    ).toEqual({ email: next });
    await close();
  });
});

describe('password', () => {
  it('needs the old password, then the new one signs in', async () => {
    const member = await signedIn('regular@demo.test');
    const { page } = member;
    await page.goto(`${server.url}/es/usuario/perfil?tab=account`);
    const form = page.locator('#form-profilePassword');
    await form.waitFor();
    await form.locator('#root_old_password').fill('not my password');
    await form.locator('#root_password').fill('a brand new passphrase');
    await form.locator('#root_password_repeat').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(() => fieldError(page, 'root_old_password').first().textContent())
      .toContain('La contraseña no es correcta.');
    await form.locator('#root_old_password').fill('demo-password');
    await form.locator('#root_password').fill('a brand new passphrase');
    await form.locator('#root_password_repeat').fill('a brand new passphrase');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Contraseña cambiada').first().waitFor();
    await member.close();
    const again = await signedIn('regular@demo.test', 1400, 'a brand new passphrase');
    expect(new URL(again.page.url()).pathname).not.toBe('/es/acceso');
    await again.close();
  });
});

describe('upload field', () => {
  it('says too large and wrong type before sending, shows the server refusing a disguised file, uploads a photo and deletes the CV after confirming', async () => {
    const { page, close } = await signedIn('bold@demo.test');
    await page.goto(`${server.url}/es/usuario/perfil?tab=files`);
    const photo = page.locator('.profile-files section', { hasText: 'Foto' }).first();
    const cv = page.locator('.profile-files section', { hasText: 'CV (PDF)' });
    await photo.locator('input[type=file]').waitFor({ state: 'attached' });
    let uploads = 0;
    page.on(
      'request',
      (request) => request.method() === 'POST' && /\/usr\/users\/(avatar|cv)$/.test(request.url()) && uploads++,
    );
    const dialog = page.locator('.ant-modal-confirm');

    // too large (6 MB photo, limit 5 MB): a dialog, nothing sent
    await photo
      .locator('input[type=file]')
      .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    await dialog.locator('.ant-modal-confirm-title').getByText('El archivo es demasiado grande').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/upload-too-large-1400.png` });
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // wrong type (an SVG as a photo): a dialog, nothing sent
    await photo.locator('input[type=file]').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await dialog.locator('.ant-modal-confirm-title').getByText('Este tipo de archivo no se acepta').waitFor();
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(uploads).toBe(0);

    // a text file named .pdf passes the browser's check; the server reads its content and refuses it
    await cv.locator('input[type=file]').setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just some text, not a PDF at all'),
    });
    await dialog.locator('.ant-modal-confirm-title').getByText('No se ha podido subir el archivo').waitFor();
    expect(((await dialog.textContent()) ?? '').length).toBeGreaterThan('No se ha podido subir el archivo'.length);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    expect(uploads).toBe(1);

    // a real photo: uploaded, re-encoded, shown
    const before = (await row('bold@demo.test')).photo;
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#f28c28' } })
      .png()
      .toBuffer();
    await photo.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(async () => (await row('bold@demo.test')).photo, { timeout: 20_000 }).not.toBe(before);
    await expect
      .poll(() => photo.locator('img').getAttribute('src'))
      .toContain((await row('bold@demo.test')).photo!.split('/').pop()!.split('.')[0]!.slice(0, 8));

    // delete the CV: cancel keeps it, confirm removes it
    await cv.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.locator('.ant-modal-confirm-title').getByText('¿Eliminar este archivo?').waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect((await row('bold@demo.test')).cv_file).not.toBeNull();
    await cv.getByRole('button', { name: 'Eliminar' }).click();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(async () => (await row('bold@demo.test')).cv_file).toBeNull();
    await cv
      .getByText('Aún no hay ningún archivo.')
      .or(cv.getByRole('button', { name: /Elegir/ }))
      .first()
      .waitFor();
    await close();
  });
});

describe('on a phone', () => {
  it('shows every profile tab at 390 px, none behind a "···" button (issue 25 §9)', async () => {
    const { page, close } = await signedIn('bold@demo.test', 390);
    await page.goto(`${server.url}/es/usuario/perfil`);
    await page.locator('.profile-page h1').waitFor();
    await settle(page);
    const tabs = page.getByRole('tab');
    const names = (await tabs.allTextContents()).map((text) => text.trim());
    expect(names).toContain('Foto y archivos');
    expect(names).toContain('Membresía');
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < names.length; i++) {
      const box = await tabs.nth(i).boundingBox();
      expect(box, names[i]).not.toBeNull();
      expect(box!.x, names[i]).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, names[i]).toBeLessThanOrEqual(390);
    }
    expect(await page.locator('.ant-tabs-nav-more').isVisible()).toBe(false);
    await close();
  });

  it('the profile, settings and bank account pages fit 360 px and the drawer lists the whole member menu', async () => {
    const { page, close } = await signedIn('bold@demo.test', 360);
    for (const path of ['/es/usuario/perfil', '/es/usuario/perfil/ajustes', '/es/usuario/perfil/ajustes-iban']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('.profile-page h1').waitFor();
      await settle(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile${path.replace(/\//g, '-')}-360.png`, fullPage: true });
    }
    await page.getByRole('button', { name: 'Menú' }).click();
    const drawer = page.getByTestId('drawer-account');
    await drawer.waitFor();
    const labels = (await drawer.locator('li').allTextContents()).map((text) => text.trim());
    expect(labels).toEqual([
      'Mi área',
      'Mi perfil',
      'Ajustes de privacidad',
      'Mensajes',
      'Mi tarjeta',
      'Mis candidaturas',
      'Noticias guardadas',
      'Mis proyectos',
      'Mis experiencias',
      'Grupos que sigo',
      'Mis grupos',
      'Biblioteca digital',
    ]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/drawer-member-360.png` });
    await close();
  });
});
