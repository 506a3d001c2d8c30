/**
 * The file store's contract (issue 26 §2), run against both drivers: the local folder and S3 (a real S3 server,
 * @20minutes/s3rver on 127.0.0.1). Both must behave the same for every feature that keeps a file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { localStorage } from '../../src/server/lib/storage/local';
import { s3Storage } from '../../src/server/lib/storage/s3';
import { readAll, type FileStorage } from '../../src/server/lib/storage';
import { startS3, type TestS3 } from '../helpers/s3';

async function text(
  storage: FileStorage,
  key: string,
  range?: { start: number; end?: number },
): Promise<string | null> {
  const object = await storage.get(key, range);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

let s3: TestS3;
const folders: string[] = [];
const drivers: Record<'local' | 's3', () => FileStorage> = {
  local: () => {
    const folder = mkdtempSync(join(tmpdir(), 'alumni-store-'));
    folders.push(folder);
    return localStorage(folder);
  },
  s3: () =>
    s3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
};

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('file store contract: %s', (driver) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = drivers[driver]();
  });

  it('is reachable, and says which store it is', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(storage.driver).toBe(driver);
  });

  it('puts a buffer and a stream, gets them back whole and by range, and knows their size', async () => {
    await storage.put('private/cv/contract-a.pdf', Buffer.from('%PDF-1.4 hello'), { contentType: 'application/pdf' });
    const body = 'x'.repeat(70_000) + 'END';
    await storage.put(
      'uploads/avatars/contract-b.webp',
      Readable.from([Buffer.from(body.slice(0, 40_000)), Buffer.from(body.slice(40_000))]),
      { contentType: 'image/webp', size: body.length },
    );
    expect(await text(storage, 'private/cv/contract-a.pdf')).toBe('%PDF-1.4 hello');
    expect(await text(storage, 'uploads/avatars/contract-b.webp')).toBe(body);
    expect(await text(storage, 'private/cv/contract-a.pdf', { start: 5, end: 7 })).toBe('1.4');
    expect(await text(storage, 'private/cv/contract-a.pdf', { start: 9 })).toBe('hello');
    const object = await storage.get('uploads/avatars/contract-b.webp', { start: 0, end: 9 });
    expect([object?.size, object?.totalSize]).toEqual([10, body.length]);
    object?.body.destroy();
  });

  it('replaces an existing key, and answers exists/delete; a missing key is null, not an error', async () => {
    await storage.put('private/wall/contract-c.png', Buffer.from('one'), { contentType: 'image/png' });
    await storage.put('private/wall/contract-c.png', Buffer.from('two'), { contentType: 'image/png' });
    expect(await text(storage, 'private/wall/contract-c.png')).toBe('two');
    expect(await storage.exists('private/wall/contract-c.png')).toBe(true);
    await storage.delete('private/wall/contract-c.png');
    expect(await storage.exists('private/wall/contract-c.png')).toBe(false);
    expect(await storage.get('private/wall/contract-c.png')).toBeNull();
    await expect(storage.delete('private/wall/contract-c.png')).resolves.toBeUndefined();
    expect(await readAll(storage, 'private/wall/never-there.pdf')).toBeNull();
  });

  it('refuses keys that are not ours: other roots, `..`, absolute, empty parts', async () => {
    for (const key of [
      '../etc/passwd',
      '/private/cv/a.pdf',
      'private/../../x',
      'private//a',
      'other/a.pdf',
      'private/cv/a\0.pdf',
      'private',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
    expect.hasAssertions();
  });

  it('lists the objects under a prefix with their size and time of writing (what the sweeper reads)', async () => {
    const before = Date.now() - 60_000;
    await storage.put('private/portfolio/contract-list.pdf', Buffer.from('12345'), { contentType: 'application/pdf' });
    const listed = [];
    for await (const object of storage.list('private/')) listed.push(object);
    const mine = listed.filter((object) => object.key === 'private/portfolio/contract-list.pdf');
    expect(mine.length).toBe(1);
    expect(mine[0]!.size).toBe(5);
    expect(mine[0]!.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(listed.filter((object) => !object.key.startsWith('private/'))).toEqual([]);
    const uploads = [];
    for await (const object of storage.list('uploads/')) uploads.push(object.key);
    expect(uploads).not.toContain('private/portfolio/contract-list.pdf');
  });

  it('a stream whose length differs from the size announced is not stored', async () => {
    const put = storage.put('private/cv/contract-d.pdf', Readable.from([Buffer.from('short')]), {
      contentType: 'application/pdf',
      size: 50,
    });
    await expect(put).rejects.toThrow();
    expect(await storage.exists('private/cv/contract-d.pdf')).toBe(false);
  });
});

describe('file store: the local folder', () => {
  it('serves its private files through the portal (no store URL) and never follows a link out of its folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'alumni-store-'));
    folders.push(folder);
    const outside = mkdtempSync(join(tmpdir(), 'alumni-outside-'));
    folders.push(outside);
    writeFileSync(join(outside, 'secret.pdf'), 'secret');
    mkdirSync(join(folder, 'private', 'cv'), { recursive: true });
    symlinkSync(join(outside, 'secret.pdf'), join(folder, 'private', 'cv', 'link.pdf'));
    const storage = localStorage(folder);
    expect(
      await storage.signedUrl('private/cv/link.pdf', {
        downloadName: 'a.pdf',
        contentType: 'application/pdf',
        expiresInSeconds: 300,
      }),
    ).toBeNull();
    expect(await storage.get('private/cv/link.pdf')).toBeNull();
    expect(await storage.exists('private/cv/link.pdf')).toBe(false);
  });
});

describe('file store: S3 presigned downloads', () => {
  it('a presigned URL downloads the file under its name and type; a forged or expired one is refused', async () => {
    const storage = drivers.s3();
    await storage.put('private/cv/contract-e.pdf', Buffer.from('%PDF-1.4 signed'), { contentType: 'application/pdf' });
    const url = await storage.signedUrl('private/cv/contract-e.pdf', {
      downloadName: 'Currículum.pdf',
      contentType: 'application/pdf',
      expiresInSeconds: 300,
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/alumni-test\/private\/cv\/contract-e\.pdf\?.*X-Amz-Signature=/);
    const ok = await fetch(url!);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('%PDF-1.4 signed');
    expect(ok.headers.get('content-disposition')).toBe('attachment; filename="Curriculum.pdf"');
    expect(ok.headers.get('content-type')).toBe('application/pdf');

    // forged: another key under the same signature, another signature, a longer life than was signed
    const other = url!.replace('contract-e.pdf', 'contract-a.pdf');
    const badSignature = url!.replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
    );
    const longer = url!.replace('X-Amz-Expires=300', 'X-Amz-Expires=604800');
    expect(new Set([other, badSignature, longer]).size).toBe(3);
    for (const forged of [other, badSignature, longer]) {
      expect(forged).not.toBe(url);
      const answer = await fetch(forged);
      expect(answer.status).toBe(403);
      expect(await answer.text()).not.toContain('signed');
    }

    // expired: signed an hour ago for five minutes
    const old = s3Storage(
      {
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: s3.bucket,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      },
      () => new Date(Date.now() - 3600_000),
    );
    const expired = await old.signedUrl('private/cv/contract-e.pdf', {
      downloadName: 'a.pdf',
      contentType: 'application/pdf',
      expiresInSeconds: 300,
    });
    const late = await fetch(expired!);
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/expired/i);
  });

  it('an unreachable bucket fails the check', async () => {
    const missing = s3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(missing.check()).rejects.toThrow(/bucket/i);
  });
});
