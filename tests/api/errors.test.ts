import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('headers and error shapes (SPEC §7–§8)', () => {
  it('refuses a missing apiKey with 401 in the language of the request', async () => {
    const cases = {
      es: 'Falta la clave de la API o no es válida.',
      en: 'The API key is missing or not valid.',
      ca: "Falta la clau de l'API o no és vàlida.",
    };
    for (const [language, message] of Object.entries(cases)) {
      const res = await t.api('GET', '/api/jobs', { apiKey: null, language });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, code: 'apiKey.invalid', message });
    }
  });

  it('falls back to Accept-Language, then Spanish', async () => {
    const viaAccept = await t.api('GET', '/api/nothing-here', {
      language: null,
      headers: { 'accept-language': 'ca-ES,ca;q=0.9,en;q=0.5' },
    });
    expect(viaAccept.json().message).toBe('Aquesta adreça no existeix.');
    const fallback = await t.api('GET', '/api/nothing-here', { language: 'fr' });
    expect(fallback.statusCode).toBe(404);
    expect(fallback.json().message).toBe('Esta dirección no existe.');
  });

  it('answers validation errors with 400 { errors: [{ field, message }] } translated, naming unknown fields', async () => {
    const res = await t.api('POST', '/usr/login', {
      body: { email: 'not-an-email', password: '', admin: true },
      language: 'es',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.statusCode).toBe(400);
    expect(body.message).toBe('Revisa los datos marcados.');
    const fields = body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['admin', 'email', 'password']);
    expect(body.errors.find((e: any) => e.field === 'admin').message).toBe('El campo admin no está permitido.');
    const missing = await t.api('POST', '/usr/login', { body: {}, language: 'en' });
    expect(
      missing
        .json()
        .errors.map((e: any) => e.field)
        .sort(),
    ).toEqual(['email', 'password']);
    expect(missing.json().errors.map((e: any) => e.message)).toEqual([
      'This field is required.',
      'This field is required.',
    ]);
    const missingCa = await t.api('POST', '/usr/login', { body: { password: 'x' }, language: 'ca' });
    expect(missingCa.json().errors).toEqual([{ field: 'email', message: 'Aquest camp és obligatori.' }]);
  });

  it('answers malformed JSON, wrong types and huge bodies with 4xx, never 500', async () => {
    const broken = await t.api('POST', '/usr/login', { body: '{"email": ', json: true });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0].field).toBe('body');
    const wrongType = await t.api('POST', '/usr/login', { body: ['a', 'b'] });
    expect(wrongType.statusCode).toBe(400);
    const huge = await t.api('POST', '/usr/login', {
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
      json: true,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ statusCode: 413, code: 'request.tooLarge', message: 'The request is too large.' });
  });

  it('never leaks internals in error answers', async () => {
    const res = await t.api('GET', '/api/jobs/%E0%A4%A', {});
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/stack|\.ts:/);
    // a URL the router cannot decode answers in SPEC §8's shape and the request's language
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'validation.failed', errors: [{ field: 'url' }] });
    const es = await t.api('GET', '/api/jobs/%E0%A4%A', { language: 'es' });
    expect(es.json().errors[0].message).not.toBe(res.json().errors[0].message);
  });
});

describe('serving the web app', () => {
  it('redirects / by the i18n_redirected cookie, then the browser language, then Spanish', async () => {
    const byCookie = await t.app.inject({
      url: '/',
      headers: { cookie: 'i18n_redirected=ca', 'accept-language': 'en' },
    });
    expect(byCookie.statusCode).toBe(302);
    expect(byCookie.headers.location).toBe('/ca');
    expect((await t.app.inject({ url: '/', headers: { 'accept-language': 'en-GB,en;q=0.8' } })).headers.location).toBe(
      '/en',
    );
    expect((await t.app.inject({ url: '/', headers: { 'accept-language': 'de-DE' } })).headers.location).toBe('/es');
  });

  it('answers localized pages with the shell in their language with hreflang alternates, and unknown ones with 404', async () => {
    const page = await t.app.inject({ url: '/ca/treball' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<html lang="ca"');
    expect(page.body).toContain('hreflang="es" href="http://localhost:3000/es/empleo"');
    expect(page.body).toContain('hreflang="en" href="http://localhost:3000/en/jobs"');
    expect(page.body).toContain('name="api-key" content="alumni-web-key"');
    const missing = await t.app.inject({ url: '/en/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
  });

  it('publishes the OpenAPI document at /docs', async () => {
    const res = await t.app.inject({ url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/jobs', '/api/jobs/{id}', '/usr/login', '/com/login', '/api/init']),
    );
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/en' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
