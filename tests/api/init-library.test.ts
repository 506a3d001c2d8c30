/**
 * The e-book library's address is a Bold benefit (SPEC §6 `library.view`): GET /api/init sends it only to an
 * actor whose permission list holds that permission — not to a visitor, a Regular member, a company or the
 * back office, who could otherwise read it in the answer the web hides the link from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MATRIX, type Role } from '../../src/shared/permissions';
import { anonymousFetch } from '../../src/server/ssr/index';
import { API_KEY, startTestApp, type TestApp } from '../helpers/app';

const EBOOK_URL = 'https://biblioteca.escola-disseny.example/ebooks';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function initAs(email: string | null, kind: 'usr' | 'com' | 'adm') {
  if (!email) return (await t.api('GET', '/api/init')).json();
  const session = await t.login(email, kind);
  return (await t.api('GET', '/api/init', { token: session.token, deviceId: session.deviceId })).json();
}

describe('GET /api/init and the e-book library address', () => {
  it.each([
    [null, 'usr', 'ANONYMOUS'],
    ['regular@demo.test', 'usr', 'REGULAR'],
    ['bold@demo.test', 'usr', 'BOLD'],
    ['gratis@demo.test', 'usr', 'GRATIS'],
    ['company@demo.test', 'com', 'COMPANY'],
    ['admin@demo.test', 'adm', 'ADMIN'],
  ] as const)('%s (%s → %s) gets the address only with library.view', async (email, kind, role: Role) => {
    const body = await initAs(email, kind);
    expect(body.role).toBe(role);
    expect(body.settings.email).toMatch(/@/);
    if (PERMISSION_MATRIX[role].includes('library.view')) expect(body.settings.ebookUrl).toBe(EBOOK_URL);
    else expect(body.settings).not.toHaveProperty('ebookUrl');
    if (!PERMISSION_MATRIX[role].includes('library.view')) expect(JSON.stringify(body)).not.toContain(EBOOK_URL);
  });

  it('the server renderer, which asks anonymously, never receives the address to embed in a page', async () => {
    const fetchAsRenderer = anonymousFetch(t.app, API_KEY, 'es');
    const res = await fetchAsRenderer('/api/init');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('"settings"');
    expect(text).not.toContain(EBOOK_URL);
  });

  it('a public page rendered on the server for a visitor does not embed the address (needs npm run build)', async () => {
    const res = await t.api('GET', '/es', { apiKey: null, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    // the footer's settings are in the page (the renderer read /api/init), the library's address is not
    expect(res.body).toContain('Carrer de Pujades');
    expect(res.body).not.toContain(EBOOK_URL);
  });
});
