/** GET /adm/dashboard (issue 14 §6): the association's figures, for administrators only. */
import type { FastifyInstance } from 'fastify';
import * as service from './service';
import { systemContext } from '../../../serviceContext';

export async function adminDashboardRoutes(app: FastifyInstance) {
  app.get('/adm/dashboard', {
    config: { permission: 'admin.validate' },
    schema: {
      tags: ['administrators'],
      summary: 'Members, registrations, offers, applications and the closing survey at a glance',
      response: { 200: { $ref: 'admin.dashboard#' } },
    },
    handler: () => service.overview(systemContext(app)),
  });
}
