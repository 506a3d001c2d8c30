/** "My data" (issue 8 §12–13): the member downloads everything the site holds about them, or deletes their account. */
import type { FastifyInstance } from 'fastify';
import * as service from './accountDataService';
import { fileAnswer } from '../../lib/fileAnswer';
import { serviceContext } from '../../serviceContext';

export async function accountDataRoutes(app: FastifyInstance) {
  app.get('/usr/users/me/export', {
    config: { permission: 'user.self' },
    schema: {
      tags: ['alumni'],
      summary: 'Download my data: a zip with data.json and my files (alumni-data-<date>.zip)',
      response: { 200: fileAnswer('application/zip', 'A zip with data.json and my files') },
    },
    handler: async (request, reply) => {
      const { zip, filename } = await service.exportData(serviceContext(request));
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(zip);
    },
  });
  app.delete<{ Body: service.UserDelete }>('/usr/users/me', {
    config: { permission: 'user.self' },
    schema: {
      tags: ['alumni'],
      summary: 'Delete my account: personal data and files go; applications and wall posts stay as a former member',
      body: { $ref: 'user.delete#' },
      response: {
        200: { type: 'object', additionalProperties: false, required: ['ok'], properties: { ok: { type: 'boolean' } } },
      },
    },
    handler: (request) => service.deleteAccount(serviceContext(request), request.body),
  });
}
