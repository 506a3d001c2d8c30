import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import { sharedFields } from '../../lib/audience';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function userDirectoryRoutes(app: FastifyInstance) {
  // user.profile's fields marked x-audience public or members: the page shows them to that audience (issue 24 §3)
  const shared = sharedFields(app.getSchema('user.profile') as Record<string, unknown>);
  app.get<{ Querystring: service.UsersQuery }>('/api/users', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: 'The alumni directory',
      querystring: { $ref: 'users.filter#' },
      response: { 200: listSchema('user.public') },
    },
    handler: (request) => service.list(serviceContext(request), request.query, shared),
  });
  app.get<{ Params: { id: string } }>('/api/users/:id', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: 'One member of the directory',
      params: { $ref: 'params.id#' },
      response: { 200: { $ref: 'user.public#' } },
    },
    handler: (request) => service.show(serviceContext(request), request.params.id, shared),
  });
}
