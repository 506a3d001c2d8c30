/**
 * Who may call a route is declared on the route and read from the route Fastify matched — never from
 * the URL text, which can be spelled many ways (`/%61pi/…`, `//usr/…`, `/x/../adm/…`) that the router
 * still matches. Deny by default: a route that declares neither `permission` (API) nor `page` refuses
 * to start, and so does an API-prefixed route declaring `page` or a page declaring a permission.
 */
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { PERMISSIONS, type Permission } from '../../shared/permissions';

export const API_PREFIXES = ['/api', '/usr', '/com', '/adm'] as const;

/** Whether a registered route pattern belongs to the API (used at registration only, never per request). */
export function isApiPattern(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export interface RouteRecord {
  method: string;
  url: string;
  permission?: Permission;
  hasResponseSchema: boolean;
  hasBodySchema: boolean;
  hasQuerySchema: boolean;
  hasParamsSchema: boolean;
  bodySchema?: unknown;
  querySchema?: unknown;
}

interface RouteConfig {
  permission?: Permission;
  page?: true;
  beforeSecondFactor?: true;
}

/** What is wrong with one route's declaration (empty when it is fine). */
export function routeProblems(route: Pick<RouteOptions, 'url' | 'method' | 'schema' | 'config'>): string[] {
  const config = (route.config ?? {}) as RouteConfig;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  const problems: string[] = [];
  if (isApiPattern(route.url)) {
    if (!config.permission) problems.push('no declared permission');
    else if (!PERMISSIONS.includes(config.permission)) problems.push(`unknown permission ${config.permission}`);
    if (config.page) problems.push('an API route cannot be a page');
    // only an administrator's own routes (who I am, enrolling, signing out) may be used before the second factor
    if (config.beforeSecondFactor && config.permission !== 'admin.self')
      problems.push('beforeSecondFactor outside admin.self');
    const schema = route.schema ?? {};
    if (!schema.response) problems.push('no response schema');
    if (methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m)) && !schema.body) problems.push('no body schema');
    if (route.url.includes(':') && !schema.params) problems.push('no params schema');
  } else {
    if (config.permission)
      problems.push('a permission outside the API prefixes would never be checked with the apiKey');
    if (config.page !== true) problems.push('no declared access (config.page or an API permission)');
  }
  return problems;
}

const REGISTRY = Symbol('apiRoutes');

/** The API routes as registered (for the security tests). */
export function apiRoutes(app: FastifyInstance): RouteRecord[] {
  return (app as unknown as { [REGISTRY]: RouteRecord[] })[REGISTRY];
}

/**
 * Collects every route and refuses to start (`ready()` rejects) when one is undeclared. The check runs
 * when the app is ready rather than per route, so that `pages()` below can mark a plugin's routes first.
 */
export function routeAccessPlugin(app: FastifyInstance): void {
  const all: RouteOptions[] = [];
  const records: RouteRecord[] = [];
  (app as unknown as { [REGISTRY]: RouteRecord[] })[REGISTRY] = records;
  app.addHook('onRoute', (route) => {
    all.push(route);
  });
  app.addHook('onReady', async () => {
    const problems: string[] = [];
    records.length = 0;
    for (const route of all) {
      // Fastify's automatic HEAD twin of a GET route carries the GET route's config and is checked too.
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      const found = routeProblems(route);
      if (found.length) problems.push(`${String(route.method)} ${route.url}: ${found.join(', ')}`);
      if (!isApiPattern(route.url) || methods.length === 0) continue;
      const schema = route.schema ?? {};
      records.push({
        method: methods.join(','),
        url: route.url,
        permission: (route.config as RouteConfig | undefined)?.permission,
        hasResponseSchema: !!schema.response,
        hasBodySchema: !!schema.body,
        hasQuerySchema: !!schema.querystring,
        hasParamsSchema: !!schema.params,
        bodySchema: schema.body,
        querySchema: schema.querystring,
      });
    }
    if (problems.length) throw new Error(`Routes without a valid access declaration:\n  ${problems.join('\n  ')}`);
  });
}

/**
 * Registers a third-party plugin whose routes are plain pages or static files (the static file server,
 * the API docs): every route it adds is declared `page: true` (no apiKey, no actor, no API data).
 */
export function pages<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
  options: Options,
): FastifyPluginAsync {
  return async (child) => {
    child.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), page: true } as never;
    });
    await child.register(plugin as FastifyPluginAsync<Options>, options);
  };
}
