/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached and answered
 * for every public URL with the page's language, title and alternates filled in; unknown URLs
 * get the same shell with status 404 so crawlers see it. `/` redirects by cookie, then browser language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, isLocale, type Locale } from '../../shared/constants';
import { localizePath, matchPath, type RouteMatch } from '../../shared/routes';
import { pickLanguage } from '../i18n';
import { isApiUrl } from './context';
import { AppError } from '../errors';

const SITE_TITLE: Record<Locale, string> = {
  es: 'Alumni — comunidad y bolsa de trabajo',
  en: 'Alumni — community and job bank',
  ca: 'Alumni — comunitat i borsa de treball',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function headFor(match: RouteMatch | null, lng: Locale, publicUrl: string): string {
  const tags: string[] = [];
  if (match) {
    for (const other of LOCALES) {
      try {
        const href = `${publicUrl}${localizePath(match.route.name, other, match.params)}`;
        tags.push(`<link rel="alternate" hreflang="${other}" href="${escapeHtml(href)}">`);
        if (other === lng) tags.push(`<link rel="canonical" href="${escapeHtml(href)}">`);
      } catch {
        // a route that needs a parameter the URL did not give: no alternates
      }
    }
  }
  tags.push(`<meta property="og:title" content="${escapeHtml(SITE_TITLE[lng])}">`);
  return tags.join('\n    ');
}

export async function spaPlugin(app: FastifyInstance) {
  const { distDir, dataDir, apiKey, publicUrl } = app.config;
  const indexFile = join(distDir, 'index.html');
  const template = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="%LANG%"><head><title>%TITLE%</title><meta name="api-key" content="%API_KEY%"><!--head-meta--></head><body><p>Run <code>npm run build</code> to build the web app.</p></body></html>';

  if (existsSync(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: true,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
      allowedPath: (path) => !path.endsWith('index.html'),
    });
  }
  await app.register(fastifyStatic, { root: join(dataDir, 'uploads'), prefix: '/uploads/', decorateReply: !existsSync(distDir), wildcard: true });

  const renderShell = (reply: FastifyReply, lng: Locale, match: RouteMatch | null, status: number) => {
    const html = template
      .replaceAll('%API_KEY%', escapeHtml(apiKey))
      .replaceAll('%TITLE%', escapeHtml(SITE_TITLE[lng]))
      .replace('<html lang="en">', `<html lang="${lng}">`)
      .replaceAll('%LANG%', lng)
      .replace('<!--head-meta-->', headFor(match, lng, publicUrl));
    return reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  app.get('/', { schema: { hide: true } }, (request, reply) => {
    const cookie = request.cookies[LOCALE_COOKIE];
    const lng = isLocale(cookie) ? cookie : pickLanguage(undefined, request.headers['accept-language']);
    return reply.redirect(`/${lng}`, 302);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isApiUrl(request.url)) throw AppError.notFound('route.notFound');
    if (request.method !== 'GET' && request.method !== 'HEAD') throw AppError.notFound('route.notFound');
    const pathname = request.url.split('?')[0]!;
    const match = matchPath(pathname);
    const first = pathname.split('/')[1];
    const lng = match?.lng ?? (isLocale(first) ? first : DEFAULT_LOCALE);
    return renderShell(reply, lng, match, match ? 200 : 404);
  });
}
