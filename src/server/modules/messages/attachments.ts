/**
 * Attachments (issue 29 §1): a message — a reply, or the first one to someone — may carry one image or PDF
 * (multipart: `file`, and `text` beside it, which may then be empty; a first message also carries the recipient's
 * fields of message.start), under the upload rules of every file here (plugins/uploads.ts: type from the content,
 * 10 MB). A message needs text or a file. Every rule about the recipient is checked before anything is stored
 * (attachmentStore.ts stores, then writes the message and its `files` row in one transaction). Only the
 * conversation's parties get its link (in the thread, or afresh here); the association may ask for any (moderation);
 * anyone else gets 404, as for an unknown file. Registered inside plugins/uploads.ts (the only context that reads multipart).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { uploadBody, type UploadedFile } from '../../plugins/uploads';
import { serviceContext, type ServiceContext } from '../../serviceContext';
import type { MessageStart } from '../../../shared/schema-types';
import { presentAttachment } from './attachmentFiles';
import { textOrFile, withAttachment } from './attachmentStore';
import { messageLimits } from './limits';
import * as repo from './repository';
import { PREFIXES } from './routes';
import { targetOf } from './rules';
import { answerable, partyOf, send, startTo } from './service';

const notFound = () => AppError.notFound('messages.notFound');
const TEXT = { type: 'string', 'x-multiline': true, maxLength: 4000 };
const HASH = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$' };

const replyBody = (() => {
  const body = uploadBody('messageFile', { text: TEXT });
  return { ...body, required: ['file'] };
})();

// the recipient's fields as in schemas/message.start.json; the text is optional when a file comes with it
const startBody = uploadBody('messageStart', {
  text: TEXT,
  to: HASH,
  to_type: { type: 'string', enum: ['user', 'company'] },
  application: HASH,
});

type StartParts = Partial<MessageStart> & { file?: UploadedFile };

export async function replyWithFile(ctx: ServiceContext, conversation: string, text: string, file: UploadedFile) {
  const me = partyOf(ctx.actor);
  const other = await answerable(ctx, me, conversation); // refused before anything is stored
  const words = textOrFile(ctx.lng, text, file);
  return withAttachment(ctx, file, (alongside) => send(ctx, me, conversation, other, words, alongside));
}

/** A first message, with or without a file (the JSON route's rules, then the file's). */
export async function startWithFile(ctx: ServiceContext, parts: StartParts) {
  const me = partyOf(ctx.actor);
  const { file, ...body } = parts;
  const text = textOrFile(ctx.lng, body.text ?? '', file);
  const target = await targetOf(ctx.db, me, { ...body, text }); // refused before anything is stored
  return withAttachment(ctx, file, (alongside) => startTo(ctx, me, target, text, alongside));
}

/** A fresh link to an attachment: for a party who can see its message, or for the association (any message). */
export async function attachmentLink(ctx: ServiceContext, fileHash: string) {
  const me = partyOf(ctx.actor);
  const row = await ctx.db
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
    if (!(await repo.participant(ctx.db, row.conversation_hash, me))) throw notFound();
  }
  return presentAttachment(ctx.config.secretKey, me, { ...row, size: Number(row.size) });
}

export async function messageAttachmentRoutes(app: FastifyInstance) {
  const { first: limitsOfFirst, reply: limitsOfReply } = messageLimits(app);
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
          body: replyBody,
          response: { 200: { $ref: 'message.thread#' } },
        },
        handler: (request) =>
          replyWithFile(serviceContext(request), request.params.hash, request.body.text ?? '', request.body.file),
      },
    );
    app.post<{ Body: StartParts }>(`${prefix}/messages/attachment`, {
      config: { permission, upload: 'messageStart' },
      preHandler: limitsOfFirst,
      schema: {
        tags,
        summary:
          'Write to someone with an attachment (multipart: the fields of a new message, and file — an image or a PDF up to 10 MB; text may be empty when a file comes)',
        consumes: ['multipart/form-data'],
        body: startBody,
        response: { 200: { $ref: 'message.thread#' } },
      },
      handler: (request) => startWithFile(serviceContext(request), request.body),
    });
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
      handler: (request) => attachmentLink(serviceContext(request), request.params.hash),
    });
  }
}
