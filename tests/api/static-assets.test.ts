/**
 * The built assets are compressed once, at build time (a .br and a .gz file beside each, scripts/compress-assets.ts),
 * and served as they are (issue 27 §3): brotli to a browser that accepts it, gzip to one that accepts only gzip, the
 * file itself to one that accepts neither; always with the file's own type, `Vary: Accept-Encoding` and, for the
 * hashed assets, a year of immutable caching. Each variant here holds a different text, so the test sees which file
 * was sent, not merely that the answer decodes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let dist: string;

// past @fastify/compress's 1 KiB threshold, so a file compressed per request would be compressed
const script = (variant: string) => `console.log(${JSON.stringify(variant)});\n${'// padding\n'.repeat(200)}`;
const ASSET = '/assets/page-Ab12Cd34.js';
const SHEET = '/assets/page-Ef56Gh78.css';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'static-assets-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>%TITLE%</title></head></html>');
  writeFileSync(join(dist, ASSET), script('identity'));
  writeFileSync(join(dist, `${ASSET}.br`), brotliCompressSync(script('brotli')));
  writeFileSync(join(dist, `${ASSET}.gz`), gzipSync(script('gzip')));
  // a file built without variants is still compressed on its way out
  writeFileSync(join(dist, SHEET), `body{color:red}\n${'/* padding */\n'.repeat(200)}`);
  writeFileSync(join(dist, 'server', 'secret.mjs'), 'export const secret = 1;');
  writeFileSync(join(dist, 'outside.js'), script('outside'));
  t = await startTestApp({ DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

const varyOf = (res: LightMyRequestResponse) =>
  String(res.headers['vary'] ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

function expectAssetHeaders(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^(application|text)\/javascript/);
  expect(varyOf(res)).toContain('accept-encoding');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
}

describe('built assets, compressed once at build', () => {
  it('sends the .br file to a browser that accepts brotli', async () => {
    const res = await get(ASSET, 'gzip, deflate, br, zstd');
    expectAssetHeaders(res);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script('brotli'));
  });

  it('sends the .gz file to a browser that accepts gzip only', async () => {
    const res = await get(ASSET, 'gzip');
    expectAssetHeaders(res);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script('gzip'));
  });

  it('sends the file itself to a client that accepts neither', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const res = await get(ASSET, acceptEncoding);
      expectAssetHeaders(res);
      expect(res.headers['content-encoding'] ?? 'identity', String(acceptEncoding)).toBe('identity');
      expect(res.body, String(acceptEncoding)).toBe(script('identity'));
    }
  });

  it('answers HEAD with the same headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: ASSET, headers: { 'accept-encoding': 'br' } });
    expectAssetHeaders(res);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('still compresses, per request, a file built without variants', async () => {
    const res = await get(SHEET, 'br');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/css/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyOf(res)).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toMatch(/^body\{color:red\}/);
  });

  it('never serves a path outside the assets it may, nor the variant files by their own names', async () => {
    const refused = [
      '/assets/../server/secret.mjs',
      '/assets/%2e%2e/server/secret.mjs',
      '/assets/..%2fserver%2fsecret.mjs',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/server/secret.mjs',
      '/assets/..%5cserver%5csecret.mjs',
      `${ASSET}.br`,
      `${ASSET}.gz`,
    ];
    expect(refused).toHaveLength(8);
    for (const url of refused) {
      for (const acceptEncoding of ['br', 'gzip', undefined]) {
        const res = await get(url, acceptEncoding);
        expect(res.statusCode, `${url} (${acceptEncoding})`).toBe(404);
        expect(res.body, url).not.toContain('secret');
        expect(res.body, url).not.toContain('"name"');
      }
    }
  });
});
