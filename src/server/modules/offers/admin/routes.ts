/** The back office's offer queue: GET /adm/jobs, GET and PATCH /adm/jobs/{hash}, PATCH /adm/jobs (bulk). */
import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../../lib/lists';
import * as service from './service';
import { serviceContext } from '../../../serviceContext';

const tags = ['administrators'];

export async function adminOfferRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.AdminOffersQuery }>('/adm/jobs', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'Offers by status (the review queue: status=PENDING) and text, oldest first',
      querystring: { $ref: 'admin.jobs.filter#' },
      response: { 200: listSchema('company.job') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<{ Params: { hash: string } }>('/adm/jobs/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'One offer with its history',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { $ref: 'company.job#' } },
    },
    handler: (request) => service.detail(serviceContext(request), request.params.hash),
  });
  app.patch<{ Params: { hash: string }; Body: service.OfferDecision }>('/adm/jobs/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary:
        'Publish, reject (with a reason) or take down (with a reason) an offer; e-mails the company and writes the audit log',
      params: { $ref: 'admin.params.hash#' },
      body: { $ref: 'admin.job.decision#' },
      response: { 200: { $ref: 'company.job#' } },
    },
    handler: (request) => service.decide(serviceContext(request), request.params.hash, request.body),
  });
  app.patch<{ Body: service.OfferDecision & { hashes: string[] } }>('/adm/jobs', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'The same decision for several offers, answered per hash',
      body: { $ref: 'admin.jobs.bulk#' },
      response: { 200: { $ref: 'admin.users.bulk.result#' } },
    },
    handler: (request) => {
      const { hashes, ...decision } = request.body;
      return service.decideMany(serviceContext(request), hashes, decision);
    },
  });
}
