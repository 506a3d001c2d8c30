/**
 * The payment provider's notifications (issue 13): POST /pay/notify/{provider}, server to server, no apiKey or session —
 * the provider's signature is the only credential. A bad signature is refused with a log line; a replayed or duplicated
 * notification is acknowledged and changes nothing, so the provider stops retrying and nothing is stored twice.
 * Redsys posts its notification form-urlencoded (Ds_SignatureVersion, Ds_MerchantParameters, Ds_Signature): parsed here
 * only (this plugin), never logged. The way to Redsys's card page (redsys/page.ts) is registered with these routes.
 */
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../serviceContext';
import { paymentProvider } from './provider';
import { settle } from './cards/service';
import { redsysPageRoutes } from './redsys/page';

type Provider = { Params: { provider: string } };
const params = {
  type: 'object',
  required: ['provider'],
  additionalProperties: false,
  properties: { provider: { type: 'string', enum: ['sandbox', 'redsys'] } },
} as const;

export async function paymentNotifyRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  await app.register(redsysPageRoutes);

  app.post<Provider>(
    '/pay/notify/:provider',
    { config: { page: true }, schema: { hide: true, params } },
    async (request, reply) => {
      const provider = paymentProvider(app.config);
      if (provider.name !== request.params.provider) return reply.code(404).send({ ok: false });
      const notification = provider.verifyNotification(app.config, request.headers, request.body);
      if (!notification) {
        request.log.warn({ provider: provider.name }, 'payment notification with a bad signature refused');
        return reply.code(400).send({ ok: false });
      }
      const { applied } = await settle(serviceContext(request), notification);
      if (!applied)
        request.log.warn(
          { provider: provider.name, session: notification.session },
          'payment notification ignored: unknown or already closed session',
        );
      return reply.code(200).send({ ok: true, applied });
    },
  );
}
