/**
 * buildApp(config) → a ready Fastify instance (tests use app.inject; main.ts only listens).
 * Every route under /api /usr /com /adm must declare a permission and request/response schemas:
 * the onRoute hook refuses to start otherwise, and tests/api/security.test.ts checks it again.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import { createDb, dialectOf, migrateToLatest, type Db } from './db/dialect';
import { ajvCustomOptions, registerFormats, registerSchemas } from './plugins/schemas';
import { errorsPlugin } from './plugins/errors';
import { contextPlugin, isApiUrl } from './plugins/context';
import { spaPlugin } from './plugins/spa';
import { authRoutes } from './modules/auth/routes';
import { initRoutes } from './modules/init/routes';
import { jobRoutes } from './modules/jobs/routes';
import { taxonomyRoutes } from './modules/taxonomies/routes';
import { userDirectoryRoutes } from './modules/users/routes';
import { articleRoutes } from './modules/articles/routes';
import { countryRoutes } from './modules/countries/routes';
import { portfolioRoutes } from './modules/portfolios/routes';
import { experienceRoutes } from './modules/experiences/routes';
import { workgroupRoutes } from './modules/workgroups/routes';
import { contentRoutes } from './modules/content/routes';
import './types';

export interface BuildOptions {
  /** An existing database (tests, benchmarks); otherwise one is opened from config.databaseUrl and closed with the app. */
  db?: Db;
  /** Migrate on start (default true). */
  migrate?: boolean;
  /** Destroy the given `db` when the app closes (main.ts hands its database over). */
  closeDb?: boolean;
}

export interface RouteRecord {
  method: string;
  url: string;
  permission?: string;
  hasResponseSchema: boolean;
  hasBodySchema: boolean;
  hasQuerySchema: boolean;
  hasParamsSchema: boolean;
  bodySchema?: unknown;
}

const ROUTE_REGISTRY = Symbol('routes');

/** The API routes as registered (for the security harness). */
export function apiRoutes(app: FastifyInstance): RouteRecord[] {
  return (app as unknown as { [ROUTE_REGISTRY]: RouteRecord[] })[ROUTE_REGISTRY];
}

function checkRoute(route: RouteOptions): RouteRecord | null {
  if (!isApiUrl(route.url)) return null;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  if (methods.length === 0) return null; // Fastify's automatic HEAD twin of a GET route
  const schema = route.schema ?? {};
  const record: RouteRecord = {
    method: methods.join(','),
    url: route.url,
    permission: (route.config as { permission?: string } | undefined)?.permission,
    hasResponseSchema: !!schema.response,
    hasBodySchema: !!schema.body,
    hasQuerySchema: !!schema.querystring,
    hasParamsSchema: !!schema.params,
    bodySchema: schema.body,
  };
  const problems: string[] = [];
  if (!record.permission) problems.push('no declared permission');
  if (!record.hasResponseSchema) problems.push('no response schema');
  if (['POST', 'PUT', 'PATCH'].some((m) => methods.includes(m as never)) && !record.hasBodySchema) problems.push('no body schema');
  if (route.url.includes(':') && !record.hasParamsSchema) problems.push('no params schema');
  if (problems.length) throw new Error(`Route ${record.method} ${route.url}: ${problems.join(', ')}`);
  return record;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDb = !options.db || options.closeDb === true;
  const db = options.db ?? createDb(config.databaseUrl);
  if (options.migrate !== false) await migrateToLatest(db);

  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (none by default).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { ...ajvCustomOptions }, plugins: [registerFormats as never] },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  });
  app.decorate('db', db);
  app.decorate('dialect', dialectOf(config.databaseUrl));
  app.decorate('config', config);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());

  const routes: RouteRecord[] = [];
  (app as unknown as { [ROUTE_REGISTRY]: RouteRecord[] })[ROUTE_REGISTRY] = routes;
  app.addHook('onRoute', (route) => {
    const record = checkRoute(route);
    if (record) routes.push(record);
  });

  registerSchemas(app);
  errorsPlugin(app);
  contextPlugin(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'unsafe-eval': ajv compiles the form validators (rjsf) with new Function(); inline scripts stay
        // forbidden. Precompiling the validators at build time would let us drop it (docs/decisions.md).
        scriptSrc: ["'self'", "'unsafe-eval'", ...(config.analyticsUrl ? [new URL(config.analyticsUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"], // antd's CSS-in-JS writes <style> tags at run time
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    strictTransportSecurity: config.production,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Alumni portal API', version: '1.0.0', description: 'Generated from the route schemas. See docs/api.md.' },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'apiKey' },
          token: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(initRoutes);
  await app.register(authRoutes);
  await app.register(taxonomyRoutes);
  await app.register(jobRoutes);
  await app.register(userDirectoryRoutes);
  await app.register(articleRoutes);
  await app.register(countryRoutes);
  await app.register(portfolioRoutes);
  await app.register(experienceRoutes);
  await app.register(workgroupRoutes);
  await app.register(contentRoutes);
  await app.register(spaPlugin);

  await app.ready();
  return app;
}
