import type { FastifyInstance } from 'fastify';
import { PERMISSION_MATRIX } from '../../../shared/permissions';
import { cardPaymentsOffered } from '../payments/provider';
import { readMembershipTerms, readSiteSettings } from './repository';

export async function initRoutes(app: FastifyInstance) {
  app.get('/api/init', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['public'],
      summary: "The actor's role and permissions, and the site settings",
      response: { 200: { $ref: 'init#' } },
    },
    handler: async (request) => {
      const { actor } = request;
      const [{ ebookUrl, ...settings }, membership] = await Promise.all([
        readSiteSettings(app.db),
        readMembershipTerms(app.db),
      ]);
      const permissions = PERMISSION_MATRIX[actor.role];
      return {
        role: actor.role,
        permissions,
        actor: actor.type === 'anonymous' ? null : { type: actor.type, hash: actor.hash, email: actor.email },
        settings: {
          ...settings,
          // the library's address is a Bold benefit: only an actor who may use it reads it (the renderer never does)
          ...(permissions.includes('library.view') ? { ebookUrl } : {}),
          analyticsUrl: app.config.analyticsUrl,
          membership,
          cardPayments: cardPaymentsOffered(app.config),
          paymentSandbox: app.config.paymentProvider === 'sandbox',
        },
        taxonomiesVersion: settings.taxonomiesVersion ?? '1',
      };
    },
  });
}
