import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import { fileLinks } from '../../lib/signedLinks';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function portfolioRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.OwnedQuery }>('/api/portfolios', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: 'Published portfolio projects',
      querystring: { $ref: 'owned.filter#' },
      response: { 200: listSchema('portfolio') },
    },
    handler: (request) =>
      service.list(serviceContext(request), request.query, fileLinks(app.config.secretKey, request.actor)),
  });
  app.get<{ Params: { id: string } }>('/api/portfolios/:id', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: 'One portfolio project with its images and links',
      params: { $ref: 'params.id#' },
      response: { 200: { $ref: 'portfolio#' } },
    },
    handler: (request) =>
      service.show(serviceContext(request), request.params.id, fileLinks(app.config.secretKey, request.actor)),
  });
}
