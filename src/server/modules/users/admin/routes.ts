import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../../lib/lists';
import * as service from './service';
import { serviceContext } from '../../../serviceContext';

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
    handler: (request) => service.list(app.db, request.lng, request.query),
  });
  app.get<{ Params: { hash: string } }>('/adm/users/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'One member with the decisions taken on them',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { $ref: 'admin.user#' } },
    },
    handler: (request) => service.detail(app.db, request.lng, request.params.hash),
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
