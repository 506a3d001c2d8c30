/**
 * The security headers are worked out once at start-up (src/server/plugins/securityHeaders.ts) instead of by
 * @fastify/helmet on every request: every answer must still carry exactly what @fastify/helmet would have set,
 * in development and production settings, on API answers, errors, pages and answers from the public cache.
 */
import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../../src/server/plugins/securityHeaders';
import { startTestApp, type TestApp } from '../helpers/app';

const IGNORED = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** What @fastify/helmet itself sets with these options. */
async function byFastifyHelmet(options: ReturnType<typeof helmetOptions>): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(fastifyHelmet, options as never);
  app.get('/x', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return Object.fromEntries(
    Object.entries(res.headers)
      .filter(([name]) => !IGNORED.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('security headers', () => {
  it('are those @fastify/helmet sets, in development and in production (HSTS, upgrade-insecure-requests, analytics origin)', async () => {
    for (const config of [
      { production: false, analyticsUrl: null },
      { production: true, analyticsUrl: null },
      { production: true, analyticsUrl: 'https://stats.example.org/script.js' },
    ]) {
      const expected = await byFastifyHelmet(helmetOptions(config));
      expect(Object.keys(expected).length).toBeGreaterThan(8);
      expect(securityHeaders(helmetOptions(config)), JSON.stringify(config)).toEqual(expected);
    }
    expect(
      securityHeaders(helmetOptions({ production: true, analyticsUrl: null }))['strict-transport-security'],
    ).toMatch(/max-age=/);
  });

  it('are on every kind of answer of the app', async () => {
    const expected = await byFastifyHelmet(helmetOptions(t.app.config));
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    const answers = [
      await t.api('GET', '/api/jobs?page=1'),
      await t.api('GET', '/api/jobs?page=1'), // from the public cache
      await t.api('GET', '/api/jobs/no-such-offer'),
      await t.api('GET', '/api/jobs', { apiKey: null }),
      await t.api('GET', '/api/no-such-route'),
      await t.api('GET', '/usr/users/me'),
      await t.api('GET', '/en'),
      await t.api('GET', '/en/no-such-page'),
    ];
    expect(answers[1]!.headers['x-public-cache']).toBe('hit');
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
    }
  });
});
