/** The candidates of a company's own offer: GET /com/jobs/{hash}/users (+ /export as CSV), PATCH one or several. */
import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import { fileLinks } from '../../lib/signedLinks';
import * as service from './candidatesService';
import { sendCsv } from '../../lib/csv';
import { fileAnswer } from '../../lib/fileAnswer';
import { serviceContext } from '../../serviceContext';

const tags = ['companies'];

export async function candidateRoutes(app: FastifyInstance) {
  app.get<{ Params: { hash: string }; Querystring: service.CandidatesQuery }>('/com/jobs/:hash/users', {
    config: { permission: 'company.candidates' },
    schema: {
      tags,
      summary:
        'The applicants of one of the company’s offers, newest first, with their CV links (another company’s offer: 404)',
      params: { $ref: 'admin.params.hash#' },
      querystring: { $ref: 'company.candidates.filter#' },
      response: { 200: listSchema('company.candidate') },
    },
    handler: (request) =>
      service.list(
        serviceContext(request),
        request.params.hash,
        request.query,
        fileLinks(app.config.secretKey, request.actor),
      ),
  });
  app.get<{ Params: { hash: string }; Querystring: service.CandidatesQuery }>('/com/jobs/:hash/users/export', {
    config: { permission: 'company.candidates' },
    schema: {
      tags,
      summary: 'The filtered applicants as CSV, in the request’s language',
      params: { $ref: 'admin.params.hash#' },
      querystring: { $ref: 'company.candidates.filter#' },
      response: { 200: fileAnswer('text/csv', 'CSV, UTF-8 with a BOM') },
    },
    handler: async (request, reply) => {
      const { filename, body } = await service.exportCsv(serviceContext(request), request.params.hash, request.query);
      return sendCsv(reply, filename, body);
    },
  });
  app.patch<{ Params: { hash: string; applicant: string }; Body: { status: service.CandidateStatus } }>(
    '/com/jobs/:hash/users/:applicant',
    {
      config: { permission: 'company.candidates' },
      schema: {
        tags,
        summary: 'Move one application (PENDING, ACCEPTED, CANCELLED); the member is e-mailed',
        params: { $ref: 'company.params.candidate#' },
        body: { $ref: 'company.candidate.move#' },
        response: {
          200: {
            type: 'object',
            properties: { hash: { type: 'string' }, status: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
      handler: (request) =>
        service.move(serviceContext(request), request.params.hash, request.params.applicant, request.body.status),
    },
  );
  app.patch<{ Params: { hash: string }; Body: { hashes: string[]; status: service.CandidateStatus } }>(
    '/com/jobs/:hash/users',
    {
      config: { permission: 'company.candidates' },
      schema: {
        tags,
        summary: 'The same decision for several applications, answered per hash',
        params: { $ref: 'admin.params.hash#' },
        body: { $ref: 'company.candidates.bulk#' },
        response: { 200: { $ref: 'admin.users.bulk.result#' } },
      },
      handler: (request) =>
        service.moveMany(serviceContext(request), request.params.hash, request.body.hashes, request.body.status),
    },
  );
}
