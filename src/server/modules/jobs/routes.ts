import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import { sharedFields } from '../../lib/audience';
import { fileLinks } from '../../lib/signedLinks';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function jobRoutes(app: FastifyInstance) {
  // company.job.write's fields marked x-audience public or members: the offer shows them to that audience (issue 24 §3)
  const shared = sharedFields(app.getSchema('company.job.write') as Record<string, unknown>);
  // and company.profile's: the offer's company block shows them (the one place a company is public)
  const companyShared = sharedFields(app.getSchema('company.profile') as Record<string, unknown>);
  app.get<{ Querystring: service.JobsQuery }>('/api/jobs', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: 'Published job offers, newest first',
      querystring: { $ref: 'jobs.filter#' },
      response: { 200: listSchema('job') },
    },
    handler: (request) => service.listPublic(serviceContext(request), request.query),
  });
  app.get<{ Params: { id: string } }>('/api/jobs/:id', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: 'One published offer by hash or slug',
      params: { $ref: 'params.id#' },
      response: { 200: { $ref: 'job#' } },
    },
    handler: (request) =>
      service.showPublic(
        serviceContext(request),
        request.params.id,
        shared,
        companyShared,
        fileLinks(app.config.secretKey, request.actor),
      ),
  });
  app.post<{ Params: { id: string } }>('/api/jobs/:id/view', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary:
        "Count a view of a published offer (the page sends it once it has shown the offer; companies' and administrators' views are not counted)",
      params: { $ref: 'params.id#' },
      body: { $ref: 'empty#' },
      response: { 204: { type: 'null' } },
    },
    handler: async (request, reply) => {
      await service.countView(serviceContext(request), app.jobViews, request.ip, request.params.id);
      return reply.code(204).send();
    },
  });
  app.patch<{ Params: { id: string }; Body: { note?: string } | undefined }>('/api/jobs/:id/subscribe', {
    config: { permission: 'jobs.apply' },
    schema: {
      tags: ['members'],
      summary:
        'Apply to an offer with an optional note to the company, or withdraw the application (Bold, GRATIS; needs a CV)',
      params: { $ref: 'params.id#' },
      body: { $ref: 'job.apply#' },
      response: { 200: { $ref: 'toggle#' } },
    },
    handler: (request) => service.toggleApplication(serviceContext(request), request.params.id, request.body?.note),
  });
}
