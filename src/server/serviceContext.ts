/**
 * The one context a service takes first (issue 24 §5): who acts, in which language, on which database and configuration.
 * Routes build it with `serviceContext(request)`; the arguments after it are what the request is about.
 * Rule for new code and docs/architecture.md lists the services already converted.
 */
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../shared/constants';
import type { Config } from './config';
import type { Db } from './db/dialect';
import type { Actor } from './types';

export interface ServiceContext {
  db: Db;
  config: Config;
  actor: Actor;
  lng: Locale;
}

export function serviceContext(request: FastifyRequest): ServiceContext {
  return { db: request.server.db, config: request.server.config, actor: request.actor, lng: request.lng };
}
