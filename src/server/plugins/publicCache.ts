/**
 * The anonymous public-read cache (issue 9 §3): the answer of a public GET list or detail route, kept as the
 * very bytes that were sent, for requests that carry no identity at all.
 *
 * When an answer is reused — all of these, or it is computed as usual:
 * - the route opted in (`config: { publicCache: true }`); only GET routes of `public.browse` may (checked at
 *   start-up), so nothing an actor can influence is ever kept;
 * - the request is anonymous as the context plugin resolved it (`request.actor` is the anonymous actor), with no
 *   `token`, `deviceId` or `Authorization` header and none of the browser's sign-in cookies (`iss`, `token`, `refreshToken`):
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
 * About a second before an entry expires, one request renews it while the others are still answered from it (with
 * a little jitter, so entries do not all come up together: synchronised expiry was the mix's tail), and misses of
 * one key that arrive together wait for the one computation in flight. Answers are marked
 * `x-public-cache: hit | shared | miss`; nothing else changes (the Vary and Cache-Control headers of the context
 * plugin, the security headers and @fastify/compress apply to a reused answer as to a fresh one).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dataVersion } from '../db/dataVersions';
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
const REFRESH_AHEAD_MS = 1_000;
const JITTER_MS = 500;
export const MAX_ENTRIES = 2_000;
export const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
export const MAX_BODY_BYTES = 512 * 1024;
export const MAX_URL_LENGTH = 1_024;
/** The browser's sign-in cookies (SPEC §3; src/web/providers/session.ts): their presence means "someone". */
const SESSION_COOKIES = ['iss', 'token', 'refreshToken'];

interface Stamp {
  key: string;
  version: number;
  /** Set for the first request computing this key at this version: releases the others waiting for its answer. */
  finish: ((entry: Entry | null) => void) | null;
}

interface Entry {
  body: Buffer;
  type: string;
  version: number;
  expires: number;
  /** When a request last set out to renew the entry ahead of its expiry. */
  refreshStarted: number;
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
  if (headers.token !== undefined || headers.deviceid !== undefined || headers.authorization !== undefined)
    return false;
  if (headers.cookie !== undefined) {
    const cookies = (request as { cookies?: Record<string, string | undefined> }).cookies ?? {};
    if (SESSION_COOKIES.some((name) => cookies[name] !== undefined)) return false;
  }
  return true;
}

export function publicCachePlugin(app: FastifyInstance): PublicCache {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  /**
   * The `public` data version as committed after the asking request arrived, so every write committed before that
   * (this instance, another one, the CLI) is seen: one read shared with the other caches (db/dataVersions.ts).
   */
  const currentVersion = (): Promise<number> => dataVersion(app.db, 'public');

  const forget = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    totalBytes -= old.body.length;
  };

  /** Answers being computed, per key: later misses of the same key and version wait for them instead of computing again. */
  const computing = new Map<string, { version: number; done: Promise<Entry | null> }>();
  const finish = (request: FastifyRequest, entry: Entry | null) => {
    const stamp = request.publicCacheStamp;
    if (!stamp?.finish) return;
    const release = stamp.finish;
    stamp.finish = null;
    if (computing.get(stamp.key)?.version === stamp.version) computing.delete(stamp.key);
    release(entry);
  };

  const serve = (reply: FastifyReply, entry: Entry, how: 'hit' | 'shared') => {
    reply.header('x-public-cache', how).type(entry.type).send(entry.body);
  };

  /** This request computes the answer (and, if no other request is computing the key, lets later ones wait for it). */
  const compute = (request: FastifyRequest, reply: FastifyReply, key: string, version: number, done: () => void) => {
    let finish: Stamp['finish'] = null;
    if (!computing.has(key)) {
      const flight = { version, done: new Promise<Entry | null>((resolve) => (finish = resolve)) };
      computing.set(key, flight);
    }
    request.publicCacheStamp = { key, version, finish };
    reply.header('x-public-cache', 'miss');
    done();
  };

  const decide = (request: FastifyRequest, reply: FastifyReply, version: number, done: () => void) => {
    const key = `GET ${request.lng} ${request.url}`;
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.version === version && hit.expires > now) {
      // Refresh ahead: shortly before an entry expires, one request computes its successor while the others are
      // still answered from it — entries are renewed one at a time instead of all expiring together.
      if (hit.expires - now > REFRESH_AHEAD_MS || now - hit.refreshStarted < REFRESH_AHEAD_MS)
        return serve(reply, hit, 'hit');
      hit.refreshStarted = now;
      return compute(request, reply, key, version, done);
    }
    const flight = computing.get(key);
    if (!flight || flight.version !== version) return compute(request, reply, key, version, done);
    flight.done.then((shared) =>
      shared ? serve(reply, shared, 'shared') : compute(request, reply, key, version, done),
    );
  };

  // Route-level hooks, on the opted-in routes only. They run after the app's own onRequest hooks (actor, language,
  // cookies, security headers); this onSend is put first, before @fastify/compress's, so the payload is still the
  // serialized JSON text.
  function onRequest(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (request.method !== 'GET' || request.url.length > MAX_URL_LENGTH || !anonymousRequest(request)) return done();
    // if the version cannot be read, the request is simply computed (and fails or not) as without the cache
    currentVersion().then(
      (version) => decide(request, reply, version, done),
      () => done(),
    );
  }
  function onSend(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) {
    const stamp = request.publicCacheStamp;
    if (!stamp) return done(null, payload);
    let entry: Entry | null = null;
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (body && reply.statusCode === 200 && !reply.hasHeader('set-cookie') && body.length <= MAX_BODY_BYTES) {
      // a little jitter, so entries computed together do not all come up for renewal together
      entry = {
        body,
        type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        version: stamp.version,
        expires: Date.now() + TTL_MS - Math.random() * JITTER_MS,
        refreshStarted: -Infinity,
      };
      forget(stamp.key);
      while (entries.size >= MAX_ENTRIES || (entries.size > 0 && totalBytes + body.length > MAX_TOTAL_BYTES))
        forget(entries.keys().next().value!);
      entries.set(stamp.key, entry);
      totalBytes += body.length;
    }
    finish(request, entry);
    done(null, payload);
  }
  // whatever happened to the request (an error before any answer, the client gone), its waiters are released
  function release(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
    finish(request, null);
    done();
  }
  // onRequestAbort hooks get (request, done): no reply. Sharing `release` made every gone client an error line.
  function releaseAborted(request: FastifyRequest, done: () => void) {
    finish(request, null);
    done();
  }
  const hooks = <T>(existing: T | T[] | undefined): T[] =>
    existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];

  app.decorateRequest('publicCacheStamp', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.publicCache) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD') || route.config.permission !== 'public.browse') {
      throw new Error(`${methods.join(',')} ${route.url}: only GET routes of public.browse may use the public cache`);
    }
    route.onRequest = [...hooks(route.onRequest), onRequest] as never;
    route.onSend = [onSend, ...hooks(route.onSend)] as never;
    route.onResponse = [...hooks(route.onResponse), release] as never;
    route.onRequestAbort = [...hooks(route.onRequestAbort), releaseAborted] as never;
  });

  return {
    stats: () => ({ entries: entries.size, bytes: totalBytes }),
    clear: () => {
      entries.clear();
      computing.clear();
      totalBytes = 0;
    },
  };
}
