/** The group review queue: GET /adm/workgroups, GET and PATCH /adm/workgroups/{hash}, PATCH /adm/workgroups (bulk). */
import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../../lib/lists';
import * as service from './service';
import { serviceContext } from '../../../serviceContext';

const tags = ['administrators'];
const access = { permission: 'admin.validate' as const };
const decision = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['PUBLISHED', 'REJECTED'] },
    reason: { type: 'string', 'x-multiline': true, maxLength: 2000 },
  },
} as const;
const filter = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['UNPUBLISHED', 'PENDING', 'PUBLISHED', 'REJECTED'] },
    text: { type: 'string', maxLength: 100 },
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    size: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

export async function adminWorkgroupRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.WorkgroupsQueueQuery }>('/adm/workgroups', {
    config: access,
    schema: {
      tags,
      summary: 'Groups by status (the review queue: status=PENDING) and text, longest waiting first',
      querystring: filter,
      response: { 200: listSchema('admin.workgroup') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.patch<{ Params: { hash: string }; Body: service.WorkgroupDecision }>('/adm/workgroups/:hash', {
    config: access,
    schema: {
      tags,
      summary:
        'Publish a group, reject it or take it down (a reason is required to reject); e-mails its creator and writes the audit log',
      params: { $ref: 'admin.params.hash#' },
      body: decision,
      response: { 200: { $ref: 'admin.workgroup#' } },
    },
    handler: (request) => service.decide(serviceContext(request), request.params.hash, request.body),
  });
  app.patch<{ Body: service.WorkgroupDecision & { hashes: string[] } }>('/adm/workgroups', {
    config: access,
    schema: {
      tags,
      summary: 'The same decision for several groups, answered per hash',
      body: {
        ...decision,
        required: ['status', 'hashes'],
        properties: {
          ...decision.properties,
          hashes: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 32 } },
        },
      },
      response: { 200: { $ref: 'admin.users.bulk.result#' } },
    },
    handler: (request) => {
      const { hashes, ...body } = request.body;
      return service.decideMany(serviceContext(request), hashes, body);
    },
  });
}
