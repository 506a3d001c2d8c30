/**
 * The anonymous public-read cache (issue 9 §3): the answer of a public GET list or detail route, kept as the
 * very bytes that were sent, for requests that carry no identity at all.
 *
 * When an answer is reused — all of these, or it is computed as usual:
 * - the route opted in (`config: { publicCache: true }`); only GET routes of `public.browse` may (checked at
 *   start-up), so nothing an actor can influence is ever kept;
 * - the request is anonymous as the context plugin resolved it (`request.actor` is the anonymous actor), with no
 *   `token` or `deviceId` header and none of the browser's sign-in cookies (`iss`, `token`, `refreshToken`):
 *   anything that could identify someone turns the cache off for that request, even if it would resolve to nobody;
 * - the key is the method, the request's language (as the context plugin chose it from `language` /
 *   `Accept-Language`) and the URL exactly as received (path and query, not normalised: an odd spelling is its own
 *   entry and never reads another URL's body). The apiKey has been checked before (a request without the right
 *   one never gets here) and there is one kind of key, so it is not part of the key. Nothing else of the request
 *   reaches these handlers;
 * - only 200 answers of at most MAX_BODY_BYTES whose URL is at most MAX_URL_LENGTH long are kept, at most
 *   MAX_ENTRIES of them and MAX_TOTAL_BYTES in all (oldest out first), so hostile URLs cannot grow memory;
 * - an entry is used only while the `public` data version is the one read before it was computed (migration 009:
 *   bumped by triggers on every table an anonymous answer can read, in the writing transaction), and for TTL_MS
 *   at most (what no trigger sees: an offer whose deadline passes, an event that starts). The version is read
 *   for every request that may use the cache, after the request arrived — one read shared by the requests that
 *   arrive in the same turn of the event loop — so a write committed anywhere (this instance, another instance
 *   on PostgreSQL, the admin CLI) is seen by the next request; TTL_MS is only the bound for time itself.
 * Answers are marked `x-public-cache: hit | miss` (nothing else changes: the Vary and Cache-Control headers of
 * the context plugin and the compression of @fastify/compress apply to a reused answer as to a fresh one).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/dialect';
import { runShaped } from '../db/shapes';
import { ANONYMOUS_ACTOR } from '../types';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public GET route whose anonymous answers may be reused (plugins/publicCache.ts). */
    publicCache?: true;
  }
  interface FastifyRequest {
    /** Set when this request's answer may be stored: what it was computed at. */
    publicCacheStamp: Stamp | null;
  }
}

export const TTL_MS = 5_000;
export const MAX_ENTRIES = 2_000;
export const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
export const MAX_BODY_BYTES = 512 * 1024;
export const MAX_URL_LENGTH = 1_024;
/** The browser's sign-in cookies (SPEC §3; src/web/providers/session.ts): their presence means "someone". */
const SESSION_COOKIES = ['iss', 'token', 'refreshToken'];

interface Stamp {
  key: string;
  version: number;
}

interface Entry {
  body: Buffer;
  type: string;
  version: number;
  expires: number;
}

export interface PublicCache {
  /** Entries held and their bytes (tests check the bounds). */
  stats(): { entries: number; bytes: number };
  clear(): void;
}

/** Whether the request carries no identity at all (decided from what the context plugin resolved and the headers). */
export function anonymousRequest(request: FastifyRequest): boolean {
  if (request.actor !== ANONYMOUS_ACTOR) return false;
  const headers = request.headers;
  if (headers.token !== undefined || headers.deviceid !== undefined || headers.authorization !== undefined) return false;
  if (headers.cookie !== undefined) {
    const cookies = (request as { cookies?: Record<string, string | undefined> }).cookies ?? {};
    if (SESSION_COOKIES.some((name) => cookies[name] !== undefined)) return false;
  }
  return true;
}

async function readVersion(db: Db): Promise<number> {
  const [row] = await runShaped(db, 'data_versions', { scope: 'public' }, (a: { scope: string }) => db.selectFrom('data_versions').select('version').where('name', '=', a.scope));
  return Number(row?.version ?? 0);
}

export function publicCachePlugin(app: FastifyInstance): PublicCache {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  /** The read every request arriving in this turn of the event loop waits for (started in the check phase). */
  let nextRead: Promise<number> | null = null;

  /**
   * The `public` data version as committed when the read starts — which is after the asking request arrived, so
   * every write committed before that (this instance, another one, the CLI) is seen. The requests that arrive in
   * the same turn of the event loop share one read: one primary-key lookup per batch, not per request.
   */
  const currentVersion = (): Promise<number> => {
    if (!nextRead) {
      nextRead = new Promise<number>((resolve, reject) => {
        setImmediate(() => {
          nextRead = null;
          readVersion(app.db).then(resolve, reject);
        });
      });
    }
    return nextRead;
  };

  const forget = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    totalBytes -= old.body.length;
  };

  app.decorateRequest('publicCacheStamp', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.publicCache) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD') || route.config.permission !== 'public.browse') {
      throw new Error(`${methods.join(',')} ${route.url}: only GET routes of public.browse may use the public cache`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || request.routeOptions.config.publicCache !== true || !anonymousRequest(request)) return;
    if (request.url.length > MAX_URL_LENGTH) return;
    const dataVersion = await currentVersion();
    const key = `GET ${request.lng} ${request.url}`;
    const hit = entries.get(key);
    if (hit && hit.version === dataVersion && hit.expires > Date.now()) {
      reply.header('x-public-cache', 'hit').type(hit.type);
      return reply.send(hit.body) as FastifyReply;
    }
    request.publicCacheStamp = { key, version: dataVersion };
    reply.header('x-public-cache', 'miss');
  });

  // Root-level onSend hooks run before @fastify/compress's (added to each route), so the payload is still the
  // serialized JSON text here.
  app.addHook('onSend', async (request, reply, payload) => {
    const stamp = request.publicCacheStamp;
    if (!stamp || reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length > MAX_BODY_BYTES) return payload;
    forget(stamp.key);
    while (entries.size >= MAX_ENTRIES || (entries.size > 0 && totalBytes + body.length > MAX_TOTAL_BYTES)) {
      forget(entries.keys().next().value!);
    }
    entries.set(stamp.key, { body, type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), version: stamp.version, expires: Date.now() + TTL_MS });
    totalBytes += body.length;
    return payload;
  });

  return {
    stats: () => ({ entries: entries.size, bytes: totalBytes }),
    clear: () => {
      entries.clear();
      totalBytes = 0;
    },
  };
}
