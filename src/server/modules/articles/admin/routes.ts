/** News and events in the back office (issue 14 §1): /adm/articles, their cover and an event's attendees. */
import type { FastifyInstance } from 'fastify';
import type { AdminArticleWrite } from '../../../../shared/schema-types';
import { sendCsv } from '../../../lib/csv';
import { listSchema, type PageQuery } from '../../../lib/lists';
import { uploadBody, uploadsPlugin } from '../../../plugins/uploads';
import { receivedFile } from '../../users/filesRoutes';
import { serviceContext } from '../../../serviceContext';
import * as service from './service';
import { fileAnswer } from '../../../lib/fileAnswer';

type Hash = { Params: { hash: string } };
const tags = ['administrators'];
const access = { permission: 'admin.content' as const };
const params = { $ref: 'admin.params.hash#' };
const coverReply = {
  200: {
    type: 'object',
    required: ['image'],
    additionalProperties: false,
    properties: { image: { type: ['string', 'null'] } },
  },
};

export async function adminArticleRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.AdminArticlesQuery }>('/adm/articles', {
    config: access,
    schema: {
      tags,
      summary: 'News and events in every status: text over every language’s title, type, status, date range, sort',
      querystring: { $ref: 'admin.articles.filter#' },
      response: { 200: listSchema('admin.article.item') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<Hash>('/adm/articles/:hash', {
    config: access,
    schema: {
      tags,
      summary: 'One article with the languages written (a missing one falls back to Spanish on the public pages)',
      params,
      response: { 200: { $ref: 'admin.article#' } },
    },
    handler: (request) => service.show(serviceContext(request), request.params.hash),
  });
  app.post<{ Body: AdminArticleWrite }>('/adm/articles', {
    config: access,
    schema: {
      tags,
      summary: 'Write a news item or an event (type, status, date and the Spanish text required)',
      body: { $ref: 'admin.article.write#' },
      response: { 201: { $ref: 'admin.article#' } },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.create(serviceContext(request), request.body);
    },
  });
  app.patch<Hash & { Body: AdminArticleWrite }>('/adm/articles/:hash', {
    config: access,
    schema: {
      tags,
      summary:
        'Edit any part of an article; a language set to null is removed (never Spanish). Audited with what changed',
      params,
      body: { $ref: 'admin.article.write#' },
      response: { 200: { $ref: 'admin.article#' } },
    },
    handler: (request) => service.update(serviceContext(request), request.params.hash, request.body),
  });
  app.delete<Hash>('/adm/articles/:hash', {
    config: access,
    schema: {
      tags,
      summary: 'Delete an article (an event with registered members is refused: take it back to draft)',
      params,
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => service.remove(serviceContext(request), request.params.hash),
  });
  app.delete<Hash>('/adm/articles/:hash/image', {
    config: access,
    schema: { tags, summary: 'Remove the cover', params, response: coverReply },
    handler: (request) => service.removeCover(serviceContext(request), request.params.hash),
  });
  app.get<Hash & { Querystring: PageQuery }>('/adm/articles/:hash/attendees', {
    config: access,
    schema: {
      tags,
      summary: 'The members registered for an event, first come first listed',
      params,
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('admin.article.attendee') },
    },
    handler: (request) => service.attendees(serviceContext(request), request.params.hash, request.query),
  });
  app.get<Hash>('/adm/articles/:hash/attendees/export', {
    config: access,
    schema: {
      tags,
      summary: 'Every registered member as CSV, in the request’s language',
      params,
      response: { 200: fileAnswer('text/csv', 'CSV, UTF-8 with a BOM') },
    },
    handler: async (request, reply) => {
      const { filename, body } = await service.attendeesCsv(serviceContext(request), request.params.hash);
      return sendCsv(reply, filename, body);
    },
  });
  await app.register(uploadsPlugin, { routes: [articleCoverRoutes] });
}

/** POST /adm/articles/{hash}/image (field `image`), inside plugins/uploads.ts (the only context that reads multipart). */
async function articleCoverRoutes(app: FastifyInstance) {
  app.post<Hash>('/adm/articles/:hash/image', {
    config: { ...access, upload: 'photo' },
    schema: {
      tags,
      summary: 'Upload the cover (field `image`: JPEG, PNG or WebP, at most 5 MB; stored as WebP)',
      params,
      consumes: ['multipart/form-data'],
      body: uploadBody('photo'),
      response: coverReply,
    },
    handler: (request) =>
      service.setCover(serviceContext(request), request.params.hash, receivedFile(request, 'image')),
  });
}
