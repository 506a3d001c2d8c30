/** GET/PATCH /adm/message-reports: the moderation queue of reported messages (moderationService.ts). */
import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import { serviceContext } from '../../serviceContext';
import type { AdminMessageReportDecision, AdminMessageReportsFilter } from '../../../shared/schema-types';
import * as service from './moderationService';

const tags = ['admin'];
const params = { $ref: 'admin.params.hash#' };
type Hash = { Params: { hash: string } };

export async function messageModerationRoutes(app: FastifyInstance) {
  app.get<{ Querystring: AdminMessageReportsFilter }>('/adm/message-reports', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'Reported messages with the conversation around each: open ones oldest first, or resolved ones',
      querystring: { $ref: 'admin.messageReports.filter#' },
      response: { 200: listSchema('admin.messageReport') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<Hash>('/adm/message-reports/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: 'One reported message with its context',
      params,
      response: { 200: { $ref: 'admin.messageReport#' } },
    },
    handler: (request) => service.detail(serviceContext(request), request.params.hash),
  });
  app.patch<Hash & { Body: AdminMessageReportDecision }>('/adm/message-reports/:hash', {
    config: { permission: 'admin.validate' },
    schema: {
      tags,
      summary: "Dismiss a report, warn the message's sender by e-mail or disable the sender's account (audited)",
      params,
      body: { $ref: 'admin.messageReport.decision#' },
      response: { 200: { $ref: 'admin.messageReport#' } },
    },
    handler: (request) => service.decide(serviceContext(request), request.params.hash, request.body.action),
  });
}
