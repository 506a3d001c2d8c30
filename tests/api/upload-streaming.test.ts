/**
 * Uploads are streamed to a temporary file, never held whole in memory (issue 23 item 5): a received file is a path
 * under DATA_DIR/tmp while its route runs; the size limit is enforced while streaming (413 `upload.tooLarge`, as
 * before); and the temporary files are always removed — after success, after a refusal (too large, wrong type,
 * too many), after the route failed, and when the client goes away in the middle of the body.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { multipart, uploadAs, type Part } from '../helpers/multipart';

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

describe('in the real app', () => {
  let t: TestApp;
  let member: Session;
  const tmp = () => join(t.app.config.dataDir, 'tmp');
  const upload = (url: string, parts: Part[]) => uploadAs(t, url, member, parts);

  beforeAll(async () => {
    t = await startTestApp();
    member = await t.login('bold@demo.test');
  });
  afterAll(async () => t?.close());

  it('leaves the temporary folder empty after a CV and a photo', async () => {
    expect(
      (await upload('/usr/users/cv', [{ name: 'file', filename: 'cv.pdf', type: 'application/pdf', data: PDF }]))
        .statusCode,
    ).toBe(200);
    expect(
      (await upload('/usr/users/avatar', [{ name: 'image', filename: 'me.png', type: 'image/png', data: await png() }]))
        .statusCode,
    ).toBe(200);
    expect(existsSync(tmp())).toBe(true);
    expect(readdirSync(tmp())).toEqual([]);
  });

  it('answers 413 upload.tooLarge to a CV over 10 MB and leaves no temporary file', async () => {
    const res = await upload('/usr/users/cv', [
      { name: 'file', filename: 'big.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(10 * MB)]) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'The file is larger than 10 MB. Choose a smaller one.' });
    expect(readdirSync(tmp())).toEqual([]);
  });

  it('leaves no temporary file after refusals: wrong type, empty, incomplete PDF, too many files', async () => {
    const cases: Array<[string, Part[]]> = [
      ['/usr/users/cv', [{ name: 'file', filename: 'x.pdf', type: 'application/pdf', data: await png() }]],
      ['/usr/users/cv', [{ name: 'file', filename: 'x.pdf', type: 'application/pdf', data: Buffer.alloc(0) }]],
      ['/usr/users/cv', [{ name: 'file', filename: 'x.pdf', type: 'application/pdf', data: PDF.subarray(0, 30) }]],
      [
        '/usr/users/cv',
        [
          { name: 'file', filename: 'a.pdf', data: PDF },
          { name: 'file', filename: 'b.pdf', data: PDF },
        ],
      ],
      [
        '/usr/users/avatar',
        [{ name: 'image', filename: 'x.png', type: 'image/png', data: Buffer.concat([(await png()).subarray(0, 60)]) }],
      ],
    ];
    for (const [url, parts] of cases) {
      const res = await upload(url, parts);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(readdirSync(tmp()), url).toEqual([]);
    }
  });
});

describe('the pipeline alone', () => {
  let dir: string;
  let seen: Array<{ path: string; existed: boolean; bytes: number; size: number }> = [];

  /** A bare Fastify with our error handler and the pipeline, its temporary folder `dir/tmp`; `/fail` throws after reading. */
  async function bare() {
    const { default: Fastify } = await import('fastify');
    const { errorsPlugin } = await import('../../src/server/plugins/errors');
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- its type names the pipeline's files
    const { uploadsPlugin, uploadBody, UploadedFile } = await import('../../src/server/plugins/uploads');
    const app = Fastify();
    app.decorateRequest('lng', 'en');
    errorsPlugin(app);
    const routes = async (scope: typeof app) => {
      for (const url of ['/cv', '/fail']) {
        scope.post(
          url,
          { config: { upload: 'document' }, schema: { body: uploadBody('document') } },
          async (request) => {
            const file = (request.body as Record<string, InstanceType<typeof UploadedFile>>)['file']!;
            seen.push({
              path: file.path,
              existed: existsSync(file.path),
              bytes: (await file.read()).length,
              size: file.size,
            });
            if (url === '/fail') throw new Error('the route failed');
            return { ok: true };
          },
        );
      }
    };
    await app.register(uploadsPlugin, { routes: [routes as never], tmpDir: join(dir, 'tmp') });
    return app;
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'upload-streaming-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('hands the route a file on disk under the temporary folder, removed once answered (also when the route failed)', async () => {
    const app = await bare();
    try {
      for (const [url, status] of [
        ['/cv', 200],
        ['/fail', 500],
      ] as const) {
        seen = [];
        const { body, headers } = multipart([{ name: 'file', filename: 'cv.pdf', type: 'application/pdf', data: PDF }]);
        const res = await app.inject({ method: 'POST', url, payload: body, headers });
        expect(res.statusCode, url).toBe(status);
        expect(seen).toHaveLength(1);
        expect(dirname(seen[0]!.path), url).toBe(join(dir, 'tmp'));
        expect([seen[0]!.existed, seen[0]!.bytes, seen[0]!.size], url).toEqual([true, PDF.length, PDF.length]);
        expect(existsSync(seen[0]!.path), url).toBe(false);
        expect(readdirSync(join(dir, 'tmp')), url).toEqual([]);
      }
    } finally {
      await app.close();
    }
  });

  it('stops at the limit while streaming (413) and keeps nothing', async () => {
    const app = await bare();
    try {
      seen = [];
      const { body, headers } = multipart([
        {
          name: 'file',
          filename: 'big.pdf',
          type: 'application/pdf',
          data: Buffer.concat([PDF, Buffer.alloc(10 * MB + 1)]),
        },
      ]);
      const res = await app.inject({ method: 'POST', url: '/cv', payload: body, headers });
      expect([res.statusCode, res.json().message]).toEqual([
        413,
        'The file is larger than 10 MB. Choose a smaller one.',
      ]);
      expect(seen).toEqual([]);
      expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('removes the partial temporary file when the client goes away in the middle of the body', async () => {
    const app = await bare();
    let socket: ReturnType<typeof connect> | undefined;
    try {
      seen = [];
      const port = await app.listen({ port: 0, host: '127.0.0.1' }).then((address) => Number(new URL(address).port));
      const boundary = 'xxBOUNDARYxx';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      socket = connect(port, '127.0.0.1');
      await new Promise((ok) => socket!.once('connect', ok));
      socket.write(
        `POST /cv HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${5 * MB}\r\n\r\n${head}`,
      );
      socket.write(Buffer.concat([PDF, Buffer.alloc(MB)]));
      // wait until the partial file is on disk, then hang up
      for (let i = 0; i < 200 && !(existsSync(join(dir, 'tmp')) && readdirSync(join(dir, 'tmp')).length > 0); i++)
        await new Promise((ok) => setTimeout(ok, 25));
      expect(readdirSync(join(dir, 'tmp')).length).toBe(1);
      socket.destroy();
      for (let i = 0; i < 200 && readdirSync(join(dir, 'tmp')).length > 0; i++)
        await new Promise((ok) => setTimeout(ok, 25));
      expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
      expect(seen).toEqual([]);
    } finally {
      socket?.destroy();
      await app.close();
    }
  });
});
