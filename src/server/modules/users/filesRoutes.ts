/**
 * The member's own files (DESIGN §4b): photo (public image), CV and student file (private PDFs, handed
 * back as signed links). Registered inside plugins/uploads.ts, which reads the multipart parts for the
 * route's `upload` kind and leaves `{ image | file: UploadedFile }` as the body. DELETE routes take no body.
 */
import type { FastifyInstance } from 'fastify';
import { translate } from '../../i18n';
import type { Locale } from '../../../shared/constants';
import { AppError } from '../../errors';
import { UploadedFile, uploadBody, type UploadKind } from '../../plugins/uploads';
import * as service from './filesService';
import { serviceContext } from '../../serviceContext';

const nullableString = { type: ['string', 'null'] };
const photoReply = {
  200: {
    type: 'object',
    required: ['photo', 'photo_large'],
    additionalProperties: false,
    properties: { photo: nullableString, photo_large: nullableString },
  },
};
const cvReply = {
  200: {
    type: 'object',
    required: ['has_cv', 'cv'],
    additionalProperties: false,
    properties: { has_cv: { type: 'boolean' }, cv: nullableString },
  },
};
const studentReply = {
  200: {
    type: 'object',
    required: ['student_file'],
    additionalProperties: false,
    properties: { student_file: nullableString },
  },
};

/** The received file, checked to be one the upload pipeline built (never a look-alike from JSON). */
export function receivedFile(request: { body: unknown; lng: Locale }, field: string): UploadedFile {
  const file = (request.body as Record<string, unknown> | undefined)?.[field];
  if (!(file instanceof UploadedFile))
    throw AppError.badRequest('validation.failed', [{ field, message: translate(request.lng, 'upload.missing') }]);
  return file;
}

export async function memberFileRoutes(app: FastifyInstance) {
  const upload = (kind: UploadKind, summary: string, response: object) => ({
    config: { permission: 'user.self' as const, upload: kind },
    schema: { tags: ['alumni'], summary, consumes: ['multipart/form-data'], body: uploadBody(kind), response },
  });
  const remove = (summary: string, response: object) => ({
    config: { permission: 'user.self' as const },
    schema: { tags: ['alumni'], summary, response },
  });

  app.post('/usr/users/avatar', {
    ...upload('photo', 'Upload the profile photo (field `image`: JPEG, PNG or WebP, at most 5 MB)', photoReply),
    handler: (request) => service.setPhoto(serviceContext(request), receivedFile(request, 'image')),
  });
  app.delete('/usr/users/avatar', {
    ...remove('Remove the profile photo', photoReply),
    handler: (request) => service.deletePhoto(serviceContext(request)),
  });

  app.post('/usr/users/cv', {
    ...upload('document', 'Upload the CV (field `file`: PDF, at most 10 MB); answers a signed link', cvReply),
    handler: (request) => service.setCv(serviceContext(request), receivedFile(request, 'file')),
  });
  app.delete('/usr/users/cv', {
    ...remove('Remove the CV', cvReply),
    handler: (request) => service.deleteCv(serviceContext(request)),
  });

  app.post('/usr/users/student/file', {
    ...upload(
      'document',
      'Upload the student file (field `file`: PDF, at most 10 MB); answers a signed link',
      studentReply,
    ),
    handler: (request) => service.setStudentFile(serviceContext(request), receivedFile(request, 'file')),
  });
  app.delete('/usr/users/student/file', {
    ...remove('Remove the student file', studentReply),
    handler: (request) => service.deleteStudentFile(serviceContext(request)),
  });
}
