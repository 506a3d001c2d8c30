/**
 * Joining and recovering in the browser (issue 8 §5–6): the two-tab registration form validates in the
 * page's language, shows the server's 409 on the e-mail field of the first tab, ends on the "we will
 * e-mail you" page; the e-mailed link confirms the address once; the recovery page sends a link and
 * its reset form sets a password that signs in. Screenshots at 360 and 1400 px go to reports/screenshots.
 */
import { localizePath } from '../../src/shared/routes';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, onBrowserSuite, withCookieChoice, type LiveServer } from '../helpers/browser';

let server: LiveServer;
let browser: Browser;
onBrowserSuite((live) => ({ server, browser } = live));

const SHOTS = 'reports/screenshots';

async function open(path: string, width = 1400) {
  const context = await withCookieChoice(await browser.newContext({ viewport: { width, height: 900 } }), server.url);
  const { page, errors } = await newPage(context);
  await page.goto(`${server.url}${path}`);
  return { page, errors, close: () => context.close() };
}

async function fillPersonal(page: Page, email: string) {
  const form = page.locator('#register-personal');
  await form.waitFor();
  for (const [id, value] of [
    ['name', 'Laia'],
    ['surname1', 'Puig'],
    ['birthdate', '14/03/1995'],
    ['document_number', '12345678Z'],
    ['mobile', '+34 612 345 678'],
    ['email', email],
    ['email_repeat', email],
    ['password', 'a long enough passphrase'],
    ['password_repeat', 'a long enough passphrase'],
  ] as const) {
    await form.locator(`#root_${id}`).fill(value);
  }
  await form.getByRole('radio', { name: 'Dona' }).check();
}

const outbox = (to: string, template: string) =>
  server.app.db
    .selectFrom('email_outbox')
    .select('body_text')
    .where('to_address', '=', to)
    .where('template', '=', template)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();

describe('registration', () => {
  it('walks both tabs in Catalan, maps the server 409 onto the e-mail, then registers and confirms', async () => {
    const { page, errors, close } = await open('/ca/usuari/registre');
    await page.getByRole('heading', { name: "Fes-te soci de l'associació alumni" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/register-1400.png`, fullPage: true });

    // the browser checks the first tab before the second opens (the same schema as the server)
    await page.locator('#register-personal').getByRole('button', { name: 'Continua' }).click();
    await page.getByText('Cal omplir el camp «Nom».').first().waitFor();
    await page.locator('#root_document_number').fill('12345678A');
    await page.locator('#register-personal').getByRole('button', { name: 'Continua' }).click();
    await page.getByText(/DNI/).first().waitFor();

    // an e-mail that is taken: the server's 409 comes back onto the e-mail field of the first tab
    await fillPersonal(page, 'regular@demo.test');
    await page.locator('#register-personal').getByRole('button', { name: 'Continua' }).click();
    await page.locator('#register-membership').waitFor();
    await page.getByRole('radio', { name: /Bold/ }).check();
    await page.getByRole('radio', { name: /domiciliació/ }).check();
    await page.locator('#root_payment_bank').fill('CaixaBank');
    await page.locator('#root_payment_name').fill('Laia Puig');
    await page.locator('#root_payment_iban').fill('ES91 2100 0418 4502 0005 1332');
    await page.screenshot({ path: `${SHOTS}/register-membership-1400.png` });
    await page.locator('#root_is_conditions').check();
    await page.locator('#root_is_privacy').check();
    await page.locator('#register-membership').getByRole('button', { name: 'Envia la sol·licitud' }).click();
    await page.getByText('Ja existeix un compte amb aquest correu electrònic', { exact: false }).waitFor();
    const emailItem = page.locator('#register-personal .ant-form-item', { has: page.locator('#root_email') }).first();
    await emailItem.scrollIntoViewIfNeeded();
    expect(await emailItem.innerText()).toContain('Ja existeix un compte amb aquest correu electrònic');
    await page.screenshot({ path: `${SHOTS}/register-409-1400.png` });
    expect(await page.locator('#register-personal').isVisible()).toBe(true);

    // a new address: the result page, one PENDING member, two e-mails in Catalan
    const email = `laia.e2e.${Date.now()}@example.com`;
    await page.locator('#root_email').fill(email);
    await page.locator('#root_email_repeat').fill(email);
    await page.locator('#register-personal').getByRole('button', { name: 'Continua' }).click();
    await page.locator('#root_is_conditions').check();
    await page.locator('#root_is_privacy').check();
    await page.locator('#register-membership').getByRole('button', { name: 'Envia la sol·licitud' }).click();
    await page.getByText('Hem rebut la teva sol·licitud').waitFor();
    await page.screenshot({ path: `${SHOTS}/register-done-1400.png` });
    const user = await server.app.db
      .selectFrom('users')
      .select(['status', 'role', 'data', 'language'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'PENDING', role: 'REGULAR', language: 'ca' });
    expect(JSON.parse(user.data).requested_role).toBe('BOLD');
    expect(
      await server.app.db.selectFrom('users').select('iban').where('email', '=', email).executeTakeFirstOrThrow(),
    ).toEqual({ iban: 'ES9121000418450200051332' });

    // the e-mailed link opens the page that confirms the address, once
    const mail = await outbox(email, 'account.confirmEmail');
    const link = /(https?:\/\/\S+\?confirm=[A-Za-z0-9_-]{43})/.exec(mail!.body_text)![1]!;
    await page.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
    await page.getByText('Adreça confirmada').waitFor();
    // opened a second time, the link says the address is already confirmed and offers to sign in (issue 25 §3)
    await page.reload();
    await page.getByText('La teva adreça ja està confirmada').waitFor();
    expect(await page.getByText("No hem pogut confirmar l'adreça").count()).toBe(0);
    await page.screenshot({ path: '/tmp/nc/confirm-already-ca.png' });
    await page.getByTestId('confirm-sign-in').click();
    await page.waitForURL((url) => url.pathname === localizePath('login', 'ca'));
    await page.locator('#root_email').waitFor();
    // a link nobody was sent still fails, saying nothing about any address
    await page.goto(`${server.url}${new URL(link).pathname}?confirm=${'A'.repeat(43)}`);
    await page.getByText("No hem pogut confirmar l'adreça").waitFor();
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await close();
  });

  it('fits a 360 px phone', async () => {
    const { page, close } = await open('/es/usuario/registro', 360);
    await page.locator('#register-personal').waitFor();
    expect(await page.getByRole('tab', { name: '2. Membresía y pago' }).isVisible()).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/register-360.png`, fullPage: true });
    await close();
  });
});

describe('recovery', () => {
  it('sends a link, and the reset form sets a password that signs in (English)', async () => {
    // the link opens the page in the member's language, whatever the language of the page that asked for it
    await server.app.db.updateTable('users').set({ language: 'en' }).where('email', '=', 'regular@demo.test').execute();
    const { page, close } = await open('/en/user/recovery');
    await page.getByRole('heading', { name: 'Recover your password' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/recovery-1400.png` });
    await page.locator('#root_email').fill('regular@demo.test');
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await page.getByText('Check your e-mail').waitFor();
    const mail = await outbox('regular@demo.test', 'account.recovery');
    const link = new URL(/(https?:\/\/\S+\?token=[A-Za-z0-9_-]{43})/.exec(mail!.body_text)![1]!);
    expect(link.pathname).toBe('/en/user/recovery');
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.locator('#root_password').fill('my new passphrase');
    await page.locator('#root_password_repeat').fill('not the same one');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('The two passwords do not match.').waitFor();
    await page.locator('#root_password_repeat').fill('my new passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Password changed').waitFor();
    const res = await fetch(`${server.url}/usr/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apiKey: 'alumni-web-key' },
      body: JSON.stringify({ email: 'regular@demo.test', password: 'my new passphrase' }),
    });
    expect(res.status).toBe(200);
    // the used link says so
    await page.goto(`${server.url}${link.pathname}${link.search}`);
    await page.locator('#root_password').fill('another passphrase');
    await page.locator('#root_password_repeat').fill('another passphrase');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This link is no longer valid', { exact: false }).waitFor();
    await close();
  });

  it('fits a 360 px phone', async () => {
    const { page, close } = await open('/ca/usuari/recuperar', 360);
    await page.locator('#recovery-request').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/recovery-360.png`, fullPage: true });
    await close();
  });
});
