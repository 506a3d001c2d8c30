/** A member's payment cards (issue 13 §2; SPEC §7): GET /usr/card, POST /usr/card → { url }, PATCH …/default, DELETE. */
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../../serviceContext';
import { listSchema, type PageQuery } from '../../../lib/lists';
import * as service from './service';

const tags = ['members'];
type Id = { Params: { id: string } };
const params = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;

export async function cardRoutes(app: FastifyInstance) {
  app.get<{ Querystring: PageQuery }>('/usr/card', {
    config: { permission: 'membership.manage' },
    schema: {
      tags,
      summary: 'My payment cards (24 a page, the default first); only the brand, last four digits and expiry',
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('card') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.post('/usr/card', {
    config: { permission: 'membership.manage' },
    schema: {
      tags,
      summary: "Add a card on the payment provider's page: answers its address (the card never touches this server)",
      body: { $ref: 'empty#' },
      response: { 201: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.startAdding(serviceContext(request));
    },
  });
  app.post<{ Body: { token: string }; Querystring: { isWeb?: boolean } }>('/usr/card/addNotLogged', {
    config: { permission: 'user.register' },
    schema: {
      tags,
      summary:
        "At registration (Bold): add the card on the provider's page with the registration's `card_token`; answers its address",
      querystring: { type: 'object', additionalProperties: false, properties: { isWeb: { type: 'boolean' } } },
      body: {
        type: 'object',
        required: ['token'],
        additionalProperties: false,
        properties: { token: { type: 'string', minLength: 20, maxLength: 64 } },
      },
      response: { 201: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.startAddingAtRegistration(serviceContext(request), request.body.token);
    },
  });
  app.patch<Id>('/usr/card/:id/default', {
    config: { permission: 'membership.manage' },
    schema: {
      tags,
      summary: 'Make this card the one charged',
      params,
      body: { $ref: 'empty#' },
      response: { 200: { $ref: 'card#' } },
    },
    handler: (request) => service.makeDefault(serviceContext(request), request.params.id),
  });
  app.delete<Id>('/usr/card/:id', {
    config: { permission: 'membership.manage' },
    schema: {
      tags,
      summary: 'Delete a card (not the last card of a running card subscription: 409)',
      params,
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => service.remove(serviceContext(request), request.params.id),
  });
}
