/** The bench's "anonymous, new URLs" mix (bench/mixes.ts) must never hit the public cache: its URLs do not repeat. */
import { describe, expect, it } from 'vitest';
import { newUrl, searchUrl } from '../../bench/mixes';

describe('bench mix of new URLs', () => {
  it('gives 14,400 different URLs in a row (the public cache keeps 2,000), every one a search or filter with a page and size', () => {
    const urls = Array.from({ length: 14_400 }, (_, n) => newUrl(n));
    expect(new Set(urls).size).toBe(14_400);
    for (const url of urls.slice(0, 600))
      expect(url).toMatch(/^\/api\/(jobs|users|articles|workgroups)\?([a-z_]+=[^&]+&)+page=[1-3]&size=\d+$/);
  });

  it('the search mix gives 14,400 different URLs in a row, every one a text search of a searched list with a page and size', () => {
    const urls = Array.from({ length: 14_400 }, (_, n) => searchUrl(n));
    expect(new Set(urls).size).toBe(14_400);
    for (const url of urls.slice(0, 600))
      expect(url).toMatch(/^\/api\/(jobs|users|articles|workgroups)\?text=[^&]+&page=[1-3]&size=\d+$/);
  });
});
