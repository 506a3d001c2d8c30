/**
 * Messages (issue 29), the same routes under /usr (members), /com (companies) and /adm (the association), each
 * prefix with its own permission. Sending is limited per sender per minute (a flood) and per day, first messages
 * more tightly than replies; every limit is multiplied by RATE_LIMIT_SCALE.
 */
import type { FastifyInstance } from 'fastify';
import type { Permission } from '../../../shared/permissions';
import type {
  MessageArchive,
  MessageBlock,
  MessageReport,
  MessageStart,
  MessageThreadQuery,
  MessageWrite,
  MessagesFilter,
} from '../../../shared/schema-types';
import { listSchema } from '../../lib/lists';
import { serviceContext } from '../../serviceContext';
import * as service from './service';
import { messageLimits } from './limits';

export { MESSAGE_LIMITS } from './limits';

export const PREFIXES: Array<{ prefix: string; permission: Permission; tag: string }> = [
  { prefix: '/usr', permission: 'user.messages', tag: 'alumni' },
  { prefix: '/com', permission: 'company.messages', tag: 'companies' },
  { prefix: '/adm', permission: 'admin.messages', tag: 'admin' },
];

const hashParams = { $ref: 'admin.params.hash#' };
type Hash = { Params: { hash: string } };

const blocksSchema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          hash: { type: 'string' },
          name: { type: ['string', 'null'] },
          at: { type: 'string' },
        },
      },
    },
  },
} as const;

export async function messageRoutes(app: FastifyInstance) {
  const { first: limitsOfFirst, reply: limitsOfReply } = messageLimits(app);

  for (const { prefix, permission, tag } of PREFIXES) {
    const base = `${prefix}/messages`;
    const tags = [tag];
    app.get<{ Querystring: MessagesFilter }>(base, {
      config: { permission },
      schema: {
        tags,
        summary: 'My conversations, newest first, with my unread counts (archived=true: the archive; q: search)',
        querystring: { $ref: 'messages.filter#' },
        response: { 200: listSchema('message.conversation') },
      },
      handler: (request) => service.list(serviceContext(request), request.query),
    });
    app.get(`${base}/unread`, {
      config: { permission },
      schema: { tags, summary: 'Unread messages (the header badge)', response: { 200: { $ref: 'messages.unread#' } } },
      handler: (request) => service.unread(serviceContext(request)),
    });
    app.post<{ Body: MessageStart }>(base, {
      config: { permission },
      preHandler: limitsOfFirst,
      schema: {
        tags,
        summary: 'Write to someone (a new conversation, or the one we already share)',
        body: { $ref: 'message.start#' },
        response: { 200: { $ref: 'message.thread#' } },
      },
      handler: (request) => service.start(serviceContext(request), request.body),
    });
    app.get(`${base}/blocks`, {
      config: { permission },
      schema: { tags, summary: 'Who I blocked', response: { 200: blocksSchema } },
      handler: (request) => service.listBlocks(serviceContext(request)),
    });
    app.post<{ Body: MessageBlock }>(`${base}/blocks`, {
      config: { permission },
      schema: {
        tags,
        summary: 'Block someone: they can no longer write to me, and are not told',
        body: { $ref: 'message.block#' },
        response: { 200: blocksSchema },
      },
      handler: (request) => service.block(serviceContext(request), request.body),
    });
    app.post<{ Body: MessageBlock }>(`${base}/blocks/remove`, {
      config: { permission },
      schema: {
        tags,
        summary: 'Unblock someone',
        body: { $ref: 'message.block#' },
        response: { 200: blocksSchema },
      },
      handler: (request) => service.unblock(serviceContext(request), request.body),
    });
    app.get<Hash & { Querystring: MessageThreadQuery }>(`${base}/:hash`, {
      config: { permission },
      schema: {
        tags,
        summary: 'A conversation of mine and its newest messages, or those before `before` (another one: 404)',
        params: hashParams,
        querystring: { $ref: 'message.thread.query#' },
        response: { 200: { $ref: 'message.thread#' } },
      },
      handler: (request) => service.thread(serviceContext(request), request.params.hash, request.query.before),
    });
    app.post<Hash & { Body: MessageWrite }>(`${base}/:hash`, {
      config: { permission },
      preHandler: limitsOfReply,
      schema: {
        tags,
        summary: 'Answer in a conversation of mine',
        params: hashParams,
        body: { $ref: 'message.write#' },
        response: { 200: { $ref: 'message.thread#' } },
      },
      handler: (request) => service.reply(serviceContext(request), request.params.hash, request.body.text),
    });
    app.post<Hash>(`${base}/:hash/read`, {
      config: { permission },
      schema: {
        tags,
        summary: 'Mark a conversation read',
        params: hashParams,
        body: { $ref: 'empty#' },
        response: { 200: { $ref: 'messages.unread#' } },
      },
      handler: (request) => service.markRead(serviceContext(request), request.params.hash),
    });
    app.patch<Hash & { Body: MessageArchive }>(`${base}/:hash`, {
      config: { permission },
      schema: {
        tags,
        summary: 'Archive a conversation (or bring it back); a new message brings it back too',
        params: hashParams,
        body: { $ref: 'message.archive#' },
        response: { 200: { $ref: 'message.thread#' } },
      },
      handler: (request) => service.archive(serviceContext(request), request.params.hash, request.body.archived),
    });
    app.post<Hash & { Body: MessageReport }>(`${base}/reports/:hash`, {
      config: { permission },
      schema: {
        tags,
        summary: "Report someone else's message to the site's administrators",
        params: hashParams,
        body: { $ref: 'message.report#' },
        response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      },
      handler: (request) => service.report(serviceContext(request), request.params.hash, request.body.reason),
    });
  }
}
