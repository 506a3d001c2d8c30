/**
 * The one place where errors become HTTP answers (SPEC §8 shapes, DESIGN §4):
 * 400 { statusCode, message, errors: [{ field, message }] }; other codes { statusCode, code, message }.
 * Messages are in the request's language; nothing internal (stack, SQL) ever leaves.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import localize from 'ajv-i18n';
import { AppError, type FieldError } from '../errors';
import { pickLanguage, translate } from '../i18n';
import type { Locale } from '../../shared/constants';

function fieldOf(error: ErrorObject, context: string | undefined): string {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') path.push(String(error.params['missingProperty']));
  if (error.keyword === 'additionalProperties') path.push(String(error.params['additionalProperty']));
  // an unknown property named "" is the body's (or the part's) fault: never an empty field name
  return path.join('.') || (context ?? 'body');
}

export function validationErrors(errors: ErrorObject[], lng: Locale, context?: string): FieldError[] {
  const copies = errors.map((e) => ({ ...e, params: { ...e.params } }));
  localize[lng](copies);
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of copies) {
    const field = fieldOf(error, context);
    let message = error.message ?? '';
    // ajv says "must have required property name" beside the field it names: "This field is required." reads better
    if (error.keyword === 'required') message = translate(lng, 'validation.required', { field });
    if (error.keyword === 'format')
      message = translate(lng, 'validation.format', { field, format: error.params['format'] });
    if (error.keyword === 'additionalProperties') message = translate(lng, 'validation.unknownField', { field });
    if (error.keyword === 'finite') message = translate(lng, 'validation.finite', { field });
    if (error.keyword === 'digits') message = translate(lng, 'validation.digits', { field });
    if (error.keyword === 'x-text')
      message = translate(lng, error.params['text'] === 'long' ? 'validation.noNul' : 'validation.oneLine', { field });
    const key = `${field}|${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ field, message });
    }
  }
  return out;
}

function send(
  reply: FastifyReply,
  lng: Locale,
  status: number,
  code: string,
  params: Record<string, unknown> = {},
  errors?: FieldError[],
) {
  const body: Record<string, unknown> = { statusCode: status, code, message: translate(lng, code, params) };
  if (status === 400) body['errors'] = errors ?? [];
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (`/api/jobs/%E0%A4%A`) fails before any
 * hook runs, so the language is read from the headers here and the answer keeps SPEC §8's shape.
 */
export function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers['language'];
  const lng = pickLanguage(typeof header === 'string' ? header : undefined, request.headers['accept-language']);
  const field = error.code === 'FST_ERR_BAD_URL' ? 'url' : 'request';
  return send(reply.header('Cache-Control', 'no-store'), lng, 400, 'validation.failed', {}, [
    { field, message: translate(lng, 'validation.badUrl') },
  ]);
}

export function errorsPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const lng = request.lng ?? 'es';
    if (error instanceof AppError) {
      if (error.code === 'auth.required' && request.actor?.type === 'anonymous' && request.headers.token) {
        return send(reply, lng, 401, 'auth.invalidToken');
      }
      return send(reply, lng, error.status, error.code, error.params, error.fieldErrors);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return send(
        reply,
        lng,
        400,
        'validation.failed',
        {},
        validationErrors(fastifyError.validation as ErrorObject[], lng, fastifyError.validationContext),
      );
    }
    const status = fastifyError.statusCode ?? 500;
    if (status === 413) return send(reply, lng, 413, 'request.tooLarge');
    if (status === 415) return send(reply, lng, 415, 'request.unsupportedMedia');
    if (status === 429) return send(reply, lng, 429, 'rateLimited');
    if (status === 416) {
      // @fastify/static's unsatisfiable range (/uploads on the local driver): its Content-Range kept, SPEC §8's body
      const range = (error as { headers?: Record<string, string> }).headers?.['Content-Range'];
      if (range) reply.header('Content-Range', range);
      return send(reply, lng, 416, 'files.rangeNotSatisfiable');
    }
    if (status >= 400 && status < 500) {
      return send(reply, lng, 400, 'validation.failed', {}, [
        { field: 'body', message: translate(lng, 'validation.body') },
      ]);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, lng, 500, 'server.error');
  });
}
