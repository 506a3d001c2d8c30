/**
 * Per-request context: language, apiKey, the calling actor, and the route's declared permission
 * (SPEC §6), all before the body is even parsed. Everything is read from the route Fastify matched
 * (`request.routeOptions.config`), never from the URL text: however a path is spelled, if the router
 * matched an API route its apiKey and permission are checked (plugins/routeAccess.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../shared/permissions';
import { AppError } from '../errors';
import { pickLanguage, translate } from '../i18n';
import { resolveSession } from '../modules/auth/service';
import { ANONYMOUS_ACTOR } from '../types';
import { API_PREFIXES } from './routeAccess';
import { systemContext } from '../serviceContext';

/**
 * Whether a URL looks like an API address. Only for choosing how to word a "no such route" answer
 * (JSON or the HTML 404 page) — never for access decisions.
 */
export function isApiUrl(url: string): boolean {
  const path = url.split('?')[0]!;
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** The dotted path of the first string (or key) holding a NUL character in a parsed body, or null. */
export function nulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // plain data only: an upload's file object or stream is not walked
  if (
    !value ||
    typeof value !== 'object' ||
    !(Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value)))
  )
    return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = nulField(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

const API_VARY = ['apiKey', 'language', 'Accept-Language', 'token', 'deviceId'];
const API_VARY_VALUE = API_VARY.join(', ');

export function mergeVary(existing: unknown, names: string[]): string {
  const current = String(existing ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const seen = new Set(current.map((v) => v.toLowerCase()));
  return [...current, ...names.filter((name) => !seen.has(name.toLowerCase()))].join(', ');
}

/** Whether the request carries a body (announced by its length or a chunked transfer). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function sameSecret(given: string | undefined, expected: Buffer): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  return a.length === expected.length && timingSafeEqual(a, expected);
}

export function contextPlugin(app: FastifyInstance): void {
  app.decorateRequest('actor', null as never);
  app.decorateRequest('lng', 'es');
  const apiKey = Buffer.from(app.config.apiKey);
  const system = systemContext(app); // the session lookup is nobody's request: built once
  const production = app.config.production;

  app.addHook('onRequest', async (request) => {
    request.lng = pickLanguage(header(request, 'language'), request.headers['accept-language']);
    request.actor = ANONYMOUS_ACTOR;
    if (request.is404) return; // no route matched: the not-found handler answers, no handler runs
    const { config, schema } = request.routeOptions; // a getter that builds an object: read once
    const { permission, page } = config;
    if (!permission) {
      if (page === true) return;
      throw AppError.forbidden(); // unreachable: undeclared routes refuse to start (routeAccess.ts)
    }
    if (!sameSecret(header(request, 'apikey'), apiKey)) throw AppError.unauthorized('apiKey.invalid');
    const token = header(request, 'token');
    // no token, no session lookup
    if (token) {
      const session = await resolveSession(system, token, header(request, 'deviceid'));
      request.actor = session.actor;
      // Until the second factor is on, the administrator's session has a visitor's power (issue 23 §2).
      if (session.actor.type === 'admin' && production && !config.beforeSecondFactor && !session.secondFactor) {
        if (!can('ANONYMOUS', permission)) throw AppError.forbidden('admin.totpSetupRequired');
        request.actor = ANONYMOUS_ACTOR;
      }
    }
    if (!can(request.actor.role, permission)) {
      if (request.actor.type === 'anonymous') throw AppError.unauthorized();
      // A Regular member asking for a Bold benefit is told to upgrade (418), not logged out (403, SPEC §8).
      if (can('BOLD', permission) && request.actor.type === 'user') throw AppError.rule('auth.upgradeRequired');
      throw AppError.forbidden();
    }
    // A route that takes no body refuses one rather than ignoring it (issue 7 §9).
    if (!schema?.body && hasBody(request)) {
      throw AppError.badRequest('validation.failed', [
        { field: 'body', message: translate(request.lng, 'validation.unexpectedBody') },
      ]);
    }
    // A control character in a path id (`/usr/portfolios/%00`) names nothing; PostgreSQL even refuses a NUL byte in
    // text (a 500), so no such id reaches a query.
    for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string' && CONTROL_CHARACTER.test(value))
        throw AppError.badRequest('validation.failed', [
          { field: name, message: translate(request.lng, 'validation.badUrl') },
        ]);
    }
  });

  // Nothing private is cached (issue 7 §7). An API answer depends on these request headers; only an
  // anonymous read of a public route may be kept, and then only revalidated (`no-cache`).
  app.addHook('onSend', (request, reply, payload, done) => {
    const { permission } = request.routeOptions.config ?? {};
    if (!permission && !(request.is404 && isApiUrl(request.url))) return done(null, payload);
    const vary = reply.getHeader('vary');
    reply.header('Vary', vary === undefined ? API_VARY_VALUE : mergeVary(vary, API_VARY));
    const shareable =
      permission === 'public.browse' &&
      request.method === 'GET' &&
      request.actor.type === 'anonymous' &&
      !request.headers.token &&
      reply.statusCode < 400;
    reply.header('Cache-Control', shareable ? 'no-cache' : 'no-store');
    done(null, payload);
  });

  // A write sent with no body at all is validated as an empty object: a toggle needs nothing more, and
  // a form gets "required" errors naming its fields instead of "must be object".
  function emptyBody(request: FastifyRequest, _reply: unknown, done: () => void) {
    if (request.body === undefined && !hasBody(request)) request.body = {};
    done();
  }

  // PostgreSQL cannot store a NUL character in text (it answered 500): refused wherever it sits in a body, after the
  // schema (whose errors come first) and before the handler; upload routes' text parts are parsed by then too
  function noNul(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
    const field = nulField(request.body);
    if (field === null) return done();
    done(
      AppError.badRequest('validation.failed', [
        { field: field || 'body', message: translate(request.lng, 'validation.nulCharacter') },
      ]),
    );
  }

  // Both hooks only on the routes they can concern, decided once as each route is added (a read of a route that
  // takes no body runs neither): the first, on routes with a body schema; the second, on API routes that take a body
  // (a body schema or an upload; any other body is refused in onRequest). Put first among the route's own hooks.
  app.addHook('onRoute', (route) => {
    const takesBody = Boolean(route.schema?.body) || Boolean(route.config?.upload);
    if (route.schema?.body) route.preValidation = [emptyBody, ...hooksOf(route.preValidation)] as never;
    if (route.config?.permission && takesBody) route.preHandler = [noNul, ...hooksOf(route.preHandler)] as never;
  });
}

const hooksOf = <T>(existing: T | T[] | undefined): T[] =>
  existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
