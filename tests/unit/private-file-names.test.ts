/**
 * The name and type a private file is served under (src/server/lib/privateFiles.ts, issue 23 §3): the user's base name
 * with the extension of the stored type, never one a browser would render or run, whatever the stored name and type.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downloadName, servedType } from '../../src/server/lib/privateFiles';

describe('downloadName', () => {
  it('keeps the base name and puts the extension of the stored type', () => {
    expect(downloadName('poly.html', 'image/jpeg')).toBe('poly.jpg');
    expect(downloadName('C:\\Users\\ana\\CV Ana.pdf', 'application/pdf')).toBe('CV Ana.pdf');
    expect(downloadName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(downloadName('foto.tar.svg', 'image/webp')).toBe('foto.tar.webp');
    expect(downloadName('.html', 'image/png', 'image')).toBe('image.png');
    expect(downloadName('page.html', 'text/html')).toBe('page.bin');
    expect(downloadName('x', '__proto__')).toBe('x.bin');
  });

  it('never ends in an extension other than the stored type’s (fast-check)', () => {
    const mimes = fc.oneof(
      fc.constantFrom(
        'application/pdf',
        'image/jpeg',
        'image/png',
        'image/webp',
        'text/html',
        'image/svg+xml',
        'text/javascript',
        'constructor',
      ),
      fc.string(),
    );
    const names = fc.oneof(
      fc.string(),
      fc.constantFrom('a.html', 'a.svg', 'a.js', 'a.html\u0001', 'a.html.', 'a/b.html', 'a\\b.htm '),
    );
    let runs = 0;
    fc.assert(
      fc.property(names, mimes, (name, mime) => {
        runs++;
        const served = downloadName(name, mime);
        const type = servedType(mime);
        const expected =
          { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }[type] ?? null;
        expect(served.endsWith(`.${expected ?? 'bin'}`)).toBe(true);
        expect(served).not.toMatch(/[\u0000-\u001f\u007f/\\]/);
      }),
      { numRuns: 300, seed: 23 },
    );
    expect(runs).toBe(300);
  });

  it('serves only the types we keep, anything else as octet-stream', () => {
    expect(
      ['application/pdf', 'image/jpeg', 'text/html', 'image/svg+xml', 'application/javascript', 'toString'].map(
        servedType,
      ),
    ).toEqual([
      'application/pdf',
      'image/jpeg',
      'application/octet-stream',
      'application/octet-stream',
      'application/octet-stream',
      'application/octet-stream',
    ]);
  });
});
