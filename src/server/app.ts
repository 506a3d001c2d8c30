/**
 * buildApp(config) → a ready Fastify instance (tests use app.inject; main.ts only listens).
 * Every route declares who may call it (plugins/routeAccess.ts): API routes a permission and their
 * request/response schemas, everything else `page: true`; the app refuses to start otherwise.
 */
import { randomUUID } from 'node:crypto';
import { systemContext } from './serviceContext';
import { buildSerializerFactory } from './plugins/serializers';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import { createDb, dialectOf, migrateToLatest, type Db } from './db/dialect';
import { ajvCustomOptions, registerFiniteKeyword, registerFormats, registerSchemas } from './plugins/schemas';
import { errorsPlugin, frameworkErrorAnswer } from './plugins/errors';
import { loggerOptions } from './plugins/logging';
import { contextPlugin } from './plugins/context';
import { rateLimitPlugin } from './plugins/rateLimit';
import { publicCachePlugin } from './plugins/publicCache';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import { pages, routeAccessPlugin } from './plugins/routeAccess';
import { apiDescriptionPlugin, openApiDocument } from './plugins/apiDescription';
import { filesPlugin } from './plugins/files';
import { healthPlugin } from './plugins/health';
import { metricsPlugin } from './plugins/metrics';
import { uploadsPlugin } from './plugins/uploads';
import { memberFileRoutes } from './modules/users/filesRoutes';
import { spaPlugin } from './plugins/spa';
import { cookieConsentPlugin } from './plugins/cookieConsent';
import { authRoutes } from './modules/auth/routes';
import { initRoutes } from './modules/init/routes';
import { jobRoutes } from './modules/jobs/routes';
import { companyOfferRoutes } from './modules/offers/companyRoutes';
import { companyRegistrationRoutes } from './modules/companies/routes';
import { companyLogoRoutes, companyProfileRoutes } from './modules/companies/profileRoutes';
import { taxonomyRoutes } from './modules/taxonomies/routes';
import { userDirectoryRoutes } from './modules/users/routes';
import { profileRoutes } from './modules/users/profileRoutes';
import { accountDataRoutes } from './modules/users/accountDataRoutes';
import { articleRoutes } from './modules/articles/routes';
import { countryRoutes } from './modules/countries/routes';
import { portfolioRoutes } from './modules/portfolios/routes';
import { experienceRoutes } from './modules/experiences/routes';
import { memberPortfolioRoutes } from './modules/portfolios/memberRoutes';
import { memberExperienceRoutes } from './modules/experiences/memberRoutes';
import { workgroupRoutes } from './modules/workgroups/routes';
import { contentRoutes } from './modules/content/routes';
import { mailWorkerPlugin } from './modules/mail/worker';
import { offerExpiryTask } from './modules/offers/expiry';
import { jobViewsPlugin } from './modules/jobs/views';
import { jobAlertTasks } from './modules/jobAlerts/service';
import { workgroupImageRoutes, workgroupManageRoutes } from './modules/workgroups/manage/routes';
import { wallMemberReadRoutes, wallModerationRoutes, wallPostRoutes } from './modules/workgroups/wall/routes';
import { groupDigestTask } from './modules/workgroups/wall/digest';
import { messageRoutes } from './modules/messages/routes';
import { awayMailTask } from './modules/messages/awayMail';
import { messageDigestTask } from './modules/messages/digestMail';
import { messageAttachmentRoutes } from './modules/messages/attachments';
import { messageEventRoutes } from './modules/messages/events';
import { jobAlertRoutes } from './modules/jobAlerts/routes';
import { unsubscribeRoutes } from './modules/mail/unsubscribePage';
import { cardRoutes } from './modules/payments/cards/routes';
import { subscriptionRoutes } from './modules/payments/subscriptions/routes';
import { renewalTask } from './modules/payments/subscriptions/task';
import './modules/payments/receipts/pdf'; // registers the receipt as an e-mail attachment
import { memberCardRoutes } from './modules/memberCard/routes';
import { paymentNotifyRoutes } from './modules/payments/notify';
import { sandboxPageRoutes } from './modules/payments/sandbox/page';
import { taskRunnerPlugin } from './modules/tasks/runner';
import { fileSweepTask } from './modules/fileSweep/task';
import { scheduledArticlesTask } from './modules/articles/admin/service';
import { newsletterTask } from './modules/newsletter/service';
import { adminRoutes } from './modules/admin/routes';
import { accountRoutes } from './modules/accounts/routes';
import { invitationRoutes } from './modules/memberImport/invitationRoutes';
import { memberImportRoutes } from './modules/memberImport/routes';
import './types';
import { createStorage, type FileStorage } from './lib/storage';

export interface BuildOptions {
  /** An existing database (tests, benchmarks); otherwise one is opened from config.databaseUrl and closed with the app. */
  db?: Db;
  /** Migrate on start (default true). */
  migrate?: boolean;
  /** Destroy the given `db` when the app closes (main.ts hands its database over). */
  closeDb?: boolean;
  /** Another schemas/ folder (the test proving that a field added to one schema file needs no code change). */
  schemasDir?: string;
  /** An existing file store (tests); otherwise the one config.fileStorage names. */
  storage?: FileStorage;
  /** Where log lines go instead of stdout (a test reading them). */
  logStream?: { write(line: string): void };
}

export { apiRoutes, type RouteRecord } from './plugins/routeAccess';

/**
 * Fastify's ajv compiler adds ajv-formats' full set AFTER the plugins unless one of them is named
 * `formatsPlugin`; that set's ISO `date` and loose `url` then replaced ours (SPEC §5: dd/mm/yyyy, http(s)).
 */
const PLAIN_REQUEST_ID = /^[\w.-]{1,64}$/;
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && PLAIN_REQUEST_ID.test(given) ? given : randomUUID();
}

const formatsPlugin = (ajv: Parameters<typeof registerFormats>[0]) => registerFormats(ajv);

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDb = !options.db || options.closeDb === true;
  const db = options.db ?? createDb(config.databaseUrl);
  if (options.migrate !== false) await migrateToLatest(db);

  const app = Fastify({
    // JSON lines in production, readable ones in development; a client's hang-up is not an error (plugins/logging.ts)
    logger: loggerOptions(config, options.logStream),
    // no "incoming request" / "request completed" lines per request, in production as in development (a page of the
    // web app is dozens of requests: thousands of lines that hid what mattered; issue 25 §9). Errors and warnings are
    // still logged; LOG_LEVEL=debug or trace brings the request lines back.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    // the id in every log line of a request and in its answer's x-request-id (issue 26 §4); a proxy's id is kept when
    // it is a plain token, anything else (a forged header carrying line breaks into the logs) is replaced
    requestIdHeader: false,
    genReqId: requestId,
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (none by default).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // loading the server renderer (spaPlugin) can take over Fastify's default 10 s on a busy 2-core machine; a plugin
    // that truly hangs still fails the start, a minute later
    pluginTimeout: 60_000,
    ajv: { customOptions: { ...ajvCustomOptions }, plugins: [formatsPlugin as never, registerFiniteKeyword as never] },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    frameworkErrors: frameworkErrorAnswer as never,
    // response serializers compiled with only the schemas each one uses, once per distinct schema (a start in well
    // under a second instead of ~10 s; see plugins/serializers.ts)
    schemaController: { compilersFactory: { buildSerializer: buildSerializerFactory as never } },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.decorate('db', db);
  app.decorate('dialect', dialectOf(config.databaseUrl));
  app.decorate('config', config);
  app.decorate('storage', options.storage ?? createStorage(config));
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  mailWorkerPlugin(app); // delivers the e-mail outbox when SMTP_URL is set (starts when ready, stops on close)
  taskRunnerPlugin(
    app,
    [
      offerExpiryTask(db, config),
      ...jobAlertTasks(systemContext(app)),
      groupDigestTask(db, config),
      awayMailTask(db, config),
      messageDigestTask(db, config),
      scheduledArticlesTask(systemContext(app)),
      newsletterTask(systemContext(app)),
      renewalTask(app),
      fileSweepTask(app),
    ],
    config.tasksPollSeconds,
  ); // background tasks, each run once across instances

  jobViewsPlugin(app); // offer views, buffered per instance and added to job_views every few seconds
  routeAccessPlugin(app);
  metricsPlugin(app, config.metricsToken); // GET /metrics, and (when on) a request count and duration per route
  apiDescriptionPlugin(app); // every API route's error answers, for the served description (/docs)

  registerSchemas(app, options.schemasDir);
  errorsPlugin(app);
  // helmet's headers, computed once (plugins/securityHeaders.ts); first, so that answers refused by the
  // context plugin (no apiKey, a bad token) carry them too
  securityHeadersPlugin(app);
  contextPlugin(app);
  await rateLimitPlugin(app); // before any route: it gives each route its limit as it is added
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // the anonymous public-read cache: hooks on the routes that opt in (`config.publicCache`), after the app's own
  // onRequest hooks (actor, cookies, security headers), so a reused answer carries the same headers
  app.decorate('publicCache', publicCachePlugin(app));
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Alumni portal API',
        version: '1.0.0',
        description: 'Generated from the route schemas. See docs/api.md.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'apiKey' },
          token: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: openApiDocument as never,
  });
  // the description maps every back-office route: served in production only when DOCS_PUBLIC=true
  if (!config.production || config.docsPublic)
    await app.register(pages(fastifySwaggerUi as never, { routePrefix: '/docs', staticCSP: true }));

  await app.register(initRoutes);
  await app.register(authRoutes);
  await app.register(taxonomyRoutes);
  await app.register(jobRoutes);
  await app.register(userDirectoryRoutes);
  await app.register(profileRoutes);
  await app.register(accountDataRoutes);
  await app.register(articleRoutes);
  await app.register(countryRoutes);
  await app.register(portfolioRoutes);
  await app.register(experienceRoutes);
  await app.register(memberPortfolioRoutes);
  await app.register(memberExperienceRoutes);
  await app.register(workgroupRoutes);
  await app.register(contentRoutes);
  await app.register(companyOfferRoutes);
  await app.register(companyRegistrationRoutes);
  await app.register(adminRoutes);
  await app.register(accountRoutes);
  await app.register(invitationRoutes);
  await app.register(companyProfileRoutes);
  await app.register(jobAlertRoutes);
  await app.register(messageEventRoutes);
  await app.register(messageRoutes);
  await app.register(workgroupManageRoutes);
  await app.register(wallModerationRoutes);
  await app.register(wallMemberReadRoutes);
  await app.register(cardRoutes);
  await app.register(subscriptionRoutes);
  await app.register(memberCardRoutes);
  await app.register(paymentNotifyRoutes); // page route: the provider's signed notification carries no apiKey
  await app.register(sandboxPageRoutes); // the sandbox provider's hosted card page (page routes)
  await app.register(unsubscribeRoutes); // page routes: a mail client's one-click POST carries no apiKey
  await app.register(uploadsPlugin, {
    routes: [
      memberFileRoutes,
      companyLogoRoutes,
      workgroupImageRoutes,
      wallPostRoutes,
      memberImportRoutes,
      messageAttachmentRoutes,
    ],
  }); // the only routes that take multipart
  await app.register(filesPlugin);
  await app.register(healthPlugin);
  await app.register(cookieConsentPlugin);
  await app.register(spaPlugin);

  await app.ready();
  return app;
}
