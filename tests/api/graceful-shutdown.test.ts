/**
 * A restart does not cut requests (issue 26 §5): a real process gets SIGTERM while a request is still arriving; that
 * request is answered in full, new connections are refused, and the process exits 0.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testDatabase, usingPostgres, type TestDatabase } from '../helpers/db';
import { runNode, type RunningProcess } from '../helpers/process';

let database: TestDatabase;
let proc: RunningProcess;
let base = '';

beforeAll(async () => {
  database = await testDatabase();
  const env: Record<string, string> = {
    DATA_DIR: database.dataDir,
    DIST_DIR: join(database.dataDir, 'no-dist'),
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: 'false',
    SHUTDOWN_TIMEOUT_SECONDS: '20',
  };
  if (usingPostgres()) env['DATABASE_URL'] = database.url;
  proc = runNode('src/server/main.ts', env);
  base = await proc.ready(240_000);
}, 300_000);
afterAll(async () => {
  await proc?.stop();
  await database?.cleanup();
});

/** A sign-in whose body arrives in two halves, `pause` ms apart; resolves with the status and body, or the socket error. */
function slowSignIn(
  onFirstHalf: () => void,
  pause: number,
): Promise<{ status: number; body: string } | { error: string }> {
  const body = JSON.stringify({
    email: 'nobody@example.org',
    password: 'not-the-password',
    deviceId: 'testdevice0123456789',
    deviceType: 2,
    push: null,
  });
  return new Promise((resolve) => {
    const req = request(
      `${base}/usr/login`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          apikey: 'alumni-web-key',
          language: 'en',
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (error) => resolve({ error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ error: error.message }));
    req.write(body.slice(0, 20));
    onFirstHalf();
    setTimeout(() => req.end(body.slice(20)), pause);
  });
}

it('on SIGTERM a request in flight is answered in full, new connections are refused, and the process exits 0', async () => {
  expect((await fetch(`${base}/health/live`)).status).toBe(200);
  let signalled = false;
  const answer = await slowSignIn(() => {
    // the request has reached the server (its headers and half its body) when the signal comes
    setTimeout(() => {
      signalled = proc.child.kill('SIGTERM');
    }, 300);
  }, 1500);
  expect(signalled).toBe(true);
  expect(answer).toMatchObject({ status: 401 });
  expect((answer as { body: string }).body).toContain('"statusCode":401');
  expect(await proc.exited).toBe(0);
  await expect(fetch(`${base}/health/live`)).rejects.toThrow();
});
