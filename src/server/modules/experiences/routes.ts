import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import type { OwnedQuery } from '../portfolios/service';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function experienceRoutes(app: FastifyInstance) {
  app.get<{ Querystring: OwnedQuery }>('/api/workExperiences', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: 'Work experiences, most recent first',
      querystring: { $ref: 'owned.filter#' },
      response: { 200: listSchema('workExperience') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<{ Params: { id: string } }>('/api/workExperiences/:id', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: 'One work experience',
      params: { $ref: 'params.id#' },
      response: { 200: { $ref: 'workExperience#' } },
    },
    handler: (request) => service.show(serviceContext(request), request.params.id),
  });
}
