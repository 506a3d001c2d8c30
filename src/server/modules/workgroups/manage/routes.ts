/** Groups run by members (SPEC §7 /usr/workgroups, DESIGN §4b): the groups I administer, their members and requests. */
import type { FastifyInstance } from 'fastify';
import type { WorkgroupWrite } from '../../../../shared/schema-types';
import { listSchema, type PageQuery } from '../../../lib/lists';
import { uploadBody } from '../../../plugins/uploads';
import { receivedFile } from '../../users/filesRoutes';
import { serviceContext } from '../../../serviceContext';
import * as service from './service';

type Hash = { Params: { hash: string } };
type Member = { Params: { hash: string; member: string } };
const tags = ['members'];
const access = { permission: 'workgroups.create' as const };
const hashParams = {
  type: 'object',
  required: ['hash'],
  additionalProperties: false,
  properties: { hash: { type: 'string', minLength: 1, maxLength: 32 } },
} as const;
const memberParams = {
  type: 'object',
  required: ['hash', 'member'],
  additionalProperties: false,
  properties: {
    hash: { type: 'string', minLength: 1, maxLength: 32 },
    member: { type: 'string', minLength: 1, maxLength: 32 },
  },
} as const;
const okReply = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };
const rosterFilter = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: ['PENDING', 'ACCEPTED'] },
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    size: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;
const decisionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ACCEPTED', 'CANCELLED'] } },
} as const;

export async function workgroupManageRoutes(app: FastifyInstance) {
  app.get<{ Querystring: PageQuery }>('/usr/workgroups', {
    config: access,
    schema: {
      tags,
      summary: 'The groups I administer, every status, last changed first',
      querystring: { $ref: 'page.filter#' },
      response: { 200: listSchema('workgroup.own') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.post<{ Body: WorkgroupWrite }>('/usr/workgroups', {
    config: access,
    schema: {
      tags,
      summary: 'Create a group (a draft: UNPUBLISHED until sent for review)',
      body: { $ref: 'workgroup.write#' },
      response: { 201: { $ref: 'workgroup.own#' } },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.create(serviceContext(request), request.body);
    },
  });
  app.get<Hash>('/usr/workgroups/:hash', {
    config: access,
    schema: { tags, summary: 'One of my groups', params: hashParams, response: { 200: { $ref: 'workgroup.own#' } } },
    handler: (request) => service.show(serviceContext(request), request.params.hash),
  });
  app.patch<Hash & { Body: WorkgroupWrite }>('/usr/workgroups/:hash', {
    config: access,
    schema: {
      tags,
      summary: 'Edit my group, send it for review (status PENDING; 409 once sent) or hand it to a member (admin)',
      params: hashParams,
      body: { $ref: 'workgroup.write#' },
      response: { 200: { $ref: 'workgroup.own#' } },
    },
    handler: (request) => service.update(serviceContext(request), request.params.hash, request.body),
  });
  app.delete<Hash>('/usr/workgroups/:hash', {
    config: access,
    schema: {
      tags,
      summary: 'Delete my group while it is a draft or rejected (a published one is the association’s to take down)',
      params: hashParams,
      response: okReply,
    },
    handler: (request) => service.remove(serviceContext(request), request.params.hash),
  });
  app.get<Hash & { Querystring: PageQuery & { status?: string } }>('/usr/workgroups/:hash/users', {
    config: access,
    schema: {
      tags,
      summary: "My group's requests (first) and members, 12 a page",
      params: hashParams,
      querystring: rosterFilter,
      response: { 200: listSchema('workgroup.member') },
    },
    handler: (request) => service.roster(serviceContext(request), request.params.hash, request.query),
  });
  app.patch<Member & { Body: { status: 'ACCEPTED' | 'CANCELLED' } }>('/usr/workgroups/:hash/users/:member', {
    config: access,
    schema: {
      tags,
      summary: 'Accept or decline a request (e-mailed to the member; 409 if already decided)',
      params: memberParams,
      body: decisionBody,
      response: { 200: { type: 'object', properties: { hash: { type: 'string' }, status: { type: 'string' } } } },
    },
    handler: (request) =>
      service.decide(serviceContext(request), request.params.hash, request.params.member, request.body.status),
  });
  app.delete<Member>('/usr/workgroups/:hash/users/:member', {
    config: access,
    schema: { tags, summary: 'Remove a member from my group', params: memberParams, response: okReply },
    handler: (request) => service.removeMember(serviceContext(request), request.params.hash, request.params.member),
  });
}

/** POST /usr/workgroups/{hash}/image (SPEC §7; multipart field `image`), registered inside plugins/uploads.ts. */
export async function workgroupImageRoutes(app: FastifyInstance) {
  app.post<Hash>('/usr/workgroups/:hash/image', {
    config: { ...access, upload: 'photo' },
    schema: {
      tags,
      summary: "My group's picture (field `image`: JPEG, PNG or WebP, at most 5 MB)",
      params: hashParams,
      consumes: ['multipart/form-data'],
      body: uploadBody('photo'),
      response: { 200: { type: 'object', properties: { image: { type: 'string' } } } },
    },
    handler: (request) =>
      service.setImage(serviceContext(request), request.params.hash, receivedFile(request, 'image')),
  });
}
