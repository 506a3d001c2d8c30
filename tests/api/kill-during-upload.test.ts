/**
 * An instance killed with SIGKILL in the middle of an upload (issue 26 §5): instance K (a child process running the
 * real server) and instance A (in this process) share the database and DATA_DIR (the local store on a shared volume,
 * docs/deploy.md). K receives half of a member's CV and is killed. A goes on serving everything else, the member's
 * record is as it was (no row for the half file, the old CV still theirs), and the half-received file K left in the
 * shared folder is removed by the sweeper once older than the grace period.
 */
import { readdirSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLinks } from '../../src/server/lib/signedLinks';
import { API_KEY, TEST_DEVICE, startTestApp, type TestApp } from '../helpers/app';
import { multipart } from '../helpers/multipart';
import { runNode, type RunningProcess } from '../helpers/process';

let a: TestApp;
let k: RunningProcess;

beforeAll(async () => {
  a = await startTestApp({ RATE_LIMIT_SCALE: '1000' });
}, 120_000);
afterAll(async () => {
  if (k) await k.stop();
  await a?.close();
});

/** Files in DATA_DIR/tmp (uploads being received) and their sizes. */
function receiving(): { name: string; size: number }[] {
  const dir = join(a.app.config.dataDir, 'tmp');
  try {
    return readdirSync(dir).map((name) => ({ name, size: statSync(join(dir, name)).size }));
  } catch {
    return [];
  }
}

describe('SIGKILL during an upload', () => {
  it('leaves no half record, the other instance serves on, and the sweeper removes the half file', async () => {
    const config = a.app.config;
    k = runNode('src/server/main.ts', {
      DATABASE_URL: config.databaseUrl,
      DATA_DIR: config.dataDir,
      DIST_DIR: join(config.dataDir, 'no-dist'),
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      FILE_STORAGE: 'local',
      RATE_LIMIT_SCALE: '1000',
      TASKS_POLL_SECONDS: '0',
    });
    const base = await k.ready();

    const session = await a.login('bold@demo.test');
    const before = await a.app.db
      .selectFrom('users')
      .select(['hash', 'cv_file'])
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    const filesBefore = await a.app.db.selectFrom('files').select('hash').orderBy('hash').execute();
    expect(before.cv_file === null).toBe(false);

    // a 6 MB PDF, of which K receives 3 MB before it is killed
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(6 * 1024 * 1024, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const { body, headers } = multipart([{ name: 'file', filename: 'cv.pdf', type: 'application/pdf', data: pdf }]);
    const url = new URL('/usr/users/cv', base);
    const upload = httpRequest(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-length': String(body.length),
        apikey: API_KEY,
        language: 'en',
        token: session.token,
        deviceid: TEST_DEVICE,
        type: '2',
      },
    });
    const answered = new Promise<string>((resolve) => {
      upload.on('response', (res) => resolve(`answered ${res.statusCode}`));
      upload.on('error', (error) => resolve(`cut: ${error.message}`));
    });
    upload.write(body.subarray(0, 3 * 1024 * 1024));
    await expect.poll(() => receiving().some((file) => file.size > 1024 * 1024), { timeout: 30_000 }).toBe(true);
    k.child.kill('SIGKILL');
    expect(await k.exited).toBe(137);
    upload.destroy();
    expect(await answered).toMatch(/^cut: /);

    // A serves on: sign-in, the member's own CV through its link, readiness
    expect((await a.api('GET', '/health/ready')).statusCode).toBe(200);
    expect((await a.login('regular@demo.test')).token.length).toBeGreaterThan(10);
    const link = fileLinks(config.secretKey, { type: 'user', hash: before.hash }).link(before.cv_file!);
    const cv = await a.app.inject({ method: 'GET', url: link });
    expect(cv.statusCode).toBe(200);
    expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // no half record: the same files rows, the same CV
    const after = await a.app.db
      .selectFrom('users')
      .select('cv_file')
      .where('hash', '=', before.hash)
      .executeTakeFirst();
    expect(after?.cv_file).toBe(before.cv_file);
    expect(await a.app.db.selectFrom('files').select('hash').orderBy('hash').execute()).toEqual(filesBefore);

    // the half-received file K left behind is still there (nobody answered for it) …
    const left = receiving().filter((file) => file.name.endsWith('.part'));
    expect(left.length).toBe(1);
    // … and the sweeper removes it once past the grace period (not before: an upload may be under way)
    await a.app.db.deleteFrom('tasks').where('name', '=', 'files.sweep').execute();
    expect(await a.app.tasks.runDue(new Date())).toContain('files.sweep');
    expect(receiving().filter((file) => file.name.endsWith('.part')).length).toBe(1);
    await a.app.db.deleteFrom('tasks').where('name', '=', 'files.sweep').execute();
    expect(await a.app.tasks.runDue(new Date(Date.now() + 2 * 3600_000))).toContain('files.sweep');
    expect(receiving().filter((file) => file.name.endsWith('.part'))).toEqual([]);
  }, 180_000);
});
