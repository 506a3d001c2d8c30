/** /usr/workExperiences: the member's own work experiences (issue 8 §10, DESIGN §4b). */
import type { FastifyInstance } from 'fastify';
import { listSchema, type PageQuery } from '../../lib/lists';
import * as service from './memberService';
import { serviceContext } from '../../serviceContext';

const permission = 'user.experiences.manage';
const tags = ['alumni'];
const params = { $ref: 'params.id#' };
const one = { $ref: 'workExperience#' };
const createBody = {
  allOf: [{ $ref: 'workExperience.write#' }],
  required: ['name', 'contract', 'company_name', 'start', 'location', 'content'],
};

export async function memberExperienceRoutes(app: FastifyInstance) {
  app.get<{ Querystring: PageQuery }>('/usr/workExperiences', {
    config: { permission },
    schema: {
      tags,
      summary: 'My work experiences, most recent first',
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('workExperience') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.post<{ Body: service.ExperienceWrite }>('/usr/workExperiences', {
    config: { permission },
    schema: {
      tags,
      summary: 'Add a work experience (no end: a current job)',
      body: createBody,
      response: { 201: one },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(serviceContext(request), request.body)),
  });
  app.get<{ Params: { id: string } }>('/usr/workExperiences/:id', {
    config: { permission },
    schema: { tags, summary: 'One of my work experiences', params, response: { 200: one } },
    handler: (request) => service.show(serviceContext(request), request.params.id),
  });
  app.patch<{ Params: { id: string }; Body: service.ExperienceWrite }>('/usr/workExperiences/:id', {
    config: { permission },
    schema: {
      tags,
      summary: 'Change any subset of a work experience',
      params,
      body: { $ref: 'workExperience.write#' },
      response: { 200: one },
    },
    handler: (request) => service.update(serviceContext(request), request.params.id, request.body),
  });
  app.delete<{ Params: { id: string } }>('/usr/workExperiences/:id', {
    config: { permission },
    schema: {
      tags,
      summary: 'Delete a work experience',
      params,
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => service.remove(serviceContext(request), request.params.id),
  });
}
