/** The company queue: GET /adm/companies, GET and PATCH /adm/companies/{hash}, PATCH /adm/companies (bulk). */
import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../../lib/lists';
import type { Decision } from '../../users/admin/service';
import * as service from './service';
import { serviceContext } from '../../../serviceContext';

const tags = ['administrators'];

export async function adminCompanyRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.CompaniesQuery }>('/adm/companies', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'Companies by status (the validation queue: status=PENDING) and text, oldest first',
      querystring: { $ref: 'admin.companies.filter#' },
      response: { 200: listSchema('admin.company') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<{ Params: { hash: string } }>('/adm/companies/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'One company',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { $ref: 'admin.company#' } },
    },
    handler: (request) => service.detail(serviceContext(request), request.params.hash),
  });
  app.patch<{ Params: { hash: string }; Body: Decision }>('/adm/companies/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'Validate, reject (with a reason) or disable a company; e-mails its contact and writes the audit log',
      params: { $ref: 'admin.params.hash#' },
      body: { $ref: 'admin.user.decision#' },
      response: { 200: { $ref: 'admin.company#' } },
    },
    handler: (request) => service.decide(serviceContext(request), request.params.hash, request.body),
  });
  app.patch<{ Body: Decision & { hashes: string[] } }>('/adm/companies', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'The same decision for several companies, answered per hash',
      body: { $ref: 'admin.users.bulk#' },
      response: { 200: { $ref: 'admin.users.bulk.result#' } },
    },
    handler: (request) => {
      const { hashes, ...decision } = request.body;
      return service.decideMany(serviceContext(request), hashes, decision);
    },
  });
}
