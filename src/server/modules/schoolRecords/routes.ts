/** The school's records in the back office (/adm/schoolRecords, issue 28 §1): upload → preview → import, list, edit, remove. */
import type { FastifyInstance } from 'fastify';
import { listSchema } from '../../lib/lists';
import { uploadBody, uploadsPlugin, type UploadedFile } from '../../plugins/uploads';
import { serviceContext } from '../../serviceContext';
import { exportRecords, type RecordsExportQuery } from './export';
import * as importService from './importService';
import * as service from './service';

const tags = ['administrators'];
const permission = 'admin.validate' as const;

export async function adminSchoolRecordRoutes(app: FastifyInstance) {
  app.get<{ Querystring: service.RecordsQuery }>('/adm/schoolRecords', {
    config: { permission },
    schema: {
      tags,
      summary: "The school's records by text (names, e-mail, study, or an exact document number) and kind",
      querystring: { $ref: 'admin.schoolRecords.filter#' },
      response: { 200: listSchema('admin.schoolRecord') },
    },
    handler: (request) => service.list(serviceContext(request), request.query),
  });
  app.get<{ Params: { hash: string } }>('/adm/schoolRecords/:hash', {
    config: { permission },
    schema: {
      tags,
      summary: 'One record of the school (never its document number)',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { $ref: 'admin.schoolRecord#' } },
    },
    handler: (request) => service.show(serviceContext(request), request.params.hash),
  });
  app.patch<{ Params: { hash: string }; Body: service.RecordWrite }>('/adm/schoolRecords/:hash', {
    config: { permission },
    schema: {
      tags,
      summary: 'Edit a record (audited with what changed)',
      params: { $ref: 'admin.params.hash#' },
      body: { $ref: 'admin.schoolRecord.write#' },
      response: { 200: { $ref: 'admin.schoolRecord#' } },
    },
    handler: (request) => service.edit(serviceContext(request), request.params.hash, request.body),
  });
  app.delete<{ Params: { hash: string } }>('/adm/schoolRecords/:hash', {
    config: { permission },
    schema: {
      tags,
      summary: 'Remove a record (audited)',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
    },
    handler: (request) => service.remove(serviceContext(request), request.params.hash),
  });
  app.get<{ Querystring: RecordsExportQuery }>('/adm/schoolRecords/export', {
    config: { permission },
    schema: {
      tags,
      summary:
        "The school's records of the list with its filters as CSV or XLSX (streamed), headed in the request's language; no document numbers",
      querystring: { $ref: 'admin.schoolRecords.export#' },
      response: {
        200: {
          description: 'CSV (UTF-8 with a BOM) or XLSX',
          content: {
            'text/csv': { schema: { type: 'string', format: 'binary' } },
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
              schema: { type: 'string', format: 'binary' },
            },
          },
        },
      },
    },
    handler: async (request, reply) => {
      const file = await exportRecords(serviceContext(request), request.query);
      return reply
        .header('Content-Type', file.type)
        .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  });
  app.put<{ Body: { study: string; category: string | null } }>('/adm/schoolRecords/studies', {
    config: { permission },
    schema: {
      tags,
      summary: "Map a study name of the school's files to a category of the tree (the mapping step)",
      body: { $ref: 'admin.schoolStudy#' },
      response: { 200: { $ref: 'admin.schoolStudy#' } },
    },
    handler: (request) => service.mapStudy(serviceContext(request), request.body),
  });
  await app.register(uploadsPlugin, { routes: [importRoutes] });
}

/** The two upload routes (multipart field `file`, CSV or XLSX), inside the upload context. */
async function importRoutes(app: FastifyInstance) {
  app.post<{ Body: { file: UploadedFile } }>('/adm/schoolRecords/preview', {
    config: { permission, upload: 'spreadsheet' },
    schema: {
      tags,
      summary: 'What importing this CSV/XLSX would add, change and refuse, row by row; nothing is written',
      consumes: ['multipart/form-data'],
      body: uploadBody('spreadsheet'),
      response: { 200: { $ref: 'admin.schoolRecords.preview#' } },
    },
    handler: (request) => importService.preview(serviceContext(request), request.body.file.path),
  });
  app.post<{ Body: { file: UploadedFile } }>('/adm/schoolRecords/import', {
    config: { permission, upload: 'spreadsheet' },
    schema: {
      tags,
      summary:
        'Import this CSV/XLSX in one transaction (refused rows are skipped and listed; a refused file writes nothing)',
      consumes: ['multipart/form-data'],
      body: uploadBody('spreadsheet'),
      response: { 200: { $ref: 'admin.schoolRecords.preview#' } },
    },
    handler: (request) =>
      importService.importFile(serviceContext(request), request.body.file.path, request.body.file.filename),
  });
}
