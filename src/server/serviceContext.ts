/**
 * The one context a service takes first (issue 24 §5): who acts, in which language, on which database, configuration
 * and file store. Routes build it with `serviceContext(request)`; background tasks and the CLI with
 * `systemContext(app)`. The arguments after it are what the call is about. docs/architecture.md has the rule.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale } from '../shared/constants';
import type { Config } from './config';
import type { Db, DialectName } from './db/dialect';
import type { FileStorage } from './lib/storage';
import { ANONYMOUS_ACTOR, type Actor } from './types';

export interface ServiceContext {
  db: Db;
  dialect: DialectName;
  config: Config;
  /** The file store (local folder or S3). */
  storage: FileStorage;
  log: FastifyBaseLogger;
  actor: Actor;
  lng: Locale;
}

export function serviceContext(request: FastifyRequest): ServiceContext {
  const app = request.server;
  return {
    db: app.db,
    dialect: app.dialect,
    config: app.config,
    storage: app.storage,
    log: request.log,
    actor: request.actor,
    lng: request.lng,
  };
}

/** The context of work nobody requested: background tasks, the CLI, tests calling a service directly. */
export function systemContext(
  app: FastifyInstance,
  actor: Actor = ANONYMOUS_ACTOR,
  lng: Locale = DEFAULT_LOCALE,
): ServiceContext {
  return { db: app.db, dialect: app.dialect, config: app.config, storage: app.storage, log: app.log, actor, lng };
}
