/** The administrators and their second factor (issue 14 §7): /adm/admins, /adm/invite/accept, /adm/me/totp. */
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../../shared/constants';
import * as security from './security';
import * as service from './service';
import { systemContext, serviceContext } from '../../../serviceContext';

const tags = ['administrators'];
const codeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['code'],
  properties: { code: { type: 'string', minLength: 6, maxLength: 20 } },
} as const;
const statusReply = { 200: { $ref: 'admin.totp.status#' } };
const adminItem = { $ref: 'admin.administrator#' };

export async function adminAdminsRoutes(app: FastifyInstance) {
  app.get('/adm/admins', {
    config: { permission: 'admin.content' },
    schema: {
      tags,
      summary: 'The administrators (who has the second factor on, who has not accepted the invitation yet)',
      response: { 200: { type: 'array', items: adminItem } },
    },
    handler: () => service.list(systemContext(app)),
  });
  app.post<{ Body: { email: string; name: string; language: Locale } }>('/adm/admins', {
    config: { permission: 'admin.content' },
    schema: {
      tags,
      summary: 'Invite an administrator: a one-time link (a week) to choose a password is e-mailed in their language',
      body: { $ref: 'admin.invite#' },
      response: { 201: adminItem },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.invite(serviceContext(request), request.body);
    },
  });
  app.delete<{ Params: { hash: string } }>('/adm/admins/:hash', {
    config: { permission: 'admin.content' },
    schema: {
      tags,
      summary: 'Remove an administrator (never oneself, never the last one); their sessions end',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => service.remove(serviceContext(request), request.params.hash),
  });
  app.get('/adm/me/totp', {
    config: { permission: 'admin.self', beforeSecondFactor: true },
    schema: {
      tags,
      summary: 'Whether my second factor is on, and how many recovery codes are left',
      response: statusReply,
    },
    handler: (request) => security.status(app.db, request.actor),
  });
  app.post('/adm/me/totp/setup', {
    config: { permission: 'admin.self', beforeSecondFactor: true },
    schema: {
      tags,
      summary: 'Start enrolling: a new secret, as text and as a QR code (not active until confirmed)',
      body: { $ref: 'empty#' },
      response: {
        200: { $ref: 'admin.totp.setup#' },
      },
    },
    handler: (request) => security.setup(app.db, app.config, request.actor),
  });
  app.post<{ Body: { code: string } }>('/adm/me/totp/enable', {
    config: { permission: 'admin.self', beforeSecondFactor: true },
    schema: {
      tags,
      summary: 'Confirm with a first code: the second factor is on; answers ten one-time recovery codes, once',
      body: codeBody,
      response: {
        200: { $ref: 'admin.totp.recovery#' },
      },
    },
    handler: (request) => security.enable(serviceContext(request), request.body.code),
  });
  app.delete<{ Body: { code: string } }>('/adm/me/totp', {
    config: { permission: 'admin.self' },
    schema: {
      tags,
      summary: 'Turn the second factor off (with a code or a recovery code)',
      body: codeBody,
      response: statusReply,
    },
    handler: (request) => security.disable(serviceContext(request), request.body.code),
  });
}

/** The invitation's page posts here without a session (like the password recovery's reset). */
export async function adminInviteRoutes(app: FastifyInstance) {
  app.post<{ Body: { token: string; password: string; password_repeat: string } }>('/adm/invite/accept', {
    config: { permission: 'public.browse' },
    schema: {
      tags,
      summary: 'Accept an invitation: choose the password with the e-mailed token (single use, a week)',
      body: { $ref: 'recovery.reset#' },
      response: { 200: { type: 'object', properties: { email: { type: 'string' } } } },
    },
    handler: (request) => service.accept(serviceContext(request), request.body),
  });
}
