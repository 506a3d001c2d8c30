/** Membership payments in the back office (issue 13 §6): /adm/subscriptions, /adm/payments, refunds, SEPA files. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serviceContext } from '../../../serviceContext';
import type {
  AdminPaymentDecision,
  AdminPaymentRefund,
  AdminPaymentsFilter,
  AdminSepaRequest,
  AdminSubscriptionsFilter,
} from '../../../../shared/schema-types';
import { sendCsv } from '../../../lib/csv';
import { listSchema } from '../../../lib/lists';
import * as service from './service';
import { fileAnswer } from '../../../lib/fileAnswer';

type Hash = { Params: { hash: string } };
const tags = ['administrators'];
const access = { permission: 'admin.validate' as const };
const params = { $ref: 'admin.params.hash#' };
const batchParams = {
  type: 'object',
  required: ['batch'],
  properties: { batch: { type: 'string', pattern: '^[a-z0-9]{1,32}$' } },
} as const;
const xmlReply = { 200: fileAnswer('application/xml', 'A SEPA direct-debit file, pain.008.001.02') };

function sendXml(reply: FastifyReply, batch: string, xml: string, extra: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(extra)) reply.header(name, value);
  return reply
    .header('Content-Type', 'application/xml; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${batch}.xml"`)
    .header('X-Sepa-Batch', batch)
    .header('Cache-Control', 'no-store')
    .send(xml);
}

export async function adminPaymentRoutes(app: FastifyInstance) {
  app.get<{ Querystring: AdminSubscriptionsFilter }>('/adm/subscriptions', {
    config: access,
    schema: {
      tags,
      summary: 'Membership subscriptions by status, method and member (name or e-mail), newest first',
      querystring: { $ref: 'admin.subscriptions.filter#' },
      response: { 200: listSchema('admin.subscription') },
    },
    handler: (request) => service.subscriptions(serviceContext(request), request.query),
  });
  app.get<{ Querystring: AdminPaymentsFilter }>('/adm/payments', {
    config: access,
    schema: {
      tags,
      summary: 'Membership payments by status, method, member and day, newest first',
      querystring: { $ref: 'admin.payments.filter#' },
      response: { 200: listSchema('admin.payment') },
    },
    handler: (request) => service.payments(serviceContext(request), request.query),
  });
  app.get<{ Querystring: AdminPaymentsFilter }>('/adm/payments/export', {
    config: access,
    schema: {
      tags,
      summary: 'The same filtered payments as CSV, in the request’s language',
      querystring: { $ref: 'admin.payments.filter#' },
      response: { 200: fileAnswer('text/csv', 'CSV, UTF-8 with a BOM') },
    },
    handler: async (request, reply) => {
      const { filename, body } = await service.paymentsCsv(serviceContext(request), request.query);
      return sendCsv(reply, filename, body);
    },
  });
  app.get<{ Params: { batch: string } }>('/adm/payments/sepa/:batch', {
    config: access,
    schema: {
      tags,
      summary: 'A SEPA file sent before, downloaded again (rebuilt from its rows: the same file)',
      params: batchParams,
      response: xmlReply,
    },
    handler: async (request, reply) => {
      const { batch, xml } = await service.downloadSepa(serviceContext(request), request.params.batch);
      return sendXml(reply, batch, xml);
    },
  });
  await app.register(writeRoutes);
}

// bodies are never coerced (plugins/schemas.ts): `{ "amount_cents": "100" }` is a 400
async function writeRoutes(app: FastifyInstance) {
  app.post<Hash & { Body: AdminPaymentRefund }>('/adm/payments/:hash/refund', {
    config: access,
    schema: {
      tags,
      summary:
        'Refund a paid payment in full or in part (card: through the provider); never more than is left; audited with the reason. The membership goes on',
      params,
      body: { $ref: 'admin.payment.refund#' },
      response: { 200: { $ref: 'admin.payment#' } },
    },
    handler: (request) => service.refund(serviceContext(request), request.params.hash, request.body),
  });
  app.post<{ Body: AdminSepaRequest }>('/adm/payments/sepa', {
    config: access,
    schema: {
      tags,
      summary:
        'The SEPA direct-debit file of every pending debit not yet sent (409 when there is none); marks them with the batch id (header X-Sepa-Batch; X-Sepa-Count, X-Sepa-Total in cents)',
      body: { $ref: 'admin.sepa.request#' },
      response: xmlReply,
    },
    handler: async (request, reply) => {
      const { batch, xml, count, totalCents } = await service.exportSepa(
        serviceContext(request),
        request.body.collection_date,
      );
      return sendXml(reply, batch, xml, { 'X-Sepa-Count': String(count), 'X-Sepa-Total': String(totalCents) });
    },
  });
  app.patch<Hash & { Body: AdminPaymentDecision }>('/adm/payments/:hash', {
    config: access,
    schema: {
      tags,
      summary:
        'The bank’s answer to a debit sent in a SEPA file: PAID (receipt e-mailed) or RETURNED (reason required; the year is taken back and the charge retried)',
      params,
      body: { $ref: 'admin.payment.decision#' },
      response: { 200: { $ref: 'admin.payment#' } },
    },
    handler: (request) => service.decide(serviceContext(request), request.params.hash, request.body),
  });
}
