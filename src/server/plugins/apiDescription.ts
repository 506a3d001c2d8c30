/**
 * The served API description (/docs, /docs/json; issue 23 §6) tells the truth about every API route: one
 * onRoute hook adds to each route's `schema.response` the error answers (SPEC §8 shapes, schemas/error*.json)
 * its declaration says it can give, and `openApiDocument` turns the server's JSON Schemas into valid OpenAPI 3.0.
 *
 * What a route can answer, from its declaration:
 * - 400 and 401 always: any API route refuses a missing apiKey (401) and an unexpected body or a bad URL (400);
 * - 403 when a signed-in role lacks its permission; 418 when the permission is Bold's (the Regular member's upgrade prompt);
 * - 404 with path parameters; 409 on writes (services refuse conflicting moves); 413 and 415 with a body
 *   (body limit, upload limit; a body in another media type); 429 when rate limited (plugins/rateLimit.ts);
 * - and what a service answers beyond that, listed in SERVICE_ANSWERS below.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { can, ROLES, type Permission } from '../../shared/permissions';
import { rateClassOf } from './rateLimit';
import { isApiPattern } from './routeAccess';

/**
 * Statuses services answer that the route's declaration does not show (a status thrown by a service, keyed
 * "METHOD pattern"). The app refuses to start when a key names no route, so the list cannot drift silently.
 */
export const SERVICE_ANSWERS: Record<string, number[]> = {
  // 418: a business rule (SPEC §8) on a route whose permission alone would not tell
  'PATCH /usr/users': [418], // job offers by e-mail are Bold's
  'PATCH /usr/users/me': [418],
  'GET /usr/job-alerts': [418],
  'PATCH /usr/job-alerts': [418],
  'GET /usr/job-alerts/me': [418],
  'PATCH /usr/job-alerts/me': [418],
  'POST /adm/invite/accept': [418], // a spent or unknown invitation
  'DELETE /adm/articles/:hash': [418], // an event with attendees
  'DELETE /adm/categories/:hash': [418], // in use or with children
  'DELETE /adm/tags/:hash': [418], // in use
  'POST /usr/workExperiences': [418], // the profile is not complete yet (issue 25 §14)
  'PATCH /usr/workExperiences/:id': [418],
  // 404 without a path parameter
  'GET /usr/member-card/pkpass': [404], // the wallet pass is not configured
  'DELETE /usr/users/subscription': [404], // no running membership
  // messages (issue 29): a recipient one may not write to is 404 like an unknown one (a block is not told); 418 to
  // oneself, to a company one never applied to, to someone one blocked, or to a former member
  ...Object.fromEntries(
    ['/usr', '/com', '/adm'].flatMap((prefix) => [
      [`POST ${prefix}/messages`, [404, 418]],
      [`POST ${prefix}/messages/:hash`, [418]],
      [`POST ${prefix}/messages/blocks`, [404, 418]], // an unknown person; oneself
    ]),
  ),
  // 402: the card was declined; 502: the payment provider did not answer or refused the refund
  'POST /usr/subscription/:id/create': [402],
  'POST /adm/payments/:hash/refund': [502],
};

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const SIGNED_IN = ROLES.filter((role) => role !== 'ANONYMOUS');

type RouteLike = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;

const methodsOf = (route: Pick<RouteOptions, 'method'>) =>
  (Array.isArray(route.method) ? route.method : [route.method])
    .map((m) => String(m).toUpperCase())
    .filter((m) => m !== 'HEAD');

/** The error statuses an API route can answer, sorted. */
export function errorStatusesOf(route: RouteLike): number[] {
  const permission = (route.config as { permission?: Permission } | undefined)?.permission;
  const methods = methodsOf(route);
  const statuses = new Set<number>([400, 401]);
  if (permission) {
    const upgrade = can('BOLD', permission) && !can('REGULAR', permission);
    if (SIGNED_IN.some((role) => !can(role, permission) && !(upgrade && role === 'REGULAR'))) statuses.add(403);
    if (upgrade) statuses.add(418);
  }
  if (route.url.includes(':')) statuses.add(404);
  if (methods.some((m) => WRITES.includes(m))) statuses.add(409);
  if (route.schema?.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (rateClassOf(route as never)) statuses.add(429);
  for (const method of methods)
    for (const status of SERVICE_ANSWERS[`${method} ${route.url}`] ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

const errorResponse = (status: number) => ({
  $ref: status === 400 ? 'error.validation#' : 'error#',
  description: status === 400 ? 'Invalid request: errors name each field (SPEC §8)' : `SPEC §8 error (${status})`,
});

export function apiDescriptionPlugin(app: FastifyInstance): void {
  const keys = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!isApiPattern(route.url)) return;
    for (const method of methodsOf(route)) keys.add(`${method} ${route.url}`);
    const response = { ...((route.schema?.response as Record<string, unknown> | undefined) ?? {}) };
    for (const status of errorStatusesOf(route)) response[status] ??= errorResponse(status);
    route.schema = { ...route.schema, response };
  });
  app.addHook('onReady', async () => {
    const unknown = Object.keys(SERVICE_ANSWERS).filter((key) => !keys.has(key));
    if (unknown.length) throw new Error(`SERVICE_ANSWERS names no route: ${unknown.join(', ')}`);
  });
}

/**
 * The server's schemas use a few keywords OpenAPI 3.0 does not know: `finite` (plugins/schemas.ts: JSON
 * numbers are finite anyway), `$comment`, boolean schemas (`{}` or `{ not: {} }`), and `if`/`then`, written as the
 * equivalent `anyOf: [not if, then]`.
 */
export function openApiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'finite' || key === '$comment' || key === 'if' || key === 'then') continue;
    // property names and enum values are data, not keywords
    if (key === 'properties')
      out[key] = Object.fromEntries(Object.entries(value as object).map(([name, s]) => [name, schemaObject(s)]));
    else if (key === 'items' || key === 'not' || key === 'allOf' || key === 'anyOf' || key === 'oneOf')
      out[key] = Array.isArray(value) ? value.map(schemaObject) : schemaObject(value);
    else out[key] = key === 'enum' || key === 'example' || key === 'default' ? value : openApiSchema(value);
  }
  const condition = (schema as Record<string, unknown>)['if'];
  const then = (schema as Record<string, unknown>)['then'];
  if (condition !== undefined && then !== undefined) {
    const rule = { anyOf: [{ not: openApiSchema(condition) }, openApiSchema(then)] };
    out['allOf'] = [...((out['allOf'] as unknown[] | undefined) ?? []), rule];
  }
  return out;
}

/** A boolean schema (`true`: anything, `false`: nothing) as the schema object OpenAPI 3.0 requires. */
function schemaObject(schema: unknown): unknown {
  if (schema === true) return {};
  if (schema === false) return { not: {} };
  return openApiSchema(schema);
}

/** @fastify/swagger's `transformObject`: the generated document with every schema made OpenAPI 3.0. */
export function openApiDocument({
  openapiObject,
}: {
  openapiObject: Record<string, unknown>;
}): Record<string, unknown> {
  const paths = openapiObject['paths'] as Record<string, Record<string, Record<string, unknown>>> | undefined;
  const components = openapiObject['components'] as Record<string, unknown> | undefined;
  return {
    ...openapiObject,
    ...(components ? { components: { ...components, schemas: openApiSchema(components['schemas'] ?? {}) } } : {}),
    ...(paths
      ? {
          paths: Object.fromEntries(
            Object.entries(paths).map(([path, item]) => [
              path,
              Object.fromEntries(Object.entries(item).map(([method, op]) => [method, openApiSchema(op)])),
            ]),
          ),
        }
      : {}),
  };
}
