/**
 * `GET /metrics` in the Prometheus text format (issue 26 §4), with prom-client. Off unless METRICS_TOKEN is set: then
 * the route answers 404 as if it did not exist and nothing is measured. On, it answers only
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). Requests are labelled by the route pattern Fastify matched
 * (`/api/jobs/:id`), never by the raw URL, so an id never becomes a label value (one series per id would grow without
 * bound). Called on the root instance (not registered) so that its hook sees every route.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors';
import { lastMissingCount } from '../modules/fileSweep/task';
import { systemContext } from '../serviceContext';

const hidden = { config: { page: true as const }, schema: { hide: true } };
const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time, whatever its length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  return !!match && timingSafeEqual(digest(match[1]!), digest(token));
}

/** The app's own queues, read when scraped: two indexed counts. */
function appGauges(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'alumni_mail_outbox_pending',
    help: 'E-mails waiting in the outbox (PENDING or being sent)',
    registers: [registry],
    async collect() {
      const row = await app.db
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('status', 'in', ['PENDING', 'SENDING'])
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'alumni_files_missing',
    help: 'Private files whose stored object was missing at the last sweep (files.sweep; the log names them)',
    registers: [registry],
    async collect() {
      this.set(await lastMissingCount(systemContext(app)));
    },
  });
  new Gauge({
    name: 'alumni_tasks_due',
    help: 'Background tasks whose run time has passed and that no instance holds',
    registers: [registry],
    async collect() {
      const now = new Date().toISOString();
      const row = await sql<{ n: string | number }>`select count(*) as n from tasks
        where next_run_at <= ${now} and (locked_until is null or locked_until <= ${now})`.execute(app.db);
      this.set(Number(row.rows[0]?.n ?? 0));
    },
  });
}

export function metricsPlugin(app: FastifyInstance, token: string | null): void {
  if (!token) {
    // answered here rather than left to the page fallback, which would serve the web app with a 200
    app.get('/metrics', { ...hidden, handler: async () => Promise.reject(AppError.notFound()) });
    return;
  }
  // one registry per app (tests build several apps in one process; the global one would refuse a second set)
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  appGauges(app, registry);

  app.addHook('onResponse', async (request, reply) => {
    // the pattern of the matched route; a request no route matched has none and is counted as "unmatched"
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', {
    ...hidden,
    handler: async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw AppError.unauthorized();
      }
      const text = await registry.metrics();
      return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
    },
  });
}
