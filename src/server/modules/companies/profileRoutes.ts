/** The signed-in company's own account (SPEC §7): PATCH /com/companies, its password, and its logo (multipart, registered inside plugins/uploads.ts). */
import type { FastifyInstance } from 'fastify';
import type { CompanyProfile, UserPassword } from '../../../shared/schema-types';
import { uploadBody } from '../../plugins/uploads';
import { receivedFile } from '../users/filesRoutes';
import { serviceContext } from '../../serviceContext';
import * as service from './profileService';

const okReply = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };
const logoReply = {
  200: {
    type: 'object',
    required: ['logo'],
    additionalProperties: false,
    properties: { logo: { type: ['string', 'null'] } },
  },
};

export async function companyProfileRoutes(app: FastifyInstance) {
  // PATCH /com/companies (SPEC §7); /com/companies/me too, so a Refine form reads and writes one resource id
  for (const url of ['/com/companies', '/com/companies/me']) {
    app.patch<{ Body: CompanyProfile }>(url, {
      config: { permission: 'company.self' },
      schema: {
        tags: ['companies'],
        summary: "Change any subset of the company's details, contact person and language",
        body: { $ref: 'company.profile#' },
        response: { 200: { $ref: 'company.me#' } },
      },
      handler: (request) => service.update(serviceContext(request), request.body),
    });
  }
  app.post<{ Body: UserPassword }>('/com/companies/password', {
    config: { permission: 'company.self' },
    schema: {
      tags: ['companies'],
      summary: 'Change the password (needs the old one; ends every other session)',
      body: { $ref: 'user.password#' },
      response: okReply,
    },
    handler: (request) => service.changePassword(serviceContext(request), request.body),
  });
}

export async function companyLogoRoutes(app: FastifyInstance) {
  app.post('/com/companies/logo', {
    config: { permission: 'company.self', upload: 'photo' },
    schema: {
      tags: ['companies'],
      summary: 'Upload the logo (field `image`: JPEG, PNG or WebP, at most 5 MB)',
      consumes: ['multipart/form-data'],
      body: uploadBody('photo'),
      response: logoReply,
    },
    handler: (request) => service.setLogo(serviceContext(request), receivedFile(request, 'image')),
  });
  app.delete('/com/companies/logo', {
    config: { permission: 'company.self' },
    schema: { tags: ['companies'], summary: 'Remove the logo', response: logoReply },
    handler: (request) => service.deleteLogo(serviceContext(request)),
  });
}
