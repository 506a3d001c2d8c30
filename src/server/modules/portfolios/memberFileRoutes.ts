/**
 * `POST|DELETE /usr/portfolios/{id}/file` (issue 25 §11): one PDF or picture per project. Registered inside
 * plugins/uploads.ts (kind portfolioFile: field `file`, 10 MB, PDF/JPEG/PNG/WebP by content) by memberRoutes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { uploadBody } from '../../plugins/uploads';
import { receivedFile } from '../users/filesRoutes';
import * as files from './memberFile';

const nullableString = { type: ['string', 'null'] };
const fileReply = {
  200: {
    type: 'object',
    required: ['file', 'file_name'],
    additionalProperties: false,
    properties: { file: nullableString, file_name: nullableString },
  },
};

export async function memberPortfolioFileRoutes(app: FastifyInstance) {
  app.post<{ Params: { id: string } }>('/usr/portfolios/:id/file', {
    config: { permission: 'user.portfolios.manage', upload: 'portfolioFile' },
    schema: {
      tags: ['alumni'],
      summary:
        'Attach a file to one of my projects (field `file`: a PDF, or a JPEG/PNG/WebP picture re-encoded as WebP; at most 10 MB; replaces the previous one); answers a signed link',
      consumes: ['multipart/form-data'],
      params: { $ref: 'params.id#' },
      body: uploadBody('portfolioFile'),
      response: fileReply,
    },
    handler: (request) =>
      files.setFile(app, request.actor, request.lng, request.params.id, receivedFile(request, 'file')),
  });
  app.delete<{ Params: { id: string } }>('/usr/portfolios/:id/file', {
    config: { permission: 'user.portfolios.manage' },
    schema: {
      tags: ['alumni'],
      summary: "Remove my project's file",
      params: { $ref: 'params.id#' },
      response: fileReply,
    },
    handler: (request) => files.deleteFile(app, request.actor, request.params.id),
  });
}
