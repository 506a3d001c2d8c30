/**
 * Invitations of imported members (issue 28 §3): the member's side (check a link, accept it with a password; rate
 * limited as recovery) and the back office's (pending invitations, send a new link).
 */
import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import { serviceContext } from '../../serviceContext';
import * as invitations from './invitations';

const tags = ['alumni'];

export async function invitationRoutes(app: FastifyInstance) {
  app.post<{ Body: { token: string } }>('/usr/invitation/check', {
    config: { permission: 'public.browse', rateClass: 'recovery' },
    schema: {
      tags,
      summary:
        'Whether an invitation link is still good (400 naming `token` when used, expired or unknown); who it is for',
      body: { $ref: 'user.register.confirm#' },
      response: {
        200: {
          type: 'object',
          properties: { ok: { type: 'boolean' }, name: { type: 'string' }, email: { type: 'string' } },
        },
      },
    },
    handler: (request) => invitations.check(app.db, request.body.token, request.lng),
  });
  app.post<{ Body: invitations.Acceptance }>('/usr/invitation/accept', {
    config: { permission: 'public.browse', rateClass: 'recovery' },
    schema: {
      tags,
      summary:
        'Accept an invitation: choose the password (the recovery rules), confirm the address and appear as the imported consent says',
      body: { $ref: 'recovery.reset#' },
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' }, email: { type: 'string' } } } },
    },
    handler: (request) => invitations.accept(serviceContext(request), request.body),
  });
  app.get<{ Querystring: invitations.PendingQuery }>('/adm/member-imports/invitations', {
    config: { permission: 'admin.validate' },
    schema: {
      tags: ['administrators'],
      summary: 'Imported members who have not accepted their invitation yet, oldest send first',
      querystring: { $ref: 'admin.invitations.filter#' },
      response: { 200: listSchema('admin.invitation') },
    },
    handler: (request) => invitations.listPending(app.db, request.query),
  });
  app.post<{ Params: { hash: string } }>('/adm/member-imports/invitations/:hash/resend', {
    config: { permission: 'admin.validate' },
    schema: {
      tags: ['administrators'],
      summary: 'Send a pending invitation again with a new link valid a week (the older links stop working)',
      params: { $ref: 'admin.params.hash#' },
      body: { $ref: 'empty#' },
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => invitations.resend(serviceContext(request), request.params.hash),
  });
}
