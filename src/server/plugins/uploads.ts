/**
 * The shared upload pipeline (issue 8 §2, DESIGN §4b). @fastify/multipart is registered once, inside
 * this plugin's own context, so only the upload routes given to it accept multipart at all (every other
 * route keeps answering 415 to it). An upload route declares its kind (`config: { upload: 'photo' }`);
 * the kind fixes the one field name, the size limit, how many files and which types, detected from the
 * content with file-type — never from the name or the declared Content-Type.
 *
 * Why not `attachFieldsToBody: 'keyValues'`: it turns a file into a bare Buffer (a text part with the
 * same name looks alike), applies one global size limit, and its errors are generic 413/406s. Our
 * preValidation hook reads the parts with the kind's limits and leaves `{ <field>: UploadedFile }` in
 * `request.body`; the route's body schema (`uploadBody`) then describes those parts (name, declared
 * type, size), so the route table's "every write has a body schema" rule and ajv still apply.
 * A non-multipart body (JSON) is refused with 400 naming the field before validation.
 *
 * A file is never held whole in memory (issue 23 §5): each file part is streamed to a temporary file in the
 * plugin's temporary folder (DATA_DIR/tmp: the same disk as the private store, so storing it is a rename),
 * busboy stopping at the kind's size limit (413 `upload.tooLarge`); its type is detected from its first
 * bytes on disk. The route gets the file's path; the temporary files of a request are removed when it is
 * answered (onSend, onResponse), refused (the hook's own catch) or abandoned by the client (onRequestAbort).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError, type FieldError } from '../errors';
import { translate } from '../i18n';
import { discard, receive, removeTemporary, sweepStale, UploadedFile } from './uploadedFiles';
import { ACCEPTED, UPLOAD_KINDS, sizeLabel, type UploadKind } from '../../shared/uploads';

export { ACCEPTED, UPLOAD_KINDS, sizeLabel, type UploadKind } from '../../shared/uploads';
export { UploadedFile } from './uploadedFiles';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route's kind (plugins/uploads.ts). */
    upload?: UploadKind;
  }
}

/** The body schema of an upload route: the kind's one field holding a received file, and its text parts (`text`: their schemas). */
export function uploadBody(kind: UploadKind, text: Record<string, object> = {}) {
  const { field, maxFiles } = UPLOAD_KINDS[kind];
  const optional = 'optional' in UPLOAD_KINDS[kind];
  const file = {
    type: 'object',
    required: ['filename', 'detected'],
    properties: {
      filename: { type: 'string', maxLength: 1000 },
      mimetype: { type: 'string', maxLength: 255 },
      detected: { type: 'string', maxLength: 255 },
    },
  };
  return {
    type: 'object',
    // OpenAPI 3.0 refuses an empty `required`: an optional file leaves it out
    ...(optional ? {} : { required: [field] }),
    additionalProperties: false,
    properties: {
      ...text,
      [field]: maxFiles > 1 ? { type: 'array', minItems: 1, maxItems: maxFiles, items: file } : file,
    },
  };
}

function fieldError(
  request: FastifyRequest,
  field: string,
  code: string,
  params: Record<string, unknown> = {},
): AppError {
  const error: FieldError = { field, message: translate(request.lng, code, { field, ...params }) };
  return AppError.badRequest('validation.failed', [error]);
}

/** The multipart plugin's own errors, worded for the kind. */
function translateError(request: FastifyRequest, kind: UploadKind, error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { field, maxBytes, maxFiles } = UPLOAD_KINDS[kind];
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'upload.tooLarge', { max: sizeLabel(maxBytes) });
  if (code === 'FST_FILES_LIMIT') return fieldError(request, field, 'upload.tooMany', { count: maxFiles });
  return fieldError(request, field, 'upload.unreadable');
}

async function readParts(
  request: FastifyRequest,
  kind: UploadKind,
  tmpDir: string,
): Promise<Record<string, UploadedFile | UploadedFile[] | string>> {
  const { field, maxBytes, maxFiles, accept } = UPLOAD_KINDS[kind];
  const definition = UPLOAD_KINDS[kind] as { text?: readonly string[] };
  const textFields: readonly string[] = definition.text ?? [];
  // One file more than allowed is still read (and dropped), so "too many" is told apart from a broken body.
  // A text part may be long (a wall post); the route's schema bounds it, the reader only stops abuse.
  const limits = {
    fileSize: maxBytes,
    files: maxFiles + 1,
    fields: 4,
    parts: maxFiles + 5,
    fieldSize: textFields.length ? 64 * 1024 : 1024,
    headerPairs: 20,
  };
  const files: UploadedFile[] = [];
  const text: Record<string, string> = {};
  let extra: string | null = null;
  for await (const part of request.parts({ limits })) {
    if (part.type !== 'file') {
      if (textFields.includes(part.fieldname) && !(part.fieldname in text))
        text[part.fieldname] = String(part.value ?? '');
      else extra ??= part.fieldname === field ? null : part.fieldname;
      continue;
    }
    if (part.fieldname !== field) {
      extra ??= part.fieldname;
      await discard(part);
    } else if (files.length >= maxFiles) throw fieldError(request, field, 'upload.tooMany', { count: maxFiles });
    else {
      const { path, size } = await receive(request, part, tmpDir);
      // an empty file input sends a part with no name and no bytes: no file
      if (part.filename !== '' || size > 0)
        files.push(
          new UploadedFile(
            part.filename,
            part.mimetype,
            size > 0 ? ((await fileTypeFromFile(path))?.mime ?? '') : '',
            path,
            size,
          ),
        );
    }
  }
  if (extra !== null) throw fieldError(request, extra || 'body', 'validation.unknownField');
  if (files.length === 0) {
    if ('optional' in UPLOAD_KINDS[kind]) return text;
    throw fieldError(request, field, 'upload.missing');
  }
  for (const file of files) {
    if (file.size === 0) throw fieldError(request, field, 'upload.empty');
    if (!(ACCEPTED[accept].mimes as readonly string[]).includes(file.detected))
      throw fieldError(request, field, 'upload.wrongType', { types: ACCEPTED[accept].label });
  }
  return { ...text, [field]: maxFiles > 1 ? files : files[0]! };
}

export interface UploadsOptions {
  /** Route plugins whose routes take uploads (and may add plain routes too, e.g. the DELETE twins). */
  routes: FastifyPluginAsync[];
  /** Where received files are streamed to; DATA_DIR/tmp by default (the OS temporary folder in an app without config). */
  tmpDir?: string;
}

/** The default temporary folder: DATA_DIR/tmp, next to the private store (so keeping a file is a rename). */
export const uploadTmpDir = (dataDir: string) => join(dataDir, 'tmp');

export async function uploadsPlugin(app: FastifyInstance, options: UploadsOptions): Promise<void> {
  const tmpDir =
    options.tmpDir ??
    (app.hasDecorator('config') ? uploadTmpDir(app.config.dataDir) : join(tmpdir(), 'alumni-uploads'));
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  sweepStale(tmpDir);
  // Strict defaults; each route's kind sets its own limits when its parts are read.
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 0, fields: 0, parts: 1 } });
  app.addHook('preValidation', async (request) => {
    const kind = request.routeOptions.config.upload;
    if (!kind) return;
    if (!request.isMultipart()) throw fieldError(request, UPLOAD_KINDS[kind].field, 'upload.missing');
    try {
      request.body = await readParts(request, kind, tmpDir);
    } catch (error) {
      await removeTemporary(request);
      throw translateError(request, kind, error);
    }
  });
  // Before the answer leaves (the route is done with its files by then), so a client reading the answer finds them
  // gone; onResponse and onRequestAbort catch an answer that failed to send and a client that went away.
  app.addHook('onSend', async (request, _reply, payload) => {
    await removeTemporary(request);
    return payload;
  });
  app.addHook('onResponse', async (request) => removeTemporary(request));
  app.addHook('onRequestAbort', async (request) => removeTemporary(request));
  for (const routes of options.routes) await app.register(routes);
}
