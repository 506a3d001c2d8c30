/**
 * What routeAccessPlugin records for the security tests (apiRoutes), and the declaration rules of
 * routeProblems one by one (deny by default, issue 7 §1).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  API_PREFIXES,
  apiRoutes,
  isApiPattern,
  pages,
  routeAccessPlugin,
  routeProblems,
} from '../../src/server/plugins/routeAccess';

const response = { 200: { type: 'object' } };

async function ready(register: (app: FastifyInstance) => void | Promise<void>): Promise<FastifyInstance> {
  const app = Fastify();
  routeAccessPlugin(app);
  await register(app);
  await app.ready();
  return app;
}

describe('the API route records', () => {
  it('records each API route once, without its HEAD twin, with what it declares', async () => {
    const body = { type: 'object', properties: { a: { type: 'string' } } };
    const app = await ready((app) => {
      app.get(
        '/api/things',
        { config: { permission: 'public.browse' }, schema: { response, querystring: { type: 'object' } } },
        async () => ({}),
      );
      app.post(
        '/usr/things/:id',
        { config: { permission: 'user.self' }, schema: { response, body, params: { type: 'object' } } },
        async () => ({}),
      );
      app.route({
        method: ['PUT', 'PATCH'],
        url: '/adm/x',
        config: { permission: 'admin.content' },
        schema: { response, body },
        handler: async () => ({}),
      });
      app.get('/about', { config: { page: true } }, async () => 'page');
    });
    // (toMatchObject: the records may carry more than these fields)
    expect(apiRoutes(app)).toMatchObject([
      {
        method: 'GET',
        url: '/api/things',
        permission: 'public.browse',
        hasResponseSchema: true,
        hasBodySchema: false,
        hasQuerySchema: true,
        hasParamsSchema: false,
      },
      {
        method: 'POST',
        url: '/usr/things/:id',
        permission: 'user.self',
        hasResponseSchema: true,
        hasBodySchema: true,
        hasQuerySchema: false,
        hasParamsSchema: true,
        bodySchema: body,
      },
      {
        method: 'PUT,PATCH',
        url: '/adm/x',
        permission: 'admin.content',
        hasResponseSchema: true,
        hasBodySchema: true,
        hasQuerySchema: false,
        hasParamsSchema: false,
        bodySchema: body,
      },
    ]);
    expect(apiRoutes(app)[0]!.bodySchema).toBeUndefined();
    // Fastify made a HEAD twin of the GET route: it is there, but not recorded twice
    expect(app.hasRoute({ method: 'HEAD', url: '/api/things' })).toBe(true);
    await app.close();
  });

  it('refuses to start with every problem listed, one line per route', async () => {
    const app = Fastify();
    routeAccessPlugin(app);
    app.get('/api/a', async () => ({}));
    app.post('/com/b', { config: { permission: 'company.self' }, schema: { response } }, async () => ({}));
    app.get('/c', async () => 'c');
    await expect(app.ready()).rejects.toThrow(
      'Routes without a valid access declaration:\n' +
        '  GET /api/a: no declared permission, no response schema\n' +
        '  HEAD /api/a: no declared permission, no response schema\n' +
        '  POST /com/b: no body schema\n' +
        '  GET /c: no declared access (config.page or an API permission)\n' +
        '  HEAD /c: no declared access (config.page or an API permission)',
    );
    await app.close().catch(() => undefined);
  });

  it('marks the routes a plugin adds inside pages() as pages, keeping their own config', async () => {
    const app = await ready(async (app) => {
      await app.register(
        pages(async (child) => {
          child.get('/plugin/page', { config: { extra: 1 } as never }, async (request) => request.routeOptions.config);
        }, {}),
      );
    });
    const res = await app.inject({ url: '/plugin/page' });
    expect(res.json()).toMatchObject({ extra: 1, page: true });
    expect(apiRoutes(app)).toEqual([]);
    await app.close();
  });
});

describe('routeProblems', () => {
  const api = (extra: Record<string, unknown>) =>
    ({
      url: '/api/x',
      method: 'GET',
      schema: { response },
      config: { permission: 'public.browse' },
      ...extra,
    }) as Parameters<typeof routeProblems>[0];

  it('accepts a complete API route and a declared page', () => {
    expect(routeProblems(api({}))).toEqual([]);
    expect(routeProblems({ url: '/x', method: 'GET', config: { page: true } } as never)).toEqual([]);
  });

  it('needs a response schema on every API route', () => {
    expect(routeProblems(api({ schema: {} }))).toEqual(['no response schema']);
    expect(routeProblems(api({ schema: undefined }))).toEqual(['no response schema']);
  });

  it('needs a body schema on POST, PUT and PATCH, also among several methods, but not on GET or DELETE', () => {
    for (const method of ['POST', 'PUT', 'PATCH'])
      expect(routeProblems(api({ method })), method).toEqual(['no body schema']);
    expect(routeProblems(api({ method: ['GET', 'POST'] }))).toEqual(['no body schema']);
    expect(routeProblems(api({ method: 'DELETE' }))).toEqual([]);
    expect(routeProblems(api({ method: ['GET', 'DELETE'] }))).toEqual([]);
    expect(routeProblems(api({ method: 'POST', schema: { response, body: { type: 'object' } } }))).toEqual([]);
  });

  it('needs a params schema when the URL has parameters', () => {
    expect(routeProblems(api({ url: '/api/x/:id' }))).toEqual(['no params schema']);
    expect(routeProblems(api({ url: '/api/x/:id', schema: { response, params: { type: 'object' } } }))).toEqual([]);
  });

  it('lists every problem of a route', () => {
    expect(
      routeProblems({ url: '/usr/:id', method: 'PATCH', config: { permission: 'nope', page: true } } as never),
    ).toEqual([
      'unknown permission nope',
      'an API route cannot be a page',
      'no response schema',
      'no body schema',
      'no params schema',
    ]);
    expect(
      routeProblems({ url: '/x', method: 'GET', config: { permission: 'public.browse', page: true } } as never),
    ).toEqual(['a permission outside the API prefixes would never be checked with the apiKey']);
    expect(routeProblems({ url: '/x', method: 'GET' } as never)).toEqual([
      'no declared access (config.page or an API permission)',
    ]);
    expect(routeProblems({ url: '/x', method: 'GET', config: { page: 'yes' } } as never)).toEqual([
      'no declared access (config.page or an API permission)',
    ]);
  });

  it('treats exactly /api, /usr, /com and /adm and what is under them as the API', () => {
    expect([...API_PREFIXES]).toEqual(['/api', '/usr', '/com', '/adm']);
    for (const prefix of API_PREFIXES) {
      expect(isApiPattern(prefix), prefix).toBe(true);
      expect(isApiPattern(`${prefix}/x`), prefix).toBe(true);
      expect(isApiPattern(`${prefix}x`), prefix).toBe(false);
      expect(isApiPattern(`/x${prefix}`), prefix).toBe(false);
    }
    expect(isApiPattern('/')).toBe(false);
    expect(isApiPattern('*')).toBe(false);
  });
});
