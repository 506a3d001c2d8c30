import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors';
import * as service from './service';
import { fileLinks } from '../../lib/signedLinks';
import type { AccountKind } from './repository';
import type { Permission } from '../../../shared/permissions';
import { profileModel } from '../users/profileFields';
import * as profile from '../users/profileService';
import { serviceContext } from '../../serviceContext';

const sessionReply = { 200: { $ref: 'session#' } };
const okReply = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };

const AREAS: Array<{
  prefix: string;
  kind: AccountKind;
  login: Permission;
  self: Permission;
  logout: string;
  tag: string;
}> = [
  { prefix: '/usr', kind: 'user', login: 'user.login', self: 'user.self', logout: '/usr/users/logout', tag: 'alumni' },
  {
    prefix: '/com',
    kind: 'company',
    login: 'company.login',
    self: 'company.self',
    logout: '/com/companies/logout',
    tag: 'companies',
  },
  {
    prefix: '/adm',
    kind: 'admin',
    login: 'admin.login',
    self: 'admin.self',
    logout: '/adm/logout',
    tag: 'administrators',
  },
];

/** A throttled sign-in (429) tells the client when to try again, as @fastify/rate-limit's answers do. */
async function withRetryAfter<T>(reply: FastifyReply, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof AppError && typeof error.params['retryAfter'] === 'number')
      reply.header('Retry-After', String(error.params['retryAfter']));
    throw error;
  }
}

export async function authRoutes(app: FastifyInstance) {
  for (const area of AREAS) {
    app.post<{ Body: service.Credentials }>(`${area.prefix}/login`, {
      config: { permission: area.login },
      schema: { tags: [area.tag], summary: 'Sign in', body: { $ref: 'login#' }, response: sessionReply },
      handler: (request, reply) =>
        withRetryAfter(reply, service.login(serviceContext(request), area.kind, request.body, request.ip)),
    });
    app.post<{ Body: { refreshToken: string; deviceId: string } }>(`${area.prefix}/refresh`, {
      config: { permission: 'session.refresh' },
      schema: {
        tags: [area.tag],
        summary: 'Rotate the session tokens',
        body: { $ref: 'refresh#' },
        response: sessionReply,
      },
      handler: (request) =>
        service.refresh(serviceContext(request), area.kind, request.body.refreshToken, request.body.deviceId),
    });
    app.get(area.logout, {
      config: area.kind === 'admin' ? { permission: area.self, beforeSecondFactor: true } : { permission: area.self },
      schema: { tags: [area.tag], summary: 'Sign out (revokes this session)', response: okReply },
      handler: (request) => service.logout(serviceContext(request)),
    });
  }
  app.get('/usr/users/me', {
    config: { permission: 'user.self' },
    // user.me plus every user.profile field (users/profileFields.ts), so a field added to that schema comes back
    schema: { tags: ['alumni'], summary: 'The signed-in member', response: { 200: profileModel(app).me } },
    handler: (request) =>
      profile.me(serviceContext(request), profileModel(app), fileLinks(app.config.secretKey, request.actor)),
  });
  app.get('/com/companies/me', {
    config: { permission: 'company.self' },
    schema: { tags: ['companies'], summary: 'The signed-in company', response: { 200: { $ref: 'company.me#' } } },
    handler: (request) => service.me(serviceContext(request)),
  });
}
