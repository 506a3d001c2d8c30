/**
 * The cookie banner works before the page's scripts run (or without them): its buttons post the choice to
 * /cookie-consent, which sets the same cookie the script would and goes back to the page. The way back is
 * always a path of this site (never another origin), and nothing but the two known choices is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const choose = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({ method: 'POST', url: '/cookie-consent', headers: { 'content-type': contentType }, payload });

describe('POST /cookie-consent', () => {
  it('sets the consent cookie and goes back to the page it came from', async () => {
    const res = await choose('choice=necessary&back=%2Fen%2Fjobs%3Fcontract%3DINDEFINITE%26page%3D2');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/en/jobs?contract=INDEFINITE&page=2');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^cookie_consent=necessary;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).not.toMatch(/HttpOnly/i); // the page's script reads it
    const all = await choose('choice=all&back=%2Fca');
    expect(String(all.headers['set-cookie'])).toMatch(/^cookie_consent=all;/);
    expect(all.headers.location).toBe('/ca');
  });

  it('never sends the visitor to another site', async () => {
    for (const back of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\r\nSet-Cookie:x=1',
      '',
      ' /en',
    ]) {
      const res = await choose(`choice=all&back=${encodeURIComponent(back)}`);
      expect(res.statusCode, back).toBe(303);
      expect(res.headers.location, back).toBe('/');
    }
    const missing = await choose('choice=all');
    expect(missing.headers.location).toBe('/');
  });

  it('refuses an unknown choice or a body of another kind, and sets nothing', async () => {
    for (const payload of ['choice=everything&back=%2Fen', 'back=%2Fen', `choice=${'a'.repeat(5000)}`]) {
      const res = await choose(payload);
      expect([400, 413], payload.slice(0, 30)).toContain(res.statusCode); // 413: larger than a form of two fields
      expect(res.headers['set-cookie'], payload.slice(0, 30)).toBeUndefined();
    }
    const json = await choose(JSON.stringify({ choice: 'all', back: '/en' }), 'application/json');
    expect([400, 415]).toContain(json.statusCode);
    expect(json.headers['set-cookie']).toBeUndefined();
  });

  it('answers only at its own path and method: odd spellings and GET set nothing', async () => {
    for (const url of [
      '/Cookie-Consent',
      '/cookie-consent%2F',
      '//cookie-consent',
      '/api/cookie-consent',
      '/usr/cookie-consent',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'choice=all&back=%2Fen',
      });
      expect(res.statusCode, url).not.toBe(303);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    const get = await t.app.inject({ method: 'GET', url: '/cookie-consent?choice=all&back=%2Fen' });
    expect(get.statusCode).not.toBe(303);
    expect(get.headers['set-cookie']).toBeUndefined();
  });
});
