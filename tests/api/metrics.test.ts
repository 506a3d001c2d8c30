/** `GET /metrics` (issue 26 §4): off without METRICS_TOKEN, bearer-only with it, labelled by route pattern, never by id. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

const TOKEN = 'metrics-token-0123456789abcdef';
let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await startTestApp({ METRICS_TOKEN: TOKEN });
  off = await startTestApp();
}, 300_000);
afterAll(async () => {
  await on?.close();
  await off?.close();
});

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('metrics', () => {
  it('is not there without METRICS_TOKEN, even with a bearer token', async () => {
    expect((await scrape(off)).statusCode).toBe(404);
    const answer = await scrape(off, `Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toMatch(/http_requests_total|<html/i);
  });

  it('refuses no token, a wrong token and another scheme with 401 and no figures', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer ']) {
      const answer = await scrape(on, authorization);
      expect([authorization, answer.statusCode]).toEqual([authorization, 401]);
      expect(answer.body).not.toContain('http_requests_total');
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('answers the right token with the route pattern and status, never the id of the URL', async () => {
    const hash = 'f3a9c2e71b4d8a06c5e2f19d7b3a4c8e';
    expect((await on.api('GET', `/api/jobs/${hash}`)).statusCode).toBe(404);
    expect((await on.api('GET', `/api/jobs/${hash}x/view?ref=${hash}`)).statusCode).toBe(404);
    expect((await on.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    const answer = await scrape(on, `Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.body).toMatch(/^http_requests_total\{method="GET",route="\/api\/jobs\/:id",status_code="404"\} 1$/m);
    expect(answer.body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/health\/live",status_code="200"\} 1$/m,
    );
    expect(answer.body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(answer.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(answer.body).toMatch(/^alumni_mail_outbox_pending \d+$/m);
    expect(answer.body).toMatch(/^alumni_tasks_due \d+$/m);
    expect(answer.body).not.toContain(hash);
    const routes = [...answer.body.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{16}/);
  });
});
