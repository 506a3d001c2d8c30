/**
 * Issue 25 §9: a client that goes away mid-answer (a closed tab, a cancelled image, "premature close", ECONNRESET)
 * is not a server error: development logs showed each one as an error. Such aborts are logged below error level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { API_KEY, startTestApp, type TestApp } from '../helpers/app';
import { isClientAbort, loggerOptions } from '../../src/server/plugins/logging';

let t: TestApp;
const lines: Array<{ level: number; msg?: string; err?: { message?: string } }> = [];
let port = 0;

beforeAll(async () => {
  t = await startTestApp(
    { LOG_LEVEL: 'info', NODE_ENV: 'development' },
    { logStream: { write: (line) => lines.push(JSON.parse(line)) } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  // a big public picture: its answer is still streaming when the client hangs up
  writeFileSync(join(t.app.config.dataDir, 'uploads', 'abort-test.png'), Buffer.alloc(32 * 1024 * 1024, 7));
});
afterAll(async () => t?.close());

/** Sends a GET and hangs up: right away, or once the first bytes of the answer arrive. */
function abortedGet(path: string, when: 'sent' | 'first-bytes', how: 'close' | 'reset'): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      // the API's reads need the key; the cached public reads (jobs, groups) have their own hook for a gone client
      const key = path.startsWith('/api/') ? `apiKey: ${API_KEY}\r\nlanguage: en\r\n` : '';
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip, br\r\n${key}\r\n`);
      if (when === 'sent') setImmediate(() => hangUp());
    });
    // a closed tab ends the connection (FIN); a killed one resets it (RST: ECONNRESET on the server's side)
    const hangUp = () => (how === 'reset' ? socket.resetAndDestroy() : socket.destroy());
    socket.once('data', () => hangUp());
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}

describe('a client that hangs up', () => {
  it('leaves no error-level line in the log: a picture, the API description (compressed), a page, the API', async () => {
    // /docs/json is large and compressed: @fastify/compress logged each hang-up there as an error ("premature close")
    const paths = [
      '/uploads/abort-test.png',
      '/docs/json',
      '/en/jobs',
      '/api/init',
      '/api/jobs?page=1',
      '/api/workgroups',
    ];
    for (const path of paths) {
      for (const when of ['sent', 'first-bytes'] as const) {
        for (const how of ['close', 'reset'] as const) for (let i = 0; i < 3; i++) await abortedGet(path, when, how);
      }
    }
    // the server finishes what it was doing for the gone clients; a plain request after them is answered
    const after = await fetch(`http://127.0.0.1:${port}/uploads/abort-test.png`);
    expect(after.status).toBe(200);
    await after.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors.map((line) => `${line.msg} ${line.err?.message ?? ''}`)).toEqual([]);
    // the hang-ups did happen and are still in the log, below error level
    expect(
      lines.filter((line) => line.level === 30 && line.msg === 'client closed the connection (premature close)').length,
    ).toBeGreaterThan(0);
  });
});

describe('the log format', () => {
  it('is JSON lines in production, readable lines through pino-pretty in development', () => {
    const production = loggerOptions({ logLevel: 'info', production: true });
    expect(production && 'transport' in production).toBe(false);
    const development = loggerOptions({ logLevel: 'info', production: false });
    expect(development && development.transport).toMatchObject({ target: 'pino-pretty' });
    // a test reading the lines gets JSON whatever the environment
    const read = loggerOptions({ logLevel: 'info', production: false }, { write: () => undefined });
    expect(read && 'transport' in read).toBe(false);
    expect(loggerOptions({ logLevel: 'silent', production: false })).toBe(false);
  });

  it('writes a hang-up at info, a real error still at error', () => {
    const abort = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(isClientAbort(abort)).toBe(true);
    expect(isClientAbort(new Error('premature close'))).toBe(true);
    expect(isClientAbort(Object.assign(new Error('x'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }))).toBe(true);
    expect(isClientAbort(new Error('database is locked'))).toBe(false);
    expect(isClientAbort('premature close')).toBe(false);
  });
});
