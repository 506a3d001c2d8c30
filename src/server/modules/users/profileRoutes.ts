/** The member's own profile, settings and bank account (DESIGN §4b), password and e-mail (settingsService.ts). */
import type { FastifyInstance } from 'fastify';
import { fileLinks } from '../../lib/signedLinks';
import { profileModel } from './profileFields';
import * as profile from './profileService';
import * as settings from './settingsService';
import { serviceContext } from '../../serviceContext';

const okReply = { 200: { type: 'object', properties: { ok: { type: 'boolean' }, email: { type: 'string' } } } };

export async function profileRoutes(app: FastifyInstance) {
  const model = profileModel(app);
  // PATCH /usr/users (SPEC §7); /usr/users/me too, so a Refine form reads and writes one resource id
  for (const url of ['/usr/users', '/usr/users/me']) {
    app.patch<{ Body: profile.ProfilePatch }>(url, {
      config: { permission: 'user.self' },
      schema: {
        tags: ['alumni'],
        summary:
          'Change any subset of the profile (user.profile), settings (user.settings) and bank account (payment: user.iban)',
        body: model.body,
        response: { 200: model.me },
      },
      handler: async (request) => {
        const ctx = serviceContext(request);
        await profile.update(ctx, model, request.body);
        return profile.me(ctx, model, fileLinks(app.config.secretKey, request.actor));
      },
    });
  }
  app.post<{ Body: settings.PasswordChange }>('/usr/users/password', {
    config: { permission: 'user.self' },
    schema: {
      tags: ['alumni'],
      summary: 'Change the password (needs the old one; ends every other session)',
      body: { $ref: 'user.password#' },
      response: okReply,
    },
    handler: (request) => settings.changePassword(serviceContext(request), request.body),
  });
  app.post<{ Body: settings.EmailChange }>('/usr/users/email', {
    config: { permission: 'user.self' },
    schema: {
      tags: ['alumni'],
      summary: 'Ask to change the e-mail: a confirmation link goes to the new address',
      body: { $ref: 'user.email#' },
      response: okReply,
    },
    handler: (request) => settings.requestEmailChange(serviceContext(request), request.body),
  });
  app.post<{ Body: { token: string } }>('/usr/users/email/confirm', {
    config: { permission: 'public.browse' },
    schema: {
      tags: ['alumni'],
      summary: 'Follow the link sent to the new address: the e-mail changes now',
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['token'],
        properties: { token: { type: 'string', minLength: 20, maxLength: 128 } },
      },
      response: okReply,
    },
    handler: (request) => settings.confirmEmailChange(serviceContext(request), request.body.token),
  });
}
