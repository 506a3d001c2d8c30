import type { FastifyInstance } from 'fastify';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function taxonomyRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { type?: string; group?: string } }>('/api/tags', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: 'Tags, titled in the request language',
      querystring: { $ref: 'tags.filter#' },
      response: { 200: { type: 'array', items: { $ref: 'tag#' } } },
    },
    handler: (request) => service.tags(serviceContext(request), request.query),
  });
  app.get('/api/categories/tree', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: 'The category (studies) tree',
      response: { 200: { type: 'array', items: { $ref: 'category#' } } },
    },
    handler: (request) => service.categoryTree(serviceContext(request)),
  });
}
