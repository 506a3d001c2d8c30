/** A company's own offers (DESIGN §4b "Offers by companies"): GET/POST /com/jobs, GET/PATCH/DELETE /com/jobs/{hash}, its file. */
import type { FastifyInstance } from 'fastify';
import type { CompanyJobWrite } from '../../../shared/schema-types';
import { listSchema } from '../../lib/lists';
import { uploadsPlugin } from '../../plugins/uploads';
import { fileLinks } from '../../lib/signedLinks';
import { candidateRoutes } from './candidatesRoutes';
import * as service from './companyService';
import { offerFileRoutes } from './offerFileRoutes';
import { removeOffer } from './removal';
import { serviceContext } from '../../serviceContext';

const tags = ['companies'];

export async function companyOfferRoutes(app: FastifyInstance) {
  const links = (actor: Parameters<typeof fileLinks>[1]) => fileLinks(app.config.secretKey, actor);
  app.get<{ Querystring: service.CompanyOffersQuery }>('/com/jobs', {
    config: { permission: 'company.jobs.manage' },
    schema: {
      tags,
      summary: "The company's own offers: text, status, sort, page (10 by default), each with its applicants by status",
      querystring: { $ref: 'company.jobs.filter#' },
      response: { 200: listSchema('company.job') },
    },
    handler: (request) => service.list(serviceContext(request), request.query, links(request.actor)),
  });
  app.post<{ Body: CompanyJobWrite }>('/com/jobs', {
    config: { permission: 'company.jobs.manage' },
    schema: {
      tags,
      summary: 'A new offer, PENDING until an administrator publishes it',
      body: { $ref: 'company.job.create#' },
      response: { 201: { $ref: 'company.job#' } },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(serviceContext(request), request.body, links(request.actor))),
  });
  app.get<{ Params: { hash: string } }>('/com/jobs/:hash', {
    config: { permission: 'company.jobs.manage' },
    schema: {
      tags,
      summary: 'One of the company’s offers with its history (another company’s answers 404)',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { $ref: 'company.job#' } },
    },
    handler: (request) => service.show(serviceContext(request), request.params.hash, links(request.actor)),
  });
  app.patch<{ Params: { hash: string }; Body: CompanyJobWrite }>('/com/jobs/:hash', {
    config: { permission: 'company.jobs.manage' },
    schema: {
      tags,
      summary:
        'Edit the offer and/or move it (src/shared/offerMoves.ts); closing needs the survey in the same body; a move not allowed answers 409',
      params: { $ref: 'admin.params.hash#' },
      body: { $ref: 'company.job.write#' },
      response: { 200: { $ref: 'company.job#' } },
    },
    handler: (request) => service.update(serviceContext(request), request.params.hash, request.body),
  });
  app.delete<{ Params: { hash: string } }>('/com/jobs/:hash', {
    config: { permission: 'company.jobs.manage' },
    schema: {
      tags,
      summary:
        'Delete the offer for good; one that has applications (even withdrawn) is closed instead and the answer says why',
      params: { $ref: 'admin.params.hash#' },
      response: { 200: { $ref: 'company.job.removal#' } },
    },
    handler: (request) => removeOffer(app, request.actor, request.lng, request.params.hash),
  });
  // the file route takes multipart, so it lives inside its own upload context (plugins/uploads.ts)
  await app.register(uploadsPlugin, { routes: [offerFileRoutes] });
  await app.register(candidateRoutes);
}
