import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function articleRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.ArticlesQuery }>('/api/articles', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: 'Published news and events, newest first',
      querystring: { $ref: 'articles.filter#' },
      response: { 200: listSchema('article') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<{ Params: { id: string } }>('/api/articles/:id', {
    config: { permission: 'public.browse', publicCache: true },
    schema: {
      tags: ['public'],
      summary: 'One article by hash or by its slug in any language',
      params: { $ref: 'params.id#' },
      response: { 200: { $ref: 'article#' } },
    },
    handler: (request) => service.show(serviceContext(request), request.params.id),
  });
  for (const [action, permission, table, summary] of [
    ['save', 'articles.save', 'article_saves', 'Bookmark or un-bookmark an article (members)'],
    [
      'subscribe',
      'articles.subscribe',
      'article_subscriptions',
      'Register or unregister for an event or activity (Bold, GRATIS)',
    ],
  ] as const) {
    app.patch<{ Params: { id: string } }>(`/api/articles/:id/${action}`, {
      config: { permission },
      schema: {
        tags: ['members'],
        summary,
        params: { $ref: 'params.id#' },
        body: { $ref: 'empty#' },
        response: { 200: { $ref: 'toggle#' } },
      },
      handler: (request) => service.toggle(serviceContext(request), request.params.id, table),
    });
  }
}
