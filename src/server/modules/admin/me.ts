/** GET /adm/me: the signed-in administrator (the back office's identity, like /usr/users/me for members). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import type { Actor } from '../../types';
import { findAdmin } from '../users/admin/repository';
import { totpRequired } from './admins/security';

export async function currentAdmin(db: Db, actor: Actor) {
  const admin = actor.type === 'admin' && actor.hash ? await findAdmin(db, actor.hash) : undefined;
  if (!admin) throw AppError.unauthorized();
  return admin;
}

export async function adminMeRoutes(app: FastifyInstance) {
  app.get('/adm/me', {
    config: { permission: 'admin.self', beforeSecondFactor: true },
    schema: {
      tags: ['administrators'],
      summary: 'The signed-in administrator',
      response: {
        200: {
          type: 'object',
          required: ['hash', 'email', 'name', 'totp_setup_required'],
          properties: {
            hash: { type: 'string' },
            email: { type: 'string' },
            name: { type: 'string' },
            // in production the back office is closed to this session until the second factor is on: the page
            // takes the administrator to enrol instead of showing screens every request of which is refused
            totp_setup_required: { type: 'boolean' },
          },
        },
      },
    },
    handler: async (request) => {
      const admin = await currentAdmin(app.db, request.actor);
      return { ...admin, totp_setup_required: app.config.production && !(await totpRequired(app.db, admin.hash)) };
    },
  });
}
