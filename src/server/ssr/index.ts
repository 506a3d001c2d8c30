/**
 * Server-rendered public pages (DESIGN §1, issue 9 §2). The renderer is the web app's own code, built by
 * `vite build --ssr src/web/entry-server.tsx --outDir <DIST_DIR>/server` (npm run build); without that file
 * every page is the client-rendered shell as before. Pages are always rendered for an anonymous visitor:
 * the API is called in-process (app.inject) with the apiKey and the page's language and nothing else, so
 * no cookie, token or header of the request can reach the render, and a cached page holds nothing private.
 * Renders are cached briefly per URL and language; any successful write through the API empties the cache.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../shared/constants';

export interface RenderResult {
  html: string;
  styles: string;
  state: unknown;
}
type RenderFn = (url: string, lng: Locale, fetchImpl: typeof fetch) => Promise<RenderResult>;

/**
 * The public routes rendered on the server; the rest (sign-in, forms, areas) stay client-rendered. An article
 * and the info pages show Markdown, rendered without a DOM (components/Markdown); a group's page shows its wall,
 * files and members only when the anonymous visitor may read them (a PUBLIC group): a private group's answer to
 * the renderer has `can_view: false`, so those are never asked for nor embedded. The wall's file links are signed
 * for minutes (FILE_LINK_TTL_SECONDS), far longer than a render is kept (SSR_TTL_MS in plugins/spa.ts).
 */
export const SSR_ROUTES = new Set([
  'home',
  'jobs',
  'jobs.show',
  'news',
  'news.show',
  'info',
  'community',
  'association',
  'alumni',
  'company',
  'workgroups-landing',
  'workgroups',
  'workgroups.show',
  'portfolios',
  'portfolios.show',
  'experiences',
  'experiences.show',
  'community.directory',
  'community.directory.show',
  'community.ambassadors',
  'community.ambassadors.show',
  'community.entrepreneurs',
  'community.entrepreneurs.show',
  // a member card's check (issue 13): the API answer is never cached, and any write (a new QR code) empties the renders
  'verify',
]);

/** Where the build puts the renderer for a given DIST_DIR. */
export const rendererFile = (distDir: string) => join(distDir, 'server', 'entry-server.mjs');

/**
 * Node's own ES module loader, not `require` (require of an ES module): the renderer's lazy page chunks are
 * loaded by `import()`, and under `node --import tsx` modules loaded by require and by import are kept apart,
 * so the pages got a second React (a null hook dispatcher) and every page fell back to the shell. The test
 * runner leaves the built renderer to Node too (vitest.config.ts, server.deps.external).
 */
const nativeLoad = (file: string) =>
  import(/* @vite-ignore */ pathToFileURL(file).href) as Promise<{ render?: RenderFn }>;

export async function loadRenderer(distDir: string): Promise<RenderFn | null> {
  const file = rendererFile(distDir);
  if (!existsSync(file)) return null;
  const module = await nativeLoad(file);
  return typeof module.render === 'function' ? module.render : null;
}

/**
 * The only request the renderer may send that is not a GET: the content query of the info pages (SPEC §7 posts
 * it as JSON), which reads and never writes.
 */
const READ_ONLY_POSTS = new Set(['/api/content/query']);

/**
 * A fetch that answers from the app itself, anonymously: only the apiKey, the language and Accept are sent (and,
 * for the read-only content query, its JSON body). Anything else is refused without reaching the app.
 */
export function anonymousFetch(app: FastifyInstance, apiKey: string, lng: Locale): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const readOnlyPost = method === 'POST' && READ_ONLY_POSTS.has(url) && typeof init?.body === 'string';
    if ((method !== 'GET' && !readOnlyPost) || !url.startsWith('/api/'))
      return new Response('{"message":"not available while rendering"}', { status: 403 });
    const headers: Record<string, string> = { apikey: apiKey, language: lng, accept: 'application/json' };
    if (readOnlyPost) headers['content-type'] = 'application/json';
    const res = await app.inject({
      method: readOnlyPost ? 'POST' : 'GET',
      url,
      headers,
      ...(readOnlyPost ? { payload: init!.body as string } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/** A small cache of rendered pages: `ttlMs` at most, `max` entries, emptied by `clear()`. */
export class PageCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, until: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** JSON for a <script type="application/json"> element: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
