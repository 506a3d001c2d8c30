import type {} from '@fastify/swagger';
import type { Locale } from '../shared/constants';
import type { Permission, Role } from '../shared/permissions';
import type { Config } from './config';
import type { Db, DialectName } from './db/dialect';

export type ActorType = 'anonymous' | 'user' | 'company' | 'admin';

export interface Actor {
  type: ActorType;
  role: Role;
  hash: string | null;
  email: string | null;
  sessionHash: string | null;
}

export const ANONYMOUS_ACTOR: Actor = Object.freeze({
  type: 'anonymous',
  role: 'ANONYMOUS',
  hash: null,
  email: null,
  sessionHash: null,
});

/** Who may call a route: a permission of the SPEC §6 matrix. Every API route must declare one. */
export interface RouteAccess {
  permission: Permission;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: DialectName;
    config: Config;
    /** The anonymous public-read cache (plugins/publicCache.ts). */
    publicCache: import('./plugins/publicCache').PublicCache;
    /** The file store (lib/storage: the local folder or S3), shared by every feature that keeps a file. */
    storage: import('./lib/storage').FileStorage;
  }
  interface FastifyRequest {
    actor: Actor;
    lng: Locale;
  }
  /**
   * Who may call a route, read from the route Fastify matched (never from the URL text):
   * - API routes (/api /usr /com /adm) declare `permission`: the apiKey is required and the actor must hold it;
   * - every other route (HTML pages, static assets, signed file links) declares `page: true`: no apiKey, no actor data.
   * A route that declares neither refuses to start (deny by default).
   */
  interface FastifyContextConfig {
    permission?: Permission;
    page?: true;
    /**
     * In production, an administrator without the second factor is nobody's insider: on every route they act as a
     * visitor, or get 403 `admin.totpSetupRequired` — except on the routes marked here (who they are, enrolling,
     * signing out). Read from the matched route in plugins/context.ts, once for every prefix.
     */
    beforeSecondFactor?: true;
  }
}
