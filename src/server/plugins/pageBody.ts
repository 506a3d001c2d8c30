/**
 * The HTML of a page, compressed for the browser. The pages are answered by the not-found handler
 * (plugins/spa.ts), which @fastify/compress does not reach (it hooks into routes as they are added), so the
 * page compresses itself; a server-rendered page is ~200 KB of HTML (most of it antd's styles) and ~30 KB
 * compressed. The bytes of a server-rendered page are kept as long as its render (5 s), so a page asked for
 * often is compressed once per encoding, not once per request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PageCache } from '../ssr';

type Encoding = 'br' | 'gzip' | 'identity';

const encode: Record<Encoding, (html: string) => Buffer> = {
  // quality 5: about gzip's speed with brotli's size; the bytes are reused while the render is
  br: (html) =>
    brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length },
    }),
  gzip: (html) => gzipSync(html, { level: 6 }),
  identity: (html) => Buffer.from(html),
};

export class PageBodies {
  private readonly bytes: PageCache<Buffer>;

  constructor(ttlMs: number) {
    this.bytes = new PageCache<Buffer>(ttlMs, 300);
  }

  clear(): void {
    this.bytes.clear();
  }

  /**
   * Sends `html` with the best encoding the browser accepts. `cacheKey`: the page's bytes may be reused for
   * this key (the caller includes in it everything the HTML depends on); without it nothing is kept.
   */
  send(request: FastifyRequest, reply: FastifyReply, html: string, cacheKey?: string): FastifyReply {
    const accepted = request.headers['accept-encoding'];
    const encoding = ((typeof accepted === 'string' && negotiate(accepted, ['br', 'gzip'])) || 'identity') as Encoding;
    const key = cacheKey === undefined ? undefined : `${encoding}|${cacheKey}`;
    let body = key === undefined ? undefined : this.bytes.get(key);
    if (!body) {
      body = encode[encoding](html);
      if (key !== undefined) this.bytes.set(key, body);
    }
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(body);
  }
}
