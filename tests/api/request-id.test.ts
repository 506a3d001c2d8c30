/**
 * Issue 26 §4: every answer carries the request id its log lines carry (`x-request-id`), so an operator can find a
 * user's failed request in the logs of several instances. A proxy's id is kept when it is a plain token; anything
 * else (a header a client forged to inject lines into the logs) is replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('x-request-id', () => {
  it('is on every answer, a different one for each request: a read, a 404 and a refused input', async () => {
    const answers = [
      await t.api('GET', '/api/init'),
      await t.api('GET', '/api/init'),
      await t.api('GET', '/api/no-such-route'),
      await t.api('POST', '/usr/login', { body: { email: 'not an address' } }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 400]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[\w.-]{8,64}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a proxy's plain id, and replaces one with line breaks, spaces or too many characters", async () => {
    const kept = await t.api('GET', '/api/init', { headers: { 'x-request-id': 'lb-7f3a.91_c' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.91_c');
    for (const forged of ['a\r\nlevel: 60', 'two words', 'x'.repeat(65), '']) {
      const answer = await t.api('GET', '/api/init', { headers: { 'x-request-id': forged } });
      expect(answer.statusCode).toBe(200);
      const id = answer.headers['x-request-id'];
      expect(id).not.toBe(forged);
      expect(id).toMatch(/^[\w.-]{8,64}$/);
    }
  });

  it('is the id of the request in its log lines', async () => {
    const lines: Array<{ reqId?: string; msg?: string }> = [];
    const logged = await startTestApp(
      { LOG_LEVEL: 'debug' },
      { logStream: { write: (line) => lines.push(JSON.parse(line)) } },
    );
    try {
      const answer = await logged.api('GET', '/api/init', { headers: { 'x-request-id': 'trace-me-123' } });
      expect(answer.headers['x-request-id']).toBe('trace-me-123');
      const own = lines.filter((line) => line.reqId === 'trace-me-123');
      expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await logged.close();
    }
  });

  it('development logs at info are quiet: no line per request (issue 25 §9); debug brings them back', async () => {
    const lines: Array<{ msg?: string }> = [];
    const quiet = await startTestApp(
      { LOG_LEVEL: 'info', NODE_ENV: 'development' },
      { logStream: { write: (line) => lines.push(JSON.parse(line)) } },
    );
    try {
      const answers = await Promise.all([quiet.api('GET', '/api/init'), quiet.api('GET', '/api/jobs')]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(lines.filter((line) => /request/.test(line.msg ?? ''))).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
