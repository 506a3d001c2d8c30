/**
 * Accounts (DESIGN §4b): member registration and e-mail confirmation, password recovery for members
 * and companies. Handlers only delegate; rate limits come from the paths (/register…, /recovery…).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import * as service from './service';
import * as recovery from './recovery';
import { serviceContext } from '../../serviceContext';

const okReply = { type: 'object', properties: { ok: { type: 'boolean' } } };

/**
 * The schema's document_type → document_number rule is an if/then: ajv adds a bare "must match then"
 * beside the real error, which names the field. Only the errors that name something are kept.
 */
export function rethrowValidation(request: FastifyRequest): void {
  const error = request.validationError as (Error & { validation?: Array<{ keyword: string }> }) | undefined;
  if (!error) return;
  if (error.validation) {
    const named = error.validation.filter((e) => e.keyword !== 'if');
    if (named.length) error.validation = named;
  }
  throw error;
}

/** A 409 that names its field (SPEC §8's 400 shape, with the conflict's status). */
export async function withConflict<T>(request: FastifyRequest, reply: FastifyReply, work: Promise<T>) {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 409) throw error;
    return reply
      .code(409)
      .type('application/json; charset=utf-8')
      .send({
        statusCode: 409,
        code: error.code,
        message: translate(request.lng, error.code),
        errors: error.fieldErrors ?? [],
      });
  }
}

export async function accountRoutes(app: FastifyInstance) {
  app.post<{ Body: service.Registration }>('/usr/register', {
    config: { permission: 'user.register' },
    attachValidation: true,
    schema: {
      tags: ['alumni'],
      summary:
        'Register as a member (PENDING until an administrator validates); a Bold registration also gets `card_token` for POST /usr/card/addNotLogged',
      body: { $ref: 'user.register#' },
      response: { 201: { type: 'object', properties: { ok: { type: 'boolean' }, card_token: { type: 'string' } } } },
    },
    handler: async (request, reply) => {
      rethrowValidation(request);
      reply.code(201);
      return withConflict(request, reply, service.register(serviceContext(request), request.body));
    },
  });
  app.post<{ Body: { token: string } }>('/usr/register/confirm', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['alumni'],
      summary:
        "Confirm the e-mail address with the e-mailed token (single use); `already: true` when that token's address is confirmed already; `validated: true` when the school's records validated the member",
      body: { $ref: 'user.register.confirm#' },
      response: {
        200: {
          type: 'object',
          properties: { ok: { type: 'boolean' }, already: { type: 'boolean' }, validated: { type: 'boolean' } },
        },
      },
    },
    handler: (request) => service.confirmEmail(serviceContext(request), request.body.token),
  });
  app.post<{ Body: { email: string } }>('/usr/register/resend', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['alumni'],
      summary: 'Send the address confirmation link again (same answer for any address)',
      body: { $ref: 'recovery#' },
      response: { 200: okReply },
    },
    handler: (request) => service.resendConfirmation(serviceContext(request), request.body),
  });

  for (const [prefix, kind, tag, permission] of [
    ['/usr', 'user', 'alumni', 'user.login'],
    ['/com', 'company', 'companies', 'company.login'],
  ] as const) {
    app.post<{ Body: { email: string } }>(`${prefix}/recovery`, {
      config: { permission },
      schema: {
        tags: [tag],
        summary: 'Ask for a password recovery link (same answer for any address)',
        body: { $ref: 'recovery#' },
        response: { 200: okReply },
      },
      handler: (request) => recovery.requestRecovery(app.db, app.config, kind, request.body),
    });
    app.post<{ Body: recovery.Reset }>(`${prefix}/recovery/reset`, {
      config: { permission: 'public.browse' },
      schema: {
        tags: [tag],
        summary: 'Set a new password with the e-mailed token; ends every session',
        body: { $ref: 'recovery.reset#' },
        response: { 200: okReply },
      },
      handler: (request) => recovery.resetPassword(serviceContext(request), kind, request.body),
    });
  }
}
