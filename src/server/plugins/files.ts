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
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../errors';
import { translate } from '../i18n';
import { downloadName, locateStored, PRIVATE_KINDS, privateRoot, servedType } from '../lib/privateFiles';
import { filePath, readSignedQuery, verify } from '../lib/signedLinks';
import { pages } from './routeAccess';

/** What /uploads may serve: pictures by extension. */
const PUBLIC_IMAGE = /\.(svg|png|jpe?g|gif|webp|avif)$/i;

interface FileRequest {
  Params: { hash: string };
  Querystring: { exp?: string; by?: string; sig?: string };
}

/** For text content (no attribute takes a message). */
function escapeHtml(value: string): string {
  return value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `attachment; filename="<ascii>"; filename*=UTF-8''<utf-8>` (RFC 6266), whatever the stored name holds. */
export function attachment(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(0, 200) || 'file';
  const ascii = clean.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/** A refused link: SPEC §8's JSON error, or for a browser a plain page saying so in its language. */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: string) {
  reply.header('Cache-Control', 'no-store');
  if (!/\btext\/html\b/.test(request.headers.accept ?? '')) throw new AppError(status, code);
  const message = escapeHtml(translate(request.lng, code));
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="${request.lng}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${message}</title></head><body><p>${message}</p></body></html>`);
}

export async function filesPlugin(app: FastifyInstance) {
  const { dataDir, distDir, secretKey } = app.config;
  const root = privateRoot(dataDir);

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

  app.get<FileRequest>('/files/:hash', {
    config: { page: true },
    schema: {
      hide: true,
      params: { type: 'object', required: ['hash'], additionalProperties: false, properties: { hash: { type: 'string', pattern: '^[a-z0-9]{1,64}$' } } },
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { exp: { type: 'string', maxLength: 16 }, by: { type: 'string', maxLength: 80 }, sig: { type: 'string', maxLength: 64 } },
      },
    },
    handler: async (request, reply) => {
      const { hash } = request.params;
      const query = readSignedQuery(request.query);
      const by = query.by;
      const check = verify(secretKey, filePath(hash), query);
      if (check !== 'ok') return refuse(request, reply, 403, check === 'expired' ? 'files.linkExpired' : 'files.linkInvalid');
      const row = await app.db.selectFrom('files').select(['path', 'name', 'mime']).where('hash', '=', hash).where('kind', 'in', [...PRIVATE_KINDS]).executeTakeFirst();
      const absolute = row ? locateStored(root, row.path) : null;
      const size = absolute ? statSync(absolute, { throwIfNoEntry: false }) : undefined;
      if (!row || !absolute || !size?.isFile()) return refuse(request, reply, 404, 'notFound');
      request.log.info({ file: hash, by }, 'private file served');
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', attachment(downloadName(row.name, row.mime)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', size.size)
        .type(servedType(row.mime))
        .send(createReadStream(absolute));
    },
  });
}
