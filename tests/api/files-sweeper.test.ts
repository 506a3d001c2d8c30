/**
 * The orphan sweeper (issue 26 §5), on both drivers: a private object with no `files` row (an upload interrupted after
 * the put, before the database commit) or a local `.part` left by a killed write is deleted once older than the grace
 * period by the periodic task `files.sweep`; younger ones and every object a row names stay. A row whose object is
 * missing is reported: a warning in the log and `alumni_files_missing` on /metrics (any instance: kept in `settings`).
 */
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_KINDS } from '../../src/server/lib/privateFiles';
import { privateKey } from '../../src/server/lib/storage';
import { startTestApp, type TestApp } from '../helpers/app';
import { startS3, type TestS3 } from '../helpers/s3';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
}, 120_000);
afterAll(async () => {
  await s3?.close();
});

const TOKEN = 'metrics-token-for-the-sweeper-test';
const HOUR = 3600_000;

describe.each(['local', 's3'] as const)('file sweeper: %s', (driver) => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    t = await startTestApp(
      { ...(driver === 's3' ? s3.env : {}), METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
      { logStream },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function missingGauge(): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const line = /^alumni_files_missing (\d+)$/m.exec(res.body);
    expect(line, res.body.slice(0, 300)).not.toBeNull();
    return Number(line![1]);
  }

  async function sweepAt(now: Date) {
    await t.app.db.deleteFrom('tasks').where('name', '=', 'files.sweep').execute();
    expect(await t.app.tasks.runDue(now)).toContain('files.sweep');
  }

  it('deletes old objects no row names, keeps young ones and every named one, and reports rows without their object', async () => {
    const storage = t.app.storage;
    const rows = await t.app.db
      .selectFrom('files')
      .select(['hash', 'path'])
      .where('kind', 'in', [...PRIVATE_KINDS]) // public pictures: tests/api/public-pictures.test.ts
      .orderBy('hash')
      .execute();
    expect(rows.length).toBeGreaterThan(2);
    // the demo shares one CV among many members: the row to lose is one whose path no other row has
    const gone = rows.find((row) => rows.filter((other) => other.path === row.path).length === 1);
    const named = rows.find((row) => row !== gone);
    expect([gone === undefined, named === undefined]).toEqual([false, false]);
    // a named object written now (the row's own file), and a row whose object is then removed behind its back
    await storage.put(privateKey(named!.path)!, Buffer.from('%PDF named'), { contentType: 'application/pdf' });
    await storage.put(privateKey(gone!.path)!, Buffer.from('%PDF gone'), { contentType: 'application/pdf' });
    await storage.delete(privateKey(gone!.path)!);
    // under S3 the seed's copy on this instance's disk would still serve it: remove that one too
    rmSync(join(t.app.config.dataDir, 'private', gone!.path), { force: true });
    expect(await storage.exists(privateKey(gone!.path)!)).toBe(false);

    const orphan = `private/cv/orphan${driver}aaaaaaaaaaaaaaaaaa.pdf`;
    await storage.put(orphan, Buffer.from('%PDF orphan'), { contentType: 'application/pdf' });
    // what a local write killed mid-stream leaves: the temporary `.part` beside the final name, three hours old
    const part = join(t.app.config.dataDir, 'private', 'cv', 'killedkilledkilledkilled.pdf.abcd1234.part');
    mkdirSync(dirname(part), { recursive: true });
    writeFileSync(part, 'half a fi');
    const old = new Date(Date.now() - 3 * HOUR);
    utimesSync(part, old, old);

    // within the grace period nothing is deleted: the upload may still be committing
    await sweepAt(new Date());
    expect(await storage.exists(orphan)).toBe(true);

    // two hours later the orphan (and, on the local driver, the `.part`) are gone; every object a row names is there
    await sweepAt(new Date(Date.now() + 2 * HOUR));
    expect(await storage.exists(orphan)).toBe(false);
    expect(existsSync(part)).toBe(driver === 's3');
    expect(await storage.exists(privateKey(named!.path)!)).toBe(true);
    const others = rows.filter((row) => row.path !== gone!.path);
    expect(others.length).toBeGreaterThan(1);
    const present = await Promise.all(others.map((row) => storage.exists(privateKey(row.path)!)));
    expect(present.filter((ok) => !ok)).toEqual([]);

    // the row without its object: logged by hash and counted on /metrics (read from the database by any instance)
    expect(others.length).toBe(rows.length - 1);
    expect(await missingGauge()).toBe(1);
    expect(logs.some((line) => line.includes('files without their stored object') && line.includes(gone!.hash))).toBe(
      true,
    );
  }, 120_000);
});
