/**
 * The virtual member card (issue 13): GET /usr/member-card, POST /usr/member-card/revoke (a new QR code), GET …/pdf,
 * GET …/pkpass (Apple Wallet, only when configured), and the public check behind the verify page,
 * GET /api/member-card/verify/{token}. Every member has a card (Regular members' say "Regular" and do not verify):
 * `user.self`. The public check is never kept in the anonymous cache (no `publicCache`), so a new QR code or an
 * ended subscription shows at once.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { cardPdf } from './pdf';
import * as service from './service';
import { walletAvailable, walletPass } from './wallet';
import { fileAnswer } from '../../lib/fileAnswer';
import { serviceContext } from '../../serviceContext';

const tags = ['members'];
const cardSchema = { $ref: 'member.card#' };
const verifySchema = { $ref: 'member.card.verify#' };
const tokenParams = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

const safeName = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'member';

export async function memberCardRoutes(app: FastifyInstance) {
  const withWallet = async <T extends object>(card: Promise<T>) => ({
    ...(await card),
    wallet: walletAvailable(app.config),
  });

  app.get('/usr/member-card', {
    config: { permission: 'user.self' },
    schema: {
      tags,
      summary:
        'My member card: name, photo, partner number, membership, valid until, and the QR code of its verify page (made on first use)',
      response: { 200: cardSchema },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return withWallet(service.card(serviceContext(request)));
    },
  });
  app.post('/usr/member-card/revoke', {
    config: { permission: 'user.self' },
    schema: {
      tags,
      summary: 'A new QR code: the old one verifies as "not valid" from now on',
      body: { $ref: 'empty#' },
      response: { 200: cardSchema },
    },
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return withWallet(service.renew(serviceContext(request)));
    },
  });
  app.get('/usr/member-card/pdf', {
    config: { permission: 'user.self' },
    schema: {
      tags,
      summary: 'My member card as a PDF (with its QR code)',
      response: { 200: fileAnswer('application/pdf', 'The member card (PDF)') },
    },
    handler: async (request, reply) => {
      const { card, language } = await service.cardForDocument(serviceContext(request));
      const pdf = await cardPdf(app.storage, card, language);
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="member-card-${safeName(card.name)}-${card.partner_number}.pdf"`,
        )
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  });
  app.get('/usr/member-card/pkpass', {
    config: { permission: 'user.self' },
    schema: {
      tags,
      summary:
        'My member card as an Apple Wallet pass (404 memberCard.walletUnavailable unless the pass certificates are configured)',
      response: { 200: fileAnswer('application/vnd.apple.pkpass', 'An Apple Wallet pass') },
    },
    handler: async (request, reply) => {
      if (!walletAvailable(app.config)) throw AppError.notFound('memberCard.walletUnavailable');
      const { card, token, language } = await service.cardForDocument(serviceContext(request));
      const pass = await walletPass(app.config, card, token, language);
      return reply
        .header('Content-Type', 'application/vnd.apple.pkpass')
        .header('Content-Disposition', `attachment; filename="member-card-${card.partner_number}.pkpass"`)
        .header('Cache-Control', 'no-store')
        .send(pass);
    },
  });
  app.get<{ Params: { token: string } }>('/api/member-card/verify/:token', {
    // public, never cached (no `publicCache`): a revoked token or an ended subscription answers "not valid" at once
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary:
        'Check a member card (its QR code): { valid } and, only when valid, the first name, photo and valid-until date. An unknown, replaced or expired card all answer { valid: false }',
      params: tokenParams,
      response: { 200: verifySchema },
    },
    handler: async (request, reply) => {
      reply.header('X-Robots-Tag', 'noindex'); // Cache-Control: the context plugin's (`no-cache`: always asked again)
      return service.verify(serviceContext(request), request.params.token);
    },
  });
}
