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
      const [settings, membership] = await Promise.all([readSiteSettings(app.db), readMembershipTerms(app.db)]);
      return {
        role: actor.role,
        permissions: PERMISSION_MATRIX[actor.role],
        actor: actor.type === 'anonymous' ? null : { type: actor.type, hash: actor.hash, email: actor.email },
        settings: {
          ...settings,
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
