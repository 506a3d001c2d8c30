/**
 * The member's membership (issue 13 §3–§4; SPEC §7): GET /usr/subscription, POST /usr/subscription/{id}/create
 * (`id` = a card, or `iban`), DELETE /usr/users/subscription, GET /usr/payments and a receipt's PDF, and the
 * direct-debit mandate (GET/POST/DELETE /usr/users/mandate). Any member (a Regular member upgrades here).
 */
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../../serviceContext';
import { listSchema, type PageQuery } from '../../../lib/lists';
import * as mandate from '../debit/mandate';
import * as service from './service';
import { fileAnswer } from '../../../lib/fileAnswer';

const tags = ['members'];
const permission = 'membership.manage';
type Id = { Params: { id: string } };
const params = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[a-z0-9]+$' } },
} as const;
const membership = { $ref: 'membership#' } as const;
const mandateAnswer = { $ref: 'membership.mandate#' } as const;

export async function subscriptionRoutes(app: FastifyInstance) {
  app.get('/usr/subscription', {
    config: { permission },
    schema: {
      tags,
      summary: 'My membership: role, valid until, the running subscription, the default card, the mandate',
      response: { 200: membership },
    },
    handler: (request) => service.show(serviceContext(request)),
  });
  app.post<Id>('/usr/subscription/:id/create', {
    config: { permission },
    schema: {
      tags,
      summary:
        'Become Bold (a Regular member pays the first year now), or renew again / change how: `id` is a card of mine or `iban`',
      params,
      body: { $ref: 'empty#' },
      response: { 200: membership },
    },
    handler: (request) => service.create(serviceContext(request), request.params.id),
  });
  app.delete('/usr/users/subscription', {
    config: { permission },
    schema: { tags, summary: 'Stop renewing: Bold until the paid period ends', response: { 200: membership } },
    handler: (request) => service.cancel(serviceContext(request)),
  });
  app.get<{ Querystring: PageQuery }>('/usr/payments', {
    config: { permission },
    schema: {
      tags,
      summary: 'My payments and receipts, newest first',
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('payment') },
    },
    handler: (request) => service.payments(serviceContext(request), request.query),
  });
  app.get<Id>('/usr/payments/:id/receipt', {
    config: { permission },
    schema: {
      tags,
      summary: "A paid payment's receipt (PDF)",
      params,
      response: { 200: fileAnswer('application/pdf', 'The receipt (PDF)') },
    },
    handler: async (request, reply) => {
      const made = await service.receipt(serviceContext(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${made.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(made.content);
    },
  });
  app.get('/usr/users/mandate', {
    config: { permission },
    schema: {
      tags,
      summary: 'My direct-debit mandate, or the text to accept for the account in my settings',
      response: { 200: mandateAnswer },
    },
    handler: (request) => mandate.show(serviceContext(request)),
  });
  app.post('/usr/users/mandate', {
    config: { permission },
    schema: {
      tags,
      summary: 'Accept the direct-debit mandate for the account in my settings',
      body: { $ref: 'empty#' },
      response: { 200: mandateAnswer },
    },
    handler: (request) => mandate.accept(serviceContext(request)),
  });
  app.delete('/usr/users/mandate', {
    config: { permission },
    schema: {
      tags,
      summary: 'Revoke my mandate (not while my membership is paid by direct debit: 409)',
      response: { 200: mandateAnswer },
    },
    handler: (request) => mandate.revoke(serviceContext(request)),
  });
}
