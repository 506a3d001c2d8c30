/** GET and PATCH /adm/settings/site (issue 14 §4): the association's details and membership terms. */
import type { FastifyInstance } from 'fastify';
import type { SiteSettings } from '../../../../shared/schema-types';
import * as service from './service';
import { systemContext, serviceContext } from '../../../serviceContext';

const params = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', enum: ['site'] } },
} as const;

export async function adminSettingsRoutes(app: FastifyInstance) {
  app.get('/adm/settings/:id', {
    config: { permission: 'admin.content' },
    schema: {
      tags: ['administrators'],
      summary: "The association's details (footer) and membership terms",
      params,
      response: { 200: { $ref: 'site.settings#' } },
    },
    handler: () => service.show(systemContext(app)),
  });
  app.patch<{ Body: SiteSettings }>('/adm/settings/:id', {
    config: { permission: 'admin.content' },
    schema: {
      tags: ['administrators'],
      summary: 'Replace the site settings (every field; audited with what changed)',
      params,
      body: { $ref: 'site.settings#' },
      response: { 200: { $ref: 'site.settings#' } },
    },
    handler: (request) => service.update(serviceContext(request), request.body),
  });
}
