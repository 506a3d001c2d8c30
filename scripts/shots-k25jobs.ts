/**
 * Screenshots for issue 25 §10/§17 (not part of the suite): the company's offer page with the delete confirmation
 * open, and the public offer page with salary and work mode, at 390 and 1400 px.
 * `node --import tsx scripts/shots-k25jobs.ts http://127.0.0.1:PORT`
 */
import { mkdirSync } from 'node:fs';
import { launchChromium, signInAt } from '../tests/helpers/browser';
import { localizePath } from '../src/shared/routes';

const base = process.argv[2]!;
const out = '/tmp/k25/shots';
mkdirSync(out, { recursive: true });
const headers = { apiKey: 'alumni-web-key', 'content-type': 'application/json', language: 'en' };
const login = await fetch(`${base}/com/login`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    email: 'company@demo.test',
    password: 'demo-password',
    deviceId: 'shots0123456789abcdef',
    deviceType: 2,
    push: null,
  }),
});
const session = (await login.json()) as { token: string };
const auth = { ...headers, token: session.token, deviceId: 'shots0123456789abcdef', type: '2' };
const list = (await (await fetch(`${base}/com/jobs?status=PUBLISHED`, { headers: auth })).json()) as {
  items: Array<{ hash: string; slug: string }>;
};
const offer = list.items[0]!;
const patch = await fetch(`${base}/com/jobs/${offer.hash}`, {
  method: 'PATCH',
  headers: auth,
  body: JSON.stringify({
    salary_min: 38000,
    salary_max: 46000,
    salary_currency: 'EUR',
    salary_period: 'year',
    workstation: 'REMOTE',
  }),
});
console.log('patch', patch.status);
const pdf = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
const form = new FormData();
form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'Job description.pdf');
const { 'content-type': _json, ...noType } = auth;
const up = await fetch(`${base}/com/jobs/${offer.hash}/file`, { method: 'POST', headers: noType, body: form });
console.log('upload', up.status);

const browser = await launchChromium();
for (const width of [390, 1400]) {
  const company = await browser.newContext({ viewport: { width, height: 900 } });
  let page = await company.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`console error on ${page.url()}: ${m.text()}`));
  await signInAt(page, base, 'company@demo.test', { lng: 'en', company: true });
  await page.goto(`${base}${localizePath('company.jobs.show', 'en', { hash: offer.hash })}`, {
    waitUntil: 'networkidle',
  });
  await page.locator('[data-testid=offer-delete]').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/company-offer-delete-${width}.png`, fullPage: true });
  await company.close();

  const member = await browser.newContext({ viewport: { width, height: 900 } });
  page = await member.newPage();
  await signInAt(page, base, 'bold@demo.test', { lng: 'es' });
  await page.goto(`${base}${localizePath('jobs.show', 'es', { slug: offer.slug })}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/public-offer-${width}.png`, fullPage: true });
  await page.goto(`${base}${localizePath('jobs', 'es')}?workstation=REMOTE`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/public-list-remote-${width}.png`, fullPage: false });
  await member.close();
}
await browser.close();
console.log('done');
