/**
 * The security headers (helmet's, DESIGN §7), worked out once at start-up. @fastify/helmet builds a new helmet
 * middleware on every request (parsing the CSP directives, two hooks, a closure per reply) for headers that here
 * never depend on the request; helmet itself computes them once below, and each request only copies them.
 * tests/api/security-headers.test.ts checks the answer carries exactly what @fastify/helmet would have set.
 */
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';
import type { Config } from '../config';

// helmet as @fastify/helmet (the dependency) uses it: the same copy, whatever the package manager hoists
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))(
  'helmet',
) as typeof import('helmet').default;

export function helmetOptions(config: Pick<Config, 'analyticsUrl' | 'production'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // no 'unsafe-eval': the form validators are precompiled by the build (scripts/precompile-validators.ts)
        scriptSrc: ["'self'", ...(config.analyticsUrl ? [new URL(config.analyticsUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"], // antd's CSS-in-JS writes <style> tags at run time
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    strictTransportSecurity: config.production,
  };
}

/** The headers helmet sets for `options` (none of ours depends on the request), by running it once. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {}, // X-Powered-By: Node's HTTP server never sets it
  };
  let failure: unknown = null;
  helmet(options)({} as never, res as never, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

export function securityHeadersPlugin(app: FastifyInstance): void {
  const headers = Object.entries(securityHeaders(helmetOptions(app.config)));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}
