/** The info pages and the association's texts in the back office (issue 14 §2): /adm/pages. */
import type { FastifyInstance } from 'fastify';
import { PAGE_KEYS } from '../../../../shared/constants';
import type { AdminPageWrite } from '../../../../shared/schema-types';
import * as service from './service';
import { systemContext, serviceContext } from '../../../serviceContext';

type Key = { Params: { key: string } };
const tags = ['administrators'];
const access = { permission: 'admin.content' as const };
const params = {
  type: 'object',
  required: ['key'],
  additionalProperties: false,
  properties: { key: { type: 'string', enum: [...PAGE_KEYS] } },
} as const;

export async function adminPageRoutes(app: FastifyInstance) {
  app.get('/adm/pages', {
    config: access,
    schema: {
      tags,
      summary:
        'The info pages (faqs, privacy, legal, cookies) and the association’s texts (about, board, benefits), with their titles and addresses per language',
      response: { 200: { type: 'array', items: { $ref: 'admin.page.item#' } } },
    },
    handler: () => service.list(systemContext(app)),
  });
  app.get<Key>('/adm/pages/:key', {
    config: access,
    schema: { tags, summary: 'One page in es, en and ca', params, response: { 200: { $ref: 'admin.page#' } } },
    handler: (request) => service.show(serviceContext(request), request.params.key),
  });
  app.patch<Key & { Body: AdminPageWrite }>('/adm/pages/:key', {
    config: access,
    schema: {
      tags,
      summary: 'Replace a page’s three languages (title, Markdown text, address); audited with what changed',
      params,
      body: { $ref: 'admin.page.write#' },
      response: { 200: { $ref: 'admin.page#' } },
    },
    handler: (request) => service.update(serviceContext(request), request.params.key, request.body),
  });
}
