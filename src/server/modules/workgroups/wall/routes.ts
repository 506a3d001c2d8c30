/** Writing on a group's wall (POST, multipart: parent, content, file — SPEC §7) and its administrator's moderation. */
import type { FastifyInstance } from 'fastify';
import { UploadedFile, uploadBody } from '../../../plugins/uploads';
import { listSchema, type PageQuery } from '../../../lib/lists';
import { fileLinks } from '../../../lib/signedLinks';
import * as groups from '../service';
import * as service from './service';
import { serviceContext } from '../../../serviceContext';

const postBody = (() => {
  const body = uploadBody('wallPost', {
    parent: { type: 'string', minLength: 1, maxLength: 32 },
    content: { type: 'string', 'x-multiline': true, minLength: 1, maxLength: 2000, pattern: '\\S' },
  });
  return { ...body, required: ['content'] };
})();

/** Registered inside plugins/uploads.ts (the only context that reads multipart). */
export async function wallPostRoutes(app: FastifyInstance) {
  app.post<{ Params: { id: string }; Body: { parent?: string; content: string; file?: UploadedFile } }>(
    '/api/workgroups/:id/comments',
    {
      config: { permission: 'workgroups.comment', upload: 'wallPost' },
      schema: {
        tags: ['members'],
        summary:
          "Post on a group's wall or reply (multipart: content, parent?, file? — an image or a PDF up to 10 MB); members of the group only",
        params: { $ref: 'params.id#' },
        consumes: ['multipart/form-data'],
        body: postBody,
        response: { 201: { $ref: 'comment#' } },
      },
      handler: async (request, reply) => {
        const file = request.body.file instanceof UploadedFile ? request.body.file : undefined;
        reply.code(201);
        return service.post(serviceContext(request), request.params.id, {
          parent: request.body.parent,
          content: request.body.content,
          file,
        });
      },
    },
  );
}

export async function wallModerationRoutes(app: FastifyInstance) {
  app.delete<{ Params: { hash: string; comment: string }; Body: { reason: string } }>(
    '/usr/workgroups/:hash/comments/:comment',
    {
      config: { permission: 'workgroups.create' },
      schema: {
        tags: ['members'],
        summary:
          "Remove a post from my group's wall, with the reason its author receives by e-mail (its replies and files go with it)",
        params: {
          type: 'object',
          required: ['hash', 'comment'],
          additionalProperties: false,
          properties: {
            hash: { type: 'string', minLength: 1, maxLength: 32 },
            comment: { type: 'string', minLength: 1, maxLength: 32 },
          },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['reason'],
          properties: {
            reason: { type: 'string', 'x-multiline': true, minLength: 3, maxLength: 1000, pattern: '\\S' },
          },
        },
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      },
      handler: (request) =>
        service.moderate(serviceContext(request), request.params.hash, request.params.comment, request.body.reason),
    },
  );
  app.delete<{ Params: { hash: string; file: string } }>('/usr/workgroups/:hash/files/:file', {
    config: { permission: 'workgroups.create' },
    schema: {
      tags: ['members'],
      summary: "Delete a file from my group (SPEC §7): gone from the group's files; the post it came with stays",
      params: {
        type: 'object',
        required: ['hash', 'file'],
        additionalProperties: false,
        properties: {
          hash: { type: 'string', minLength: 1, maxLength: 32 },
          file: { type: 'string', minLength: 1, maxLength: 32 },
        },
      },
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => service.removeFile(serviceContext(request), request.params.hash, request.params.file),
  });
}

/** GET /usr/workgroups/{hash}/comments|files (SPEC §7): the /api twins' answers, for the group's members only. */
export async function wallMemberReadRoutes(app: FastifyInstance) {
  // a hash is lowercase base 36: anything else (a NUL byte PostgreSQL refuses, a slug, a path) is a 400 before any query
  const params = {
    type: 'object',
    required: ['hash'],
    additionalProperties: false,
    properties: { hash: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[0-9a-z]+$' } },
  } as const;
  app.get<{ Params: { hash: string }; Querystring: PageQuery & { only_files?: boolean } }>(
    '/usr/workgroups/:hash/comments',
    {
      config: { permission: 'workgroups.comment' },
      schema: {
        tags: ['members'],
        summary: 'The wall of a group I belong to (as /api/workgroups/{id}/comments; 404 if I am not a member)',
        params,
        querystring: { $ref: 'comments.filter#' },
        response: { 200: listSchema('comment') },
      },
      handler: async (request) => {
        await groups.memberViewable(serviceContext(request), request.params.hash);
        return groups.comments(
          serviceContext(request),
          request.params.hash,
          request.query,
          fileLinks(app.config.secretKey, request.actor),
        );
      },
    },
  );
  app.get<{ Params: { hash: string }; Querystring: PageQuery }>('/usr/workgroups/:hash/files', {
    config: { permission: 'workgroups.comment' },
    schema: {
      tags: ['members'],
      summary: 'The files of a group I belong to (as /api/workgroups/{id}/files; 404 if I am not a member)',
      params,
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('file') },
    },
    handler: async (request) => {
      await groups.memberViewable(serviceContext(request), request.params.hash);
      return groups.files(
        serviceContext(request),
        request.params.hash,
        request.query,
        fileLinks(app.config.secretKey, request.actor),
      );
    },
  });
}
