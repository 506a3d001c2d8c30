/** The category tree and the tags in the back office (issue 14 §3): /adm/categories and /adm/tags. */
import type { FastifyInstance } from 'fastify';
import type { AdminCategoryWrite, AdminTagWrite } from '../../../../shared/schema-types';
import { listSchema } from '../../../lib/lists';
import * as service from './service';
import { systemContext, serviceContext } from '../../../serviceContext';

type Hash = { Params: { hash: string } };
const hashParams = {
  type: 'object',
  required: ['hash'],
  additionalProperties: false,
  properties: { hash: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;
const okReply = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };
const access = { permission: 'admin.content' as const };
const tagsFilter = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['USER', 'ARTICLE'] },
    group: { type: 'string', enum: ['area', 'specialty', 'career', 'article'] },
    text: { type: 'string', maxLength: 100 },
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    size: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;

export async function adminTaxonomyRoutes(app: FastifyInstance) {
  app.get('/adm/categories', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'The whole category tree with each name in es, en and ca and how many members studied each',
      response: { 200: { type: 'array', items: { $ref: 'admin.category#' } } },
    },
    handler: () => service.categories(systemContext(app)),
  });
  app.post<{ Body: AdminCategoryWrite }>('/adm/categories', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'Add a category (under `parent`, at `position`)',
      body: { $ref: 'admin.category.write#' },
      response: { 201: { $ref: 'admin.category#' } },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.createCategory(serviceContext(request), request.body);
    },
  });
  app.patch<Hash & { Body: AdminCategoryWrite }>('/adm/categories/:hash', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'Rename, move or reorder a category',
      params: hashParams,
      body: { $ref: 'admin.category.write#' },
      response: { 200: { $ref: 'admin.category#' } },
    },
    handler: (request) => service.updateCategory(serviceContext(request), request.params.hash, request.body),
  });
  app.delete<Hash>('/adm/categories/:hash', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'Delete a category nobody studied and with no subcategories (418 says how many use it)',
      params: hashParams,
      response: okReply,
    },
    handler: (request) => service.deleteCategory(serviceContext(request), request.params.hash),
  });

  app.get<{ Querystring: service.TagsQuery }>('/adm/tags', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'Tags with their three names and where they are used',
      querystring: tagsFilter,
      response: { 200: listSchema('admin.tag') },
    },
    handler: (request) => service.tags(serviceContext(request), request.query),
  });
  app.post<{ Body: AdminTagWrite }>('/adm/tags', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'Add a tag to a group',
      body: { $ref: 'admin.tag.write#' },
      response: { 201: { $ref: 'admin.tag#' } },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.createTag(serviceContext(request), request.body);
    },
  });
  app.patch<Hash & { Body: AdminTagWrite }>('/adm/tags/:hash', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'Rename a tag in es, en and ca (its group stays)',
      params: hashParams,
      body: { $ref: 'admin.tag.write#' },
      response: { 200: { $ref: 'admin.tag#' } },
    },
    handler: (request) => service.updateTag(serviceContext(request), request.params.hash, request.body),
  });
  app.delete<Hash>('/adm/tags/:hash', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'Delete an unused tag (418 says where it is used)',
      params: hashParams,
      response: okReply,
    },
    handler: (request) => service.deleteTag(serviceContext(request), request.params.hash),
  });
  app.post<Hash & { Body: { into: string } }>('/adm/tags/:hash/merge', {
    config: access,
    schema: {
      tags: ['administrators'],
      summary: 'Merge this tag into another of its group: its members, offers and articles move there, and it goes',
      params: hashParams,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['into'],
        properties: { into: { type: 'string', minLength: 1, maxLength: 32 } },
      },
      response: { 200: { $ref: 'admin.tag#' } },
    },
    handler: (request) => service.mergeTag(serviceContext(request), request.params.hash, request.body.into),
  });
}
