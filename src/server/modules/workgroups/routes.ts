import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import { fileLinks } from '../../lib/signedLinks';
import type { PageQuery } from '../../lib/lists';
import * as service from './service';
import * as edits from './wall/edits';
import { serviceContext } from '../../serviceContext';

type Id = { Params: { id: string } };
type CommentId = { Params: { id: string; hash: string } };

const commentParams = {
  type: 'object',
  required: ['id', 'hash'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 255 },
    hash: { type: 'string', minLength: 1, maxLength: 32 },
  },
} as const;

export async function workgroupRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.WorkgroupsQuery }>('/api/workgroups', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: 'Published working groups',
      querystring: { $ref: 'workgroups.filter#' },
      response: { 200: listSchema('workgroup') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<Id>('/api/workgroups/:id', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: "A group's public face, by hash or slug",
      params: { $ref: 'params.id#' },
      response: { 200: { $ref: 'workgroup#' } },
    },
    handler: (request) => service.show(serviceContext(request), request.params.id),
  });
  app.patch<Id & { Body: { message?: string } }>('/api/workgroups/:id/subscribe', {
    config: { permission: 'workgroups.subscribe' },
    schema: {
      tags: ['members'],
      summary:
        'Join a public group, ask to join a private one (optional message to its administrator), or leave / withdraw',
      params: { $ref: 'params.id#' },
      body: { $ref: 'workgroup.join#' },
      response: { 200: { $ref: 'toggle#' } },
    },
    handler: (request) => service.toggleMembership(serviceContext(request), request.params.id, request.body?.message),
  });
  app.get<Id & { Querystring: PageQuery & { only_files?: boolean } }>('/api/workgroups/:id/comments', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: "The group's wall (members only for private groups)",
      params: { $ref: 'params.id#' },
      querystring: { $ref: 'comments.filter#' },
      response: { 200: listSchema('comment') },
    },
    handler: (request) =>
      service.comments(
        serviceContext(request),
        request.params.id,
        request.query,
        fileLinks(app.config.secretKey, request.actor),
      ),
  });
  app.patch<CommentId>('/api/workgroups/:id/comments/:hash/like', {
    config: { permission: 'workgroups.comment' },
    schema: {
      tags: ['members'],
      summary: 'Like or unlike a comment',
      params: commentParams,
      body: { $ref: 'empty#' },
      response: { 200: { $ref: 'toggle#' } },
    },
    handler: (request) => service.toggleLike(serviceContext(request), request.params.id, request.params.hash),
  });
  app.delete<CommentId>('/api/workgroups/:id/comments/:hash', {
    config: { permission: 'workgroups.comment' },
    schema: {
      tags: ['members'],
      summary: 'Delete a comment (its author or the group administrator)',
      params: commentParams,
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => service.deleteComment(serviceContext(request), request.params.id, request.params.hash),
  });
  app.patch<CommentId & { Body: { content: string } }>('/api/workgroups/:id/comments/:hash', {
    config: { permission: 'workgroups.comment' },
    schema: {
      tags: ['members'],
      summary: 'Edit my own post, for a while after writing it (409 once that time is over)',
      params: commentParams,
      body: { $ref: 'comment.edit#' },
      response: {
        200: {
          type: 'object',
          properties: { hash: { type: 'string' }, content: { type: 'string' }, edited_at: { type: 'string' } },
        },
      },
    },
    handler: (request) =>
      edits.edit(serviceContext(request), request.params.id, request.params.hash, request.body.content),
  });
  app.post<CommentId & { Body: { reason: string } }>('/api/workgroups/:id/comments/:hash/report', {
    config: { permission: 'workgroups.comment' },
    schema: {
      tags: ['members'],
      summary: "Report another member's post to the group's administrator (members of the group; once per post)",
      params: commentParams,
      body: { $ref: 'comment.report#' },
      response: { 201: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return edits.report(serviceContext(request), request.params.id, request.params.hash, request.body.reason);
    },
  });
  app.get<Id & { Querystring: PageQuery }>('/api/workgroups/:id/files', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: "The group's files (members only for private groups)",
      params: { $ref: 'params.id#' },
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('file') },
    },
    handler: (request) =>
      service.files(
        serviceContext(request),
        request.params.id,
        request.query,
        fileLinks(app.config.secretKey, request.actor),
      ),
  });
  app.get<Id & { Querystring: PageQuery }>('/api/workgroups/:id/users', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: "The group's members (members only for private groups)",
      params: { $ref: 'params.id#' },
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('member') },
    },
    handler: (request) => service.members(serviceContext(request), request.params.id, request.query),
  });
}
