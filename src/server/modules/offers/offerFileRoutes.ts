/**
 * `POST|DELETE /com/jobs/{hash}/file` (issue 25 §10): the offer's PDF. Registered inside plugins/uploads.ts (kind
 * `document`: field `file`, a PDF of at most 10 MB by content), by companyRoutes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { uploadBody } from '../../plugins/uploads';
import { receivedFile } from '../users/filesRoutes';
import * as offerFile from './offerFile';

const nullableString = { type: ['string', 'null'] };
const fileReply = {
  200: {
    type: 'object',
    required: ['file', 'file_name'],
    additionalProperties: false,
    properties: { file: nullableString, file_name: nullableString },
  },
};
const params = { $ref: 'admin.params.hash#' };

export async function offerFileRoutes(app: FastifyInstance) {
  app.post<{ Params: { hash: string } }>('/com/jobs/:hash/file', {
    config: { permission: 'company.jobs.manage', upload: 'document' },
    schema: {
      tags: ['companies'],
      summary:
        "Attach a PDF to one of the company's offers (field `file`, at most 10 MB; replaces the previous one); answers a signed link",
      consumes: ['multipart/form-data'],
      params,
      body: uploadBody('document'),
      response: fileReply,
    },
    handler: (request) =>
      offerFile.setOfferFile(app, request.actor, request.lng, request.params.hash, receivedFile(request, 'file')),
  });
  app.delete<{ Params: { hash: string } }>('/com/jobs/:hash/file', {
    config: { permission: 'company.jobs.manage' },
    schema: {
      tags: ['companies'],
      summary: "Remove the PDF of one of the company's offers",
      params,
      response: fileReply,
    },
    handler: (request) => offerFile.deleteOfferFile(app, request.actor, request.params.hash),
  });
}
