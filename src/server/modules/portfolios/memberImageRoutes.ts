/**
 * /usr/portfolios/{id}/images: the pictures of one of the member's projects (SPEC §7, DESIGN §4b).
 * Registered inside plugins/uploads.ts (by memberRoutes.ts), which reads the multipart field `images[]`
 * (kind portfolioImage: up to 12 files of 8 MB, JPEG/PNG/WebP by content) into `{ 'images[]': UploadedFile[] }`.
 */
import type { FastifyInstance } from 'fastify';
import { translate } from '../../i18n';
import type { Locale } from '../../../shared/constants';
import { AppError } from '../../errors';
import { UploadedFile, uploadBody } from '../../plugins/uploads';
import { UPLOAD_KINDS } from '../../../shared/uploads';
import * as images from './memberImages';
import { serviceContext } from '../../serviceContext';

const permission = 'user.portfolios.manage';
const tags = ['alumni'];
const one = { $ref: 'portfolio#' };
const id = { type: 'string', minLength: 1, maxLength: 255 };
const FIELD = UPLOAD_KINDS.portfolioImage.field;

/** The received files, checked to be ones the upload pipeline built (never look-alikes from JSON). */
function received(request: { body: unknown; lng: Locale }): UploadedFile[] {
  const files = (request.body as Record<string, unknown> | undefined)?.[FIELD];
  if (!Array.isArray(files) || files.length === 0 || !files.every((file) => file instanceof UploadedFile)) {
    throw AppError.badRequest('validation.failed', [
      { field: FIELD, message: translate(request.lng, 'upload.missing') },
    ]);
  }
  return files as UploadedFile[];
}

export async function memberPortfolioImageRoutes(app: FastifyInstance) {
  app.post<{ Params: { id: string } }>('/usr/portfolios/:id/images', {
    config: { permission, upload: 'portfolioImage' },
    schema: {
      tags,
      summary:
        'Add pictures to one of my projects (field `images[]`, up to 12 JPEG, PNG or WebP files of 8 MB; appended in order)',
      consumes: ['multipart/form-data'],
      params: { $ref: 'params.id#' },
      body: uploadBody('portfolioImage'),
      response: { 200: one },
    },
    handler: (request) => images.addImages(serviceContext(request), request.params.id, received(request)),
  });
  app.delete<{ Params: { id: string; imageId: string } }>('/usr/portfolios/:id/images/:imageId', {
    config: { permission },
    schema: {
      tags,
      summary: 'Remove one picture of my project (row and files)',
      params: {
        type: 'object',
        required: ['id', 'imageId'],
        additionalProperties: false,
        properties: { id, imageId: id },
      },
      response: { 200: one },
    },
    handler: (request) => images.deleteImage(serviceContext(request), request.params.id, request.params.imageId),
  });
}
