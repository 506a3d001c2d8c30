import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../../lib/lists';
import * as service from './service';
import { serviceContext } from '../../../serviceContext';
import { exportMembers, type ExportQuery } from './export';

const tags = ['administrators'];

export async function adminUserRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.UsersQuery }>('/adm/users', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'Members by status (the validation queue: status=PENDING) and text, oldest first',
      querystring: { $ref: 'admin.users.filter#' },
      response: { 200: listSchema('admin.user') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<{ Querystring: ExportQuery }>('/adm/users/export', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'The members of the list with its filters as CSV or XLSX (streamed), headed in the request’s language',
      querystring: { $ref: 'admin.users.export#' },
      response: {
        200: {
          description: 'CSV (UTF-8 with a BOM) or XLSX',
          content: {
            'text/csv': { schema: { type: 'string', format: 'binary' } },
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
              schema: { type: 'string', format: 'binary' },
            },
          },
        },
      },
    },
    handler: (request, reply) => {
      const file = exportMembers(app.db, request.lng, request.query);
      return reply
        .header('Content-Type', file.type)
        .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  });
  app.get<{ Params: { hash: string } }>('/adm/users/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'One member with the decisions taken on them',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { $ref: 'admin.user#' } },
    },
    handler: (request) => service.detail(serviceContext(request), request.params.hash),
  });
  // bodies are never coerced (plugins/schemas.ts): `{ "status": ["VALIDATED"] }` or `{ "reason": 42 }` is a 400
  await app.register(decisionRoutes);
}

async function decisionRoutes(app: FastifyInstance) {
  app.patch<{ Params: { hash: string }; Body: service.Decision }>('/adm/users/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'Validate, reject (with a reason) or disable a member; e-mails them and writes the audit log',
      params: { $ref: 'admin.params.hash#' },
      body: { $ref: 'admin.user.decision#' },
      response: { 200: { $ref: 'admin.user#' } },
    },
    handler: (request) => service.decide(serviceContext(request), request.params.hash, request.body),
  });
  app.patch<{ Body: service.Decision & { hashes: string[] } }>('/adm/users', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'The same decision for several members, answered per hash',
      body: { $ref: 'admin.users.bulk#' },
      response: { 200: { $ref: 'admin.users.bulk.result#' } },
    },
    handler: (request) => {
      const { hashes, ...decision } = request.body;
      return service.decideMany(serviceContext(request), hashes, decision);
    },
  });
}
