/** The build's compression (scripts/compress-assets.ts): a .br and a .gz beside each text file the server may send. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('compressAssets', () => {
  it('writes both variants of each text file, decoding to the same bytes, and leaves the rest alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'compress-assets-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'server', 'assets'), { recursive: true });
    const script = `export const x = ${JSON.stringify('a'.repeat(5000))};\n`;
    writeFileSync(join(dir, 'assets', 'page-1.js'), script);
    writeFileSync(join(dir, 'assets', 'page-1.css'), 'body{margin:0}'.repeat(100));
    writeFileSync(join(dir, 'boot.js'), script);
    writeFileSync(join(dir, 'assets', 'tiny.js'), 'x'); // compressed it would grow: no variant
    writeFileSync(join(dir, 'assets', 'photo.png'), Buffer.alloc(4000, 1));
    writeFileSync(join(dir, 'index.html'), `<html>${script}</html>`);
    writeFileSync(join(dir, 'server', 'assets', 'render.mjs'), script);

    const done = await compressAssets(dir);
    expect(done.map((entry) => entry.file.slice(dir.length + 1)).sort()).toEqual([
      'assets/page-1.css',
      'assets/page-1.js',
      'assets/tiny.js',
      'boot.js',
    ]);
    for (const file of ['assets/page-1.js', 'assets/page-1.css', 'boot.js']) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).equals(original), file).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).equals(original), file).toBe(true);
    }
    for (const file of ['assets/tiny.js', 'assets/photo.png', 'index.html', 'server/assets/render.mjs']) {
      expect(existsSync(join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(join(dir, `${file}.gz`)), file).toBe(false);
    }
  });
});
