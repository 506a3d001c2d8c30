/**
 * `npm run backup` / `npm run restore` (issue 26 §6) with real processes: a portal on SQLite serves while it is backed
 * up; the restore refuses a non-empty DATA_DIR and a database in use, then brings the backup into a fresh DATA_DIR where
 * a second portal answers the same record and the same file. PostgreSQL is refused with the pg_dump pointer.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../../src/server/db/dialect';
import { seedDemo } from '../../src/server/db/seed/index';
import { testDatabase, usingPostgres } from '../helpers/db';
import { runNode, runToEnd, type RunningProcess } from '../helpers/process';

const root = mkdtempSync(join(tmpdir(), 'alumni-backup-test-'));
const dataDir = join(root, 'data');
const freshDir = join(root, 'fresh');
const outDir = join(root, 'backups');
const running: RunningProcess[] = [];
let jobHash = '';
let photo = '';

const serverEnv = (dir: string) => ({
  DATA_DIR: dir,
  DIST_DIR: join(root, 'no-dist'),
  HOST: '127.0.0.1',
  PORT: '0',
  SEED_DEMO: 'false',
  TASKS_POLL_SECONDS: '0',
});

async function start(dir: string) {
  const proc = runNode('src/server/main.ts', serverEnv(dir));
  running.push(proc);
  return { proc, base: await proc.ready(120_000) };
}

/** The record and the file a member would see. */
async function answers(base: string) {
  const job = await fetch(`${base}/api/jobs/${jobHash}`, { headers: { apikey: 'alumni-web-key', language: 'en' } });
  const file = await fetch(`${base}/uploads/${photo}`);
  return {
    job: [job.status, ((await job.json()) as { title?: string }).title],
    file: [file.status, Buffer.from(await file.arrayBuffer()).toString('base64')],
  };
}

beforeAll(async () => {
  const db = createDb(`sqlite:${join(dataDir, 'portal.db')}`);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: join(dataDir, 'uploads') });
  const job = await db.selectFrom('jobs').select('hash').where('status', '=', 'PUBLISHED').executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('photo').where('photo', 'is not', null).executeTakeFirstOrThrow();
  await db.destroy();
  jobHash = job.hash;
  photo = String(user.photo).replace(/^\/?uploads\//, '');
}, 120_000);
afterAll(async () => {
  for (const proc of running) await proc.stop();
  rmSync(root, { recursive: true, force: true });
});

it('backs up while the portal serves; restores only into an empty, unused DATA_DIR; the fresh portal answers the same', async () => {
  const first = await start(dataDir);
  const before = await answers(first.base);
  expect(before.job[0]).toBe(200);
  expect(before.file[0]).toBe(200);

  // the backup runs while the portal keeps answering
  const busy = Promise.all(Array.from({ length: 20 }, () => answers(first.base)));
  const made = await runToEnd('src/server/cli/backup.ts', { DATA_DIR: dataDir }, ['--out', outDir]);
  expect([made.code, made.output]).toEqual([0, expect.stringMatching(/^Backed up the database and \d+ files into /)]);
  expect((await busy).every((answer) => answer.job[0] === 200)).toBe(true);
  const archives = readdirSync(outDir).filter((name) => /^alumni-backup-.+\.tar\.gz$/.test(name));
  expect(archives).toHaveLength(1);
  const archive = join(outDir, archives[0]!);

  // not over the running portal's data, with or without --force
  const over = await runToEnd('src/server/cli/restore.ts', { DATA_DIR: dataDir }, [archive]);
  expect([over.code, over.output]).toEqual([1, expect.stringContaining('is not empty')]);
  const forced = await runToEnd('src/server/cli/restore.ts', { DATA_DIR: dataDir }, [archive, '--force']);
  expect([forced.code, forced.output]).toEqual([1, expect.stringContaining('is in use')]);

  const restored = await runToEnd('src/server/cli/restore.ts', { DATA_DIR: freshDir }, [archive]);
  expect([restored.code, restored.output]).toEqual([0, expect.stringContaining('Restored')]);
  expect(existsSync(join(freshDir, 'portal.db'))).toBe(true);
  const again = await runToEnd('src/server/cli/restore.ts', { DATA_DIR: freshDir }, [archive]);
  expect(again.code).toBe(1);

  await first.proc.stop();
  const second = await start(freshDir);
  expect(await answers(second.base)).toEqual(before);
}, 240_000);

it('refuses what is not a backup, and sends PostgreSQL to pg_dump and the deploy guide', async () => {
  const bogus = join(root, 'bogus.tar.gz');
  writeFileSync(bogus, 'not an archive');
  const empty = join(root, 'empty');
  const notArchive = await runToEnd('src/server/cli/restore.ts', { DATA_DIR: empty }, [bogus]);
  expect(notArchive.code).toBe(1);
  expect(existsSync(join(empty, 'portal.db'))).toBe(false);

  const database = usingPostgres() ? await testDatabase() : null;
  const url = database?.url ?? 'postgres://postgres@127.0.0.1:55432/postgres';
  try {
    for (const script of ['backup', 'restore']) {
      const run = await runToEnd(`src/server/cli/${script}.ts`, { DATABASE_URL: url, DATA_DIR: empty }, [
        ...(script === 'backup' ? ['--out', outDir] : [bogus]),
      ]);
      expect([script, run.code]).toEqual([script, 1]);
      expect(run.output).toMatch(script === 'backup' ? /pg_dump/ : /pg_restore/);
      expect(run.output).toContain('docs/deploy.md');
    }
  } finally {
    await database?.cleanup();
  }
}, 120_000);
