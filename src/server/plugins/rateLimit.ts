/**
 * General rate limits (DESIGN §7, issue 7 §3) with @fastify/rate-limit. On PostgreSQL counted in the database
 * (modules/auth/counters.ts, one atomic upsert) so several instances share the counts; on SQLite — one process by
 * design — in the process's memory (`MemoryCounters`), so a write request writes no counter row (issue 27).
 * Each API route gets a class from its declaration (`config: { rateClass }`, or `false` for none) or,
 * failing that, from its registered pattern — never from the request's URL text: sign-in, registration,
 * recovery, and every other write (POST/PUT/PATCH/DELETE) under /api /usr /com /adm. Reads are not limited.
 * Limits are per caller (signed-in account for writes, else the address — `request.ip`, which believes
 * X-Forwarded-For only from TRUST_PROXY's proxies), multiplied by RATE_LIMIT_SCALE.
 * The sign-in failure limits proper live in modules/auth/throttle.ts. This plugin also prunes spent
 * counters and dead sessions periodically.
 */
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors';
import { MemoryCounters, hit, pruneExpired } from '../modules/auth/counters';
import type { Db } from '../db/dialect';
import { isApiPattern } from './routeAccess';

export type RateClass = 'signIn' | 'register' | 'recovery' | 'write';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's rate-limit class; `false`: not limited. Undeclared: inferred from method and pattern. */
    rateClass?: RateClass | false;
  }
}

const MINUTE = 60_000;

/** Requests per caller and window at RATE_LIMIT_SCALE=1. */
export const RATE_LIMITS: Record<RateClass, { max: number; windowMs: number }> = {
  signIn: { max: 40, windowMs: MINUTE },
  register: { max: 10, windowMs: 60 * MINUTE },
  recovery: { max: 5, windowMs: 15 * MINUTE },
  write: { max: 120, windowMs: MINUTE },
};

const PRUNE_EVERY_MS = 10 * MINUTE;
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

type RouteLike = Pick<RouteOptions, 'method' | 'url'> & { config?: { rateClass?: RateClass | false } | undefined };

export function rateClassOf(route: RouteLike): RateClass | null {
  const declared = route.config?.rateClass;
  if (declared !== undefined) return declared || null;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase());
  if (!isApiPattern(route.url) || !methods.some((m) => WRITES.includes(m))) return null;
  if (/\/login$/.test(route.url)) return 'signIn';
  if (/\/register(\/|$)/.test(route.url)) return 'register';
  if (/\/recovery(\/|$)/.test(route.url)) return 'recovery';
  return 'write';
}

const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;
// a signed-in caller is counted as itself (many members may share one campus address)
const byCaller = (request: FastifyRequest) =>
  request.actor?.hash ? `${request.actor.type}:${request.actor.hash}` : byAddress(request);

/** @fastify/rate-limit's store interface over the shared counters table. */
function databaseStore(db: Db) {
  return class DatabaseStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = Date.now();
      hit(db, `rl:${key}`, timeWindow, now).then(
        (count) => callback(null, { current: count.count, ttl: Math.max(0, count.resetAt - now) }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return new DatabaseStore(); // the class is already in the key (groupId)
    }
  };
}

/** The same interface over this process's counters (SQLite). */
function memoryStore(counters: MemoryCounters) {
  return class MemoryStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = Date.now();
      const count = counters.hit(key, timeWindow, now);
      callback(null, { current: count.count, ttl: Math.max(0, count.resetAt - now) });
    }
    child() {
      return new MemoryStore();
    }
  };
}

export async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  const scale = app.config.rateLimitScale;
  const memory = app.dialect === 'sqlite' ? MemoryCounters.forDatabase(app.config.databaseUrl) : null;
  // Must run before @fastify/rate-limit's own onRoute hook, which reads config.rateLimit.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit !== undefined) return;
    const rateClass = rateClassOf(route);
    if (!rateClass) return;
    const { max, windowMs } = RATE_LIMITS[rateClass];
    const rateLimit: RateLimitOptions = {
      max: Math.max(1, Math.round(max * scale)),
      timeWindow: windowMs,
      groupId: rateClass, // one count per class and caller, across the class's routes
      keyGenerator: rateClass === 'write' ? byCaller : byAddress,
    };
    route.config = { ...route.config, rateLimit };
  });
  await app.register(fastifyRateLimit, {
    global: false, // only the routes given a class above
    store: (memory ? memoryStore(memory) : databaseStore(app.db)) as never,
    // thrown into our error handler: SPEC §8's { statusCode, code, message } in the request's language
    // (`count`: minutes to wait, for the message's plural form)
    errorResponseBuilder: (_request, context) =>
      AppError.tooMany('rateLimited', { count: Math.max(1, Math.ceil(context.ttl / MINUTE)) }),
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      memory?.prune();
      pruneExpired(app.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'pruning counters and sessions failed'),
      );
    }, PRUNE_EVERY_MS);
    timer.unref(); // never keeps the process alive
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
