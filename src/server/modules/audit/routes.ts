import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function adminAuditRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.AuditQuery }>('/adm/audit', {
    config: { permission: 'admin.validate' },
    schema: {
      tags: ['administrators'],
      summary: 'The audit log: who did what to whom, when, newest first',
      querystring: { $ref: 'admin.audit.filter#' },
      response: { 200: listSchema('admin.audit') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
}
