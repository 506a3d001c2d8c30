/**
 * Serves the built SPA: hashed assets cached for a year; index.html never cached and answered for
 * every public URL with that page's language, title, description, alternates, Open Graph and JSON-LD
 * already in its head (modules/seo); unknown URLs get the same shell with status 404.
 * `/` redirects by the i18n_redirected cookie, then the browser language, then Spanish.
 * The public pages of src/server/ssr's SSR_ROUTES also get their body rendered on the server (anonymous
 * view, data embedded as JSON, antd's styles inlined) when the build made the renderer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CONSENT_COOKIE, DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type Locale } from '../../shared/constants';
import { matchPath } from '../../shared/routes';
import { pickLanguage } from '../i18n';
import { isApiUrl } from './context';
import { pages } from './routeAccess';
import { AppError } from '../errors';
import { backOfficeHead, headForMatch, sitemap, type PageHead } from '../modules/seo/service';
import { PageBodies } from './pageBody';
import { serverRenderedTemplate } from '../ssr/template';
import { loadPagePreloads } from '../ssr/preloads';
import { anonymousFetch, jsonForScript, loadRenderer, PageCache, SSR_ROUTES, type RenderResult } from '../ssr';
import { serviceContext, systemContext } from '../serviceContext';

/** How long a server-rendered public page is reused (per URL and language; any API write empties the cache). */
const SSR_TTL_MS = 5_000;

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>%TITLE%</title><meta name="api-key" content="%API_KEY%"><!--head-meta--></head><body><p>Run <code>npm run build</code> to build the web app.</p></body></html>';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderHead(head: PageHead, publicUrl: string): string {
  const tags = [`<meta name="description" content="${escapeHtml(head.description)}">`];
  if (head.noindex) tags.push('<meta name="robots" content="noindex">');
  for (const [lng, path] of Object.entries(head.alternates)) {
    tags.push(`<link rel="alternate" hreflang="${lng}" href="${escapeHtml(publicUrl + path)}">`);
    if (lng === head.lng) tags.push(`<link rel="canonical" href="${escapeHtml(publicUrl + path)}">`);
  }
  if (head.alternates.es)
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(publicUrl + head.alternates.es)}">`);
  tags.push(
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:type" content="${head.jsonLd ? 'article' : 'website'}">`,
    `<meta property="og:locale" content="${{ es: 'es_ES', en: 'en_GB', ca: 'ca_ES' }[head.lng]}">`,
  );
  const own = head.alternates[head.lng];
  if (own) tags.push(`<meta property="og:url" content="${escapeHtml(publicUrl + own)}">`);
  if (head.image) tags.push(`<meta property="og:image" content="${escapeHtml(publicUrl + head.image)}">`);
  // JSON inside <script> must not close the tag early.
  if (head.jsonLd)
    tags.push(`<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`);
  return tags.join('\n    ');
}

export async function spaPlugin(app: FastifyInstance) {
  const { distDir, apiKey, publicUrl } = app.config;
  const indexFile = join(distDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_SHELL;
  const renderedTemplate = serverRenderedTemplate(template, distDir);
  const preloads = loadPagePreloads(distDir);

  if (existsSync(distDir)) {
    await app.register(
      pages(fastifyStatic as never, {
        root: distDir,
        prefix: '/',
        index: false,
        wildcard: false,
        // the build wrote a .br and a .gz file beside each asset (scripts/compress-assets.ts): sent as they are, by
        // the browser's Accept-Encoding, instead of compressing ~130 files per first visit on every request
        preCompressed: true,
        // @fastify/send would otherwise write its own `max-age=0` over ours
        cacheControl: false,
        setHeaders: (res: { setHeader(name: string, value: string): void }, path: string) => {
          res.setHeader(
            'Cache-Control',
            /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
          // the same URL is sent in three encodings (lower case: @fastify/compress then adds nothing of its own)
          res.setHeader('Vary', 'accept-encoding');
        },
        // the server renderer lives in <dist>/server: never served; nor the compressed variants by their own names
        allowedPath: (path: string) =>
          !path.endsWith('index.html') && !/^[\\/]?server[\\/]/.test(path) && !/\.(br|gz)$/.test(path),
      }),
    );
  }
  // /uploads (public images) and /files (signed private files) are served by plugins/files.ts.

  const renderer = existsSync(indexFile) ? await loadRenderer(distDir) : null;
  const rendered = new PageCache<RenderResult>(SSR_TTL_MS);
  const bodies = new PageBodies(SSR_TTL_MS);
  if (renderer) {
    // any successful write through the API may change what a public page shows: forget every render
    app.server.on(
      'request',
      (req: { method?: string }, res: { statusCode: number; on(event: 'finish', listener: () => void): void }) => {
        if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
        res.on('finish', () => {
          if (res.statusCode >= 400) return;
          rendered.clear();
          bodies.clear();
        });
      },
    );
  }

  // a URL whose render failed is not tried again for a minute: a broken render must not cost every request twice
  const failedAt = new Map<string, number>();
  /** The page's body rendered on the server, from the cache when fresh; null when it is not a server-rendered page or the render failed. */
  const renderKey = (request: FastifyRequest, head: PageHead) => `${head.lng}|${request.url}`;
  const renderBody = async (
    request: FastifyRequest,
    head: PageHead,
    routeName: string | undefined,
  ): Promise<RenderResult | null> => {
    if (!renderer || head.status !== 200 || !routeName || !SSR_ROUTES.has(routeName)) return null;
    const key = renderKey(request, head);
    const cached = rendered.get(key);
    if (cached) return cached;
    if ((failedAt.get(key) ?? 0) > Date.now() - 60_000) return null;
    try {
      const result = await renderer(request.url, head.lng, anonymousFetch(app, apiKey, head.lng));
      rendered.set(key, result);
      return result;
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server render failed; sending the client-rendered page');
      if (failedAt.size >= 500) failedAt.delete(failedAt.keys().next().value!);
      failedAt.set(key, Date.now());
      return null;
    }
  };

  const renderShell = (
    request: FastifyRequest,
    reply: FastifyReply,
    head: PageHead,
    body: RenderResult | null = null,
    cacheKey?: string,
  ) => {
    // the cookie banner is part of every page (so a first visit paints it with the content); a visitor who
    // has chosen gets it hidden by a class, before any script runs
    const decided = request.cookies[CONSENT_COOKIE] === 'all' || request.cookies[CONSENT_COOKIE] === 'necessary';
    let html = (body ? renderedTemplate : template)
      .replace(/<html lang="[a-z]+"/, `<html lang="${head.lng}"${decided ? ' class="cookies-decided"' : ''}`)
      .replaceAll('%API_KEY%', escapeHtml(apiKey))
      .replaceAll('%TITLE%', escapeHtml(head.title))
      .replace('<!--head-meta-->', renderHead(head, publicUrl));
    // the files of the page's own code, fetched with the page (ssr/preloads.ts): by public/boot.js once a
    // server-rendered page has loaded, by the browser at once for a page it renders itself
    const pathname = request.url.split('?')[0]!;
    html = body
      ? html.replace(' data-entry=', () => ` data-preload="${preloads.serverFiles(pathname)}" data-entry=`)
      : html.replace('</head>', () => `${preloads.clientLinks(pathname)}</head>`);
    if (body) {
      // antd's styles before the app's stylesheet, as antd itself puts them in the browser (prepended), so
      // the app's own rules keep winning over antd's of equal weight
      const sheet = html.search(/<link rel="stylesheet"|<style data-app-css|<\/head>/);
      html = `${html.slice(0, sheet)}${body.styles}${html.slice(sheet)}`.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${body.html}</div><script type="application/json" id="ssr-state">${jsonForScript(body.state)}</script>`,
      );
    }
    reply.code(head.status).header('Cache-Control', 'no-cache');
    return bodies.send(request, reply, html, cacheKey && `${decided}|${cacheKey}`);
  };

  app.get('/', { config: { page: true }, schema: { hide: true } }, (request, reply) => {
    const cookie = request.cookies[LOCALE_COOKIE];
    const lng = isLocale(cookie) ? cookie : pickLanguage(undefined, request.headers['accept-language']);
    // the answer depends on the cookie and the browser's language: never stored, and says so
    return reply.header('Vary', 'Cookie, Accept-Language').header('Cache-Control', 'no-store').redirect(`/${lng}`, 302);
  });

  app.get('/sitemap.xml', { config: { page: true }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await sitemap(systemContext(app), publicUrl)),
  );
  app.get('/robots.txt', { config: { page: true }, schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain')
      .send(
        `User-agent: *\nDisallow: /api/\nDisallow: /usr/\nDisallow: /com/\nDisallow: /adm/\nSitemap: ${publicUrl}/sitemap.xml\n`,
      ),
  );

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiUrl(request.url) || (request.method !== 'GET' && request.method !== 'HEAD'))
      throw AppError.notFound('route.notFound');
    const pathname = request.url.split('?')[0]!;
    const first = pathname.split('/')[1];
    const fallback: Locale = isLocale(first) ? first : DEFAULT_LOCALE;
    const backOffice = backOfficeHead(pathname);
    if (backOffice) return renderShell(request, reply, backOffice);
    const match = matchPath(pathname);
    const head = await headForMatch(serviceContext(request), match, fallback, publicUrl);
    const body = await renderBody(request, head, match?.route.name);
    // the bytes of a rendered page are reused while its render is (the shell is small: compressed each time)
    return renderShell(request, reply, head, body, body ? renderKey(request, head) : undefined);
  });
}
