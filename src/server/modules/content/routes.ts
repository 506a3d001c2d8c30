import type { FastifyInstance } from 'fastify';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function contentRoutes(app: FastifyInstance) {
  app.post<{ Body: service.ContentRequest }>('/api/content/query', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: 'Query the content pages (info pages) in the request language',
      body: { $ref: 'content.query#' },
      response: { 200: { $ref: 'content.result#' } },
    },
    handler: (request) => service.query(serviceContext(request), request.body),
  });
}
