/**
 * Per-request context for the API prefixes: language, apiKey, the calling actor, and the
 * route's declared permission (SPEC §6), all before the body is even parsed.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '../../shared/permissions';
import { AppError } from '../errors';
import { pickLanguage } from '../i18n';
import { resolveActor } from '../modules/auth/service';
import { ANONYMOUS_ACTOR } from '../types';

export const API_PREFIXES = ['/api/', '/usr/', '/com/', '/adm/'] as const;

export function isApiUrl(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix)) || ['/api', '/usr', '/com', '/adm'].includes(url.split('?')[0]!);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function contextPlugin(app: FastifyInstance): void {
  app.decorateRequest('actor', null as never);
  app.decorateRequest('lng', 'es');

  app.addHook('onRequest', async (request) => {
    request.lng = pickLanguage(header(request, 'language'), request.headers['accept-language']);
    request.actor = ANONYMOUS_ACTOR;
    if (!isApiUrl(request.url)) return;
    if (!sameSecret(header(request, 'apikey'), app.config.apiKey)) throw AppError.unauthorized('apiKey.invalid');
    request.actor = await resolveActor(app.db, header(request, 'token'), header(request, 'deviceid'));
    const permission = request.routeOptions.config.permission;
    if (!permission) return; // unknown route: the not-found handler answers
    if (!can(request.actor.role, permission)) {
      if (request.actor.type === 'anonymous') throw AppError.unauthorized();
      // A Regular member asking for a Bold benefit is told to upgrade (418), not logged out (403, SPEC §8).
      if (can('BOLD', permission) && request.actor.type === 'user') throw AppError.rule('auth.upgradeRequired');
      throw AppError.forbidden();
    }
  });
}
