/** The members import in the back office (issue 28 §3): preview a file, then confirm it (multipart field `file`). */
import type { FastifyInstance } from 'fastify';
import { uploadBody } from '../../plugins/uploads';
import { serviceContext } from '../../serviceContext';
import { receivedFile } from '../users/filesRoutes';
import * as service from './service';

const tags = ['administrators'];
const access = { permission: 'admin.validate' as const, upload: 'memberList' as const };

export async function memberImportRoutes(app: FastifyInstance) {
  app.post('/adm/member-imports/preview', {
    config: access,
    schema: {
      tags,
      summary:
        'What a members file (CSV or XLSX, field `file`) would do, row by row (add, change, unchanged, refused with the reason); nothing is written',
      consumes: ['multipart/form-data'],
      body: uploadBody('memberList'),
      response: { 200: { $ref: 'admin.memberImports.preview#' } },
    },
    handler: (request) => service.preview(serviceContext(request), receivedFile(request, 'file').path),
  });
  app.post('/adm/member-imports', {
    config: access,
    schema: {
      tags,
      summary:
        'Import a members file in one transaction (a file with any refused row writes nothing), inviting each new member by e-mail; audited',
      consumes: ['multipart/form-data'],
      body: uploadBody('memberList'),
      response: {
        200: {
          type: 'object',
          properties: {
            hash: { type: 'string' },
            added: { type: 'integer' },
            changed: { type: 'integer' },
            unchanged: { type: 'integer' },
          },
        },
      },
    },
    handler: (request) => {
      const file = receivedFile(request, 'file');
      return service.confirm(serviceContext(request), file.path, file.filename);
    },
  });
}
