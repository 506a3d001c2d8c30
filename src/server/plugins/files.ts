/**
 * Files (DESIGN §4b, docs/decisions.md "Private files"):
 * - `/uploads/…`: public images only (avatars, logos, article, group and portfolio pictures), static with
 *   a long cache; any other file there (a document left behind by an older version) answers 404;
 * - `/files/<hash>?exp&by&sig`: a private file (CV, student/portfolio file, group wall file) from
 *   DATA_DIR/private, served on a valid, unexpired signature alone (lib/signedLinks.ts) — `<a>` cannot
 *   send our headers. The hash finds the `files` row; its stored path, never the request, names the file.
 *   Refusals are SPEC §8's JSON error, or a short page in the reader's language for a browser. A file is always an
 *   attachment, typed as stored (a type we do not keep is octet-stream) under a name whose extension is that of its
 *   type (lib/privateFiles downloadName: never the uploader's `.html`), with nosniff.
 * The files live in the file store (lib/storage, issue 26). With the local folder both are streamed from DATA_DIR as
 * always; with S3, `/uploads/…` is streamed from the bucket with the same long cache, and a private file, once our
 * signature is checked (the API handed the link out after its own permission check), is a redirect to a presigned
 * URL of the bucket that lives STORE_LINK_TTL_SECONDS and names the download.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { downloadName, PRIVATE_KINDS, servedType } from '../lib/privateFiles';
import { attachmentHeader } from '../lib/storage/disposition';
import { privateKey, validKey } from '../lib/storage';
import { filePath, readSignedQuery, verify } from '../lib/signedLinks';
import { pages } from './routeAccess';
import { sendStored } from './storedFile';

/** What /uploads may serve: pictures by extension. */
const PUBLIC_IMAGE = /\.(svg|png|jpe?g|gif|webp|avif)$/i;
const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** How long a presigned URL of the bucket lives: the redirect is followed at once, five minutes covers a slow start. */
export const STORE_LINK_TTL_SECONDS = 300;

interface FileRequest {
  Params: { hash: string };
  Querystring: { exp?: string; by?: string; sig?: string };
}

/** For text content (no attribute takes a message). */
function escapeHtml(value: string): string {
  return value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const attachment = attachmentHeader;

/** A refused link: SPEC §8's JSON error, or for a browser a plain page saying so in its language. */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: string) {
  reply.header('Cache-Control', 'no-store');
  if (!/\btext\/html\b/.test(request.headers.accept ?? '')) throw new AppError(status, code);
  const message = escapeHtml(translate(request.lng, code));
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${request.lng}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${message}</title></head><body><p>${message}</p></body></html>`,
    );
}

export async function filesPlugin(app: FastifyInstance) {
  const { dataDir, distDir, secretKey } = app.config;
  const storage = app.storage;

  if (storage.driver === 'local') {
    await app.register(
      pages(fastifyStatic as never, {
        root: join(dataDir, 'uploads'),
        prefix: '/uploads/',
        decorateReply: !existsSync(distDir),
        wildcard: true,
        allowedPath: (path: string) => PUBLIC_IMAGE.test(path),
        maxAge: '30d',
      }),
    );
  } else {
    app.get<{ Params: { '*': string } }>('/uploads/*', {
      config: { page: true },
      schema: { hide: true },
      handler: async (request, reply) => {
        const key = `uploads/${request.params['*']}`;
        if (!PUBLIC_IMAGE.test(key) || !validKey(key)) throw AppError.notFound();
        reply
          .header('Cache-Control', 'public, max-age=2592000')
          .header('X-Content-Type-Options', 'nosniff')
          .type(IMAGE_TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream');
        const sent = await sendStored(request, reply, storage, key);
        if (!sent) throw AppError.notFound();
        return sent;
      },
    });
  }

  app.get<FileRequest>('/files/:hash', {
    config: { page: true },
    schema: {
      hide: true,
      params: {
        type: 'object',
        required: ['hash'],
        additionalProperties: false,
        properties: { hash: { type: 'string', pattern: '^[a-z0-9]{1,64}$' } },
      },
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          exp: { type: 'string', maxLength: 16 },
          by: { type: 'string', maxLength: 80 },
          sig: { type: 'string', maxLength: 64 },
        },
      },
    },
    handler: async (request, reply) => {
      const { hash } = request.params;
      const query = readSignedQuery(request.query);
      const by = query.by;
      const check = verify(secretKey, filePath(hash), query);
      if (check !== 'ok')
        return refuse(request, reply, 403, check === 'expired' ? 'files.linkExpired' : 'files.linkInvalid');
      const row = await app.db
        .selectFrom('files')
        .select(['path', 'name', 'mime'])
        .where('hash', '=', hash)
        .where('kind', 'in', [...PRIVATE_KINDS])
        .executeTakeFirst();
      const key = row ? privateKey(row.path) : null;
      if (!row || !key) return refuse(request, reply, 404, 'notFound');
      const name = downloadName(row.name, row.mime);
      const signed = await storage.signedUrl(key, {
        downloadName: name,
        contentType: servedType(row.mime),
        expiresInSeconds: STORE_LINK_TTL_SECONDS,
      });
      if (signed) {
        request.log.info({ file: hash, by }, 'private file handed to the store');
        return reply.header('Cache-Control', 'private, no-store').redirect(signed, 302);
      }
      reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', attachment(name))
        .header('X-Content-Type-Options', 'nosniff')
        .type(servedType(row.mime));
      const sent = await sendStored(request, reply, storage, key);
      if (!sent) {
        reply.removeHeader('Content-Disposition');
        return refuse(request, reply, 404, 'notFound');
      }
      request.log.info({ file: hash, by, range: request.headers.range }, 'private file served');
      return sent;
    },
  });
}
