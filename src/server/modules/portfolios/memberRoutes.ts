/** /usr/portfolios: the member's own portfolio projects, drafts included (issue 8 §10, DESIGN §4b). */
import type { FastifyInstance } from 'fastify';
import { listSchema, type PageQuery } from '../../lib/lists';
import { uploadsPlugin } from '../../plugins/uploads';
import { memberPortfolioImageRoutes } from './memberImageRoutes';
import { memberPortfolioFileRoutes } from './memberFileRoutes';
import * as service from './memberService';
import { serviceContext } from '../../serviceContext';

const permission = 'user.portfolios.manage';
const tags = ['alumni'];
const params = { $ref: 'params.id#' };
const one = { $ref: 'portfolio#' };
const createBody = { allOf: [{ $ref: 'portfolio.write#' }], required: ['name', 'content', 'status'] };

export async function memberPortfolioRoutes(app: FastifyInstance) {
  app.get<{ Querystring: PageQuery }>('/usr/portfolios', {
    config: { permission },
    schema: {
      tags,
      summary: 'My portfolio projects, drafts included',
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('portfolio') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.post<{ Body: service.PortfolioWrite }>('/usr/portfolios', {
    config: { permission },
    schema: { tags, summary: 'Add a portfolio project with its links', body: createBody, response: { 201: one } },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(serviceContext(request), request.body)),
  });
  app.get<{ Params: { id: string } }>('/usr/portfolios/:id', {
    config: { permission },
    schema: { tags, summary: 'One of my portfolio projects', params, response: { 200: one } },
    handler: (request) => service.show(serviceContext(request), request.params.id),
  });
  app.patch<{ Params: { id: string }; Body: service.PortfolioWrite }>('/usr/portfolios/:id', {
    config: { permission },
    schema: {
      tags,
      summary:
        'Change any subset of a project (links, when sent, replace the old ones; images, when sent, is the new order of its images, the first being the cover)',
      params,
      body: { $ref: 'portfolio.write#' },
      response: { 200: one },
    },
    handler: (request) => service.update(serviceContext(request), request.params.id, request.body),
  });
  app.delete<{ Params: { id: string } }>('/usr/portfolios/:id', {
    config: { permission },
    schema: {
      tags,
      summary: 'Delete a project with its links and images',
      params,
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => service.remove(serviceContext(request), request.params.id),
  });
  // The picture routes take multipart, so they live inside their own upload context (plugins/uploads.ts).
  await app.register(uploadsPlugin, { routes: [memberPortfolioImageRoutes, memberPortfolioFileRoutes] });
}
