/** POST /com/register (DESIGN §4b): a company and its contact's account, PENDING until validated. */
import type { FastifyInstance } from 'fastify';
import type { CompanyRegister } from '../../../shared/schema-types';
import { rethrowValidation, withConflict } from '../accounts/routes';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

const okReply = { type: 'object', properties: { ok: { type: 'boolean' } } } as const;

export async function companyRegistrationRoutes(app: FastifyInstance) {
  app.post<{ Body: CompanyRegister }>('/com/register', {
    config: { permission: 'company.register' },
    attachValidation: true,
    schema: {
      tags: ['companies'],
      summary: 'Register a company (PENDING until an administrator validates it)',
      body: { $ref: 'company.register#' },
      response: { 201: okReply },
    },
    handler: async (request, reply) => {
      rethrowValidation(request);
      reply.code(201);
      return withConflict(request, reply, service.register(serviceContext(request), app.config, request.body));
    },
  });
}
