/**
 * Attachments (issue 29 §1): a reply may carry one image or PDF (multipart: `file`, and `text` beside it, which may be
 * empty), under the upload rules of every file here (plugins/uploads.ts: type from the content, 10 MB). A picture is
 * re-encoded in its own format (metadata gone), a PDF kept as received once it is whole. The file is stored first,
 * then the message and its `files` row in one transaction (the stored file removed again if that fails). Only the
 * conversation's parties get its link (in the thread, or afresh here); the association may ask for any (moderation);
 * anyone else gets 404, as for an unknown file. Registered inside plugins/uploads.ts (the only context that reads multipart).
 */
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../shared/constants';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { newHash, nowIso } from '../../lib/ids';
import { ImageError, MAX_INPUT_PIXELS, reencodeKeepingFormat } from '../../lib/images';
import { downloadName, putPrivate, putPrivateFile, removePrivate } from '../../lib/privateFiles';
import type { FileStorage } from '../../lib/storage';
import { uploadBody, type UploadedFile } from '../../plugins/uploads';
import type { Actor } from '../../types';
import { completePdf } from '../users/filesService';
import { presentAttachment } from './attachmentFiles';
import { messageLimits } from './limits';
import * as repo from './repository';
import { PREFIXES } from './routes';
import { answerable, partyOf, send } from './service';

const notFound = () => AppError.notFound('messages.notFound');

const attachmentBody = (() => {
  const body = uploadBody('messageFile', {
    text: { type: 'string', 'x-multiline': true, maxLength: 4000 },
  });
  return { ...body, required: ['file'] };
})();

function fileRefused(lng: Locale, key: string) {
  return AppError.badRequest('validation.failed', [
    { field: 'file', message: translate(lng, key, { field: 'file', megapixels: MAX_INPUT_PIXELS / 1_000_000 }) },
  ]);
}

/** A received attachment into the private store: a picture re-encoded (type and size as stored), a whole PDF moved. */
async function storeAttachment(storage: FileStorage, lng: Locale, file: UploadedFile) {
  if (file.detected === 'application/pdf') {
    if (!(await completePdf(file))) throw fileRefused(lng, 'upload.badDocument');
    return {
      stored: await putPrivateFile(storage, 'message', file.detected, file.path, file.size),
      mime: file.detected,
      size: file.size,
      name: downloadName(file.filename, file.detected, 'document'),
    };
  }
  let picture;
  try {
    picture = await reencodeKeepingFormat(file.path);
  } catch (error) {
    if (!(error instanceof ImageError)) throw error;
    throw fileRefused(lng, error.reason === 'tooManyPixels' ? 'upload.tooManyPixels' : 'upload.badImage');
  }
  return {
    stored: await putPrivate(storage, 'message', picture.mime, picture.bytes),
    mime: picture.mime,
    size: picture.bytes.length,
    name: downloadName(file.filename, picture.mime, 'image'),
  };
}

export async function replyWithFile(
  app: FastifyInstance,
  actor: Actor,
  lng: Locale,
  conversation: string,
  text: string,
  file: UploadedFile,
) {
  const me = partyOf(actor);
  const other = await answerable(app, me, conversation); // refused before anything is stored
  const kept = await storeAttachment(app.storage, lng, file);
  try {
    return await send(app, me, conversation, other, text.trim() ? text : '', async (trx, message) => {
      const now = nowIso();
      await trx
        .insertInto('files')
        .values({
          hash: newHash(),
          owner_type: 'message',
          owner_hash: message,
          workgroup_hash: null,
          kind: 'message',
          name: kept.name,
          path: kept.stored,
          mime: kept.mime,
          size: kept.size,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
  } catch (error) {
    await removePrivate(app.storage, 'message', kept.stored);
    throw error;
  }
}

/** A fresh link to an attachment: for a party who can see its message, or for the association (any message). */
export async function attachmentLink(app: FastifyInstance, actor: Actor, fileHash: string) {
  const me = partyOf(actor);
  const row = await app.db
    .selectFrom('files')
    .innerJoin('messages', 'messages.hash', 'files.owner_hash')
    .select(['files.hash', 'files.owner_hash', 'files.name', 'files.mime', 'files.size'])
    .select(['messages.conversation_hash', 'messages.withheld', 'messages.sender_type', 'messages.sender_hash'])
    .select(['messages.erased_at'])
    .where('files.hash', '=', fileHash)
    .where('files.owner_type', '=', 'message')
    .executeTakeFirst();
  if (!row || row.erased_at) throw notFound();
  if (me.type !== 'admin') {
    const mine = row.sender_type === me.type && row.sender_hash === me.hash;
    if (Number(row.withheld) && !mine) throw notFound();
    if (!(await repo.participant(app.db, row.conversation_hash, me))) throw notFound();
  }
  return presentAttachment(app.config.secretKey, me, { ...row, size: Number(row.size) });
}

export async function messageAttachmentRoutes(app: FastifyInstance) {
  const { reply: limitsOfReply } = messageLimits(app);
  for (const { prefix, permission, tag } of PREFIXES) {
    const tags = [tag];
    app.post<{ Params: { hash: string }; Body: { text?: string; file: UploadedFile } }>(
      `${prefix}/messages/:hash/attachment`,
      {
        config: { permission, upload: 'messageFile' },
        preHandler: limitsOfReply,
        schema: {
          tags,
          summary:
            'Answer with an attachment (multipart: file — an image or a PDF up to 10 MB — and text, which may be empty)',
          params: { $ref: 'admin.params.hash#' },
          consumes: ['multipart/form-data'],
          body: attachmentBody,
          response: { 200: { $ref: 'message.thread#' } },
        },
        handler: (request) =>
          replyWithFile(
            app,
            request.actor,
            request.lng,
            request.params.hash,
            request.body.text ?? '',
            request.body.file,
          ),
      },
    );
    app.get<{ Params: { hash: string } }>(`${prefix}/messages/attachments/:hash`, {
      config: { permission },
      schema: {
        tags,
        summary:
          prefix === '/adm'
            ? "A fresh link to any message's attachment (moderation)"
            : 'A fresh link to an attachment in a conversation of mine (another one: 404)',
        params: { $ref: 'admin.params.hash#' },
        response: { 200: { $ref: 'message.attachment#' } },
      },
      handler: (request) => attachmentLink(app, request.actor, request.params.hash),
    });
  }
}
