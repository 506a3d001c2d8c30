/** GET /adm/me: the signed-in administrator (the back office's identity, like /usr/users/me for members). */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import type { Actor } from '../../types';
import { findAdmin } from '../users/admin/repository';

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
          properties: { hash: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } },
        },
      },
    },
    handler: (request) => currentAdmin(app.db, request.actor),
  });
}
