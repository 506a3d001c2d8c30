/** `npm run files:migrate` (issue 26 §1): the local folder into S3 under the keys the portal reads; a second run copies only what changed. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateFiles } from '../../src/server/cli/files-migrate';
import { readAll } from '../../src/server/lib/storage';
import { s3Storage } from '../../src/server/lib/storage/s3';
import { startS3, type TestS3 } from '../helpers/s3';

let s3: TestS3;
let dataDir = '';
beforeAll(async () => {
  s3 = await startS3();
  dataDir = mkdtempSync(join(tmpdir(), 'alumni-migrate-'));
  mkdirSync(join(dataDir, 'uploads', 'avatars'), { recursive: true });
  mkdirSync(join(dataDir, 'private', 'cv'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', 'avatars', 'abc.webp'), 'webp-bytes');
  writeFileSync(join(dataDir, 'private', 'cv', 'def.pdf'), '%PDF-1.4 cv');
  writeFileSync(join(dataDir, 'private', 'cv', 'half.pdf.x1.part'), 'half');
  writeFileSync(join(dataDir, 'portal.db'), 'not a file of the store');
});
afterAll(async () => {
  await s3?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('copies uploads/ and private/ into the bucket, then only what changed; refuses to run without FILE_STORAGE=s3', async () => {
  const env = { ...s3.env, DATA_DIR: dataDir };
  const lines: string[] = [];
  expect(await migrateFiles(env, (line) => lines.push(line))).toEqual({ copied: 2, skipped: 0, refused: 1 });
  const bucket = s3Storage({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  expect((await readAll(bucket, 'uploads/avatars/abc.webp'))?.toString()).toBe('webp-bytes');
  expect((await readAll(bucket, 'private/cv/def.pdf'))?.toString()).toBe('%PDF-1.4 cv');
  expect(await bucket.exists('private/portal.db')).toBe(false);
  expect(await migrateFiles(env, () => undefined)).toEqual({ copied: 0, skipped: 2, refused: 1 });
  writeFileSync(join(dataDir, 'private', 'cv', 'def.pdf'), '%PDF-1.4 cv, cut before');
  expect(await migrateFiles(env, () => undefined)).toEqual({ copied: 1, skipped: 1, refused: 1 });
  expect((await readAll(bucket, 'private/cv/def.pdf'))?.toString()).toBe('%PDF-1.4 cv, cut before');
  await expect(migrateFiles({ DATA_DIR: dataDir }, () => undefined)).rejects.toThrow(/FILE_STORAGE=s3/);
  expect(lines.at(-1)).toMatch(/^Copied 2, already there 0, skipped 1 — into S3 bucket alumni-test at http/);
});
