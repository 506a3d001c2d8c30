/**
 * Uploads (issue 8 §2, DESIGN §4b) with real multipart bodies and real images made by sharp: type by
 * content, per-kind size limits (413 saying the maximum), image bombs and broken images refused (400,
 * never a crash), EXIF gone, public avatars served with a long cache, CVs and student files private
 * (signed links only), old files removed on replace and delete, and nothing half-written on failure.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import sharp from 'sharp';
import { filesRepository } from '../../src/server/modules/users/filesRepository';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { multipart, uploadAs, type Part } from '../helpers/multipart';

let t: TestApp;
let member: Session;
let other: Session;
let company: Session;
let admin: Session;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await startTestApp();
  member = await t.login('bold@demo.test');
  other = await t.login('regular@demo.test');
  company = await t.login('company@demo.test', 'com');
  admin = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const upload = (url: string, session: Session | null, parts: Part[], language = 'en') =>
  uploadAs(t, url, session, parts, language);

const as = (session: Session) => ({ token: session.token, deviceId: session.deviceId });
const dir = (...path: string[]) => join(t.app.config.dataDir, ...path);
const list = (...path: string[]) => (existsSync(dir(...path)) ? readdirSync(dir(...path)).sort() : []);
const jpegWithExif = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-owner' } } })
    .toBuffer();
const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

/** A small PNG whose header claims `width`×`height` pixels. */
async function pngBomb(width = 50_000, height = 50_000) {
  const bytes = Buffer.from(await png(8, 8));
  bytes.writeUInt32BE(width, 16); // IHDR width
  bytes.writeUInt32BE(height, 20); // IHDR height (the CRC no longer matches either)
  return bytes;
}

function expectFieldError(res: { statusCode: number; json(): any; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(
    res.json().errors.map((e: { field: string }) => e.field),
    res.body,
  ).toContain(field);
}

describe('avatar', () => {
  it('re-encodes to WebP without EXIF: a 256 px square and a larger version, served publicly with a long cache', async () => {
    const res = await upload('/usr/users/avatar', member, [
      { name: 'image', filename: 'me.jpg', type: 'image/jpeg', data: await jpegWithExif() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { photo, photo_large } = res.json();
    expect(photo).toMatch(/^\/uploads\/avatars\/[a-z0-9]{24}\.webp$/);
    expect(photo_large).toMatch(/^\/uploads\/avatars\/[a-z0-9]{24}-large\.webp$/);
    const stored = readFileSync(dir(photo.slice(1)));
    expect(stored.includes('secret-exif-owner')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    const large = await sharp(readFileSync(dir(photo_large.slice(1)))).metadata();
    expect([large.width, large.height, large.exif]).toEqual([900, 600, undefined]);
    const served = await t.app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/max-age=2592000/);
    expect(served.headers['content-type']).toBe('image/webp');
    const me = await t.api('GET', '/usr/users/me', as(member));
    expect(me.json().photo).toBe(photo);
  });

  it('removes the old files on replace and on DELETE', async () => {
    const first = (
      await upload('/usr/users/avatar', member, [
        { name: 'image', filename: 'a.png', type: 'image/png', data: await png() },
      ])
    ).json();
    const second = await upload('/usr/users/avatar', member, [
      { name: 'image', filename: 'b.png', type: 'image/png', data: await png(300, 100) },
    ]);
    expect(second.statusCode).toBe(200);
    expect(existsSync(dir(first.photo.slice(1)))).toBe(false);
    expect(existsSync(dir(first.photo_large.slice(1)))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first.photo })).statusCode).toBe(404);
    const gone = await t.api('DELETE', '/usr/users/avatar', as(member));
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ photo: null, photo_large: null });
    expect(existsSync(dir(second.json().photo.slice(1)))).toBe(false);
    expect((await t.api('GET', '/usr/users/me', as(member))).json().photo).toBeNull();
  });

  it('answers 413 over 5 MB, saying the maximum in the request language, and keeps nothing', async () => {
    const before = list('uploads', 'avatars');
    const big = Buffer.concat([await png(), Buffer.alloc(5 * MB)]);
    for (const [language, text] of [
      ['en', 'larger than 5 MB'],
      ['es', '5 MB'],
      ['ca', '5 MB'],
    ] as const) {
      const res = await upload(
        '/usr/users/avatar',
        member,
        [{ name: 'image', filename: 'big.png', type: 'image/png', data: big }],
        language,
      );
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ statusCode: 413, code: 'upload.tooLarge' });
      expect(res.json().message).toContain(text);
    }
    expect(list('uploads', 'avatars')).toEqual(before);
  });

  it('refuses what is not a JPEG, PNG or WebP by content, naming the field and the accepted types', async () => {
    for (const [filename, data] of [
      ['cv.jpg', PDF],
      ['x.svg', SVG],
      ['x.png', Buffer.from('hello, not an image')],
    ] as const) {
      const res = await upload('/usr/users/avatar', member, [{ name: 'image', filename, type: 'image/png', data }]);
      expectFieldError(res, 'image');
      expect(res.json().errors[0].message).toMatch(/JPEG.*PNG.*WebP/);
    }
  });

  it('refuses an image bomb, a truncated image and a zero-byte file with 400, never a crash', async () => {
    const before = list('uploads', 'avatars');
    const jpeg = await jpegWithExif();
    for (const data of [await pngBomb(), jpeg.subarray(0, Math.floor(jpeg.length / 2)), Buffer.alloc(0)]) {
      expectFieldError(
        await upload('/usr/users/avatar', member, [{ name: 'image', filename: 'x.jpg', type: 'image/jpeg', data }]),
        'image',
      );
    }
    // refused for its claimed size, before decoding: 48 megapixels is under sharp's own default limit
    for (const data of [await pngBomb(), await pngBomb(8000, 6000)]) {
      const res = await upload('/usr/users/avatar', member, [
        { name: 'image', filename: 'x.png', type: 'image/png', data },
      ]);
      expect(res.json().errors[0].message).toContain('40 megapixels');
    }
    expect(list('uploads', 'avatars')).toEqual(before);
  });

  it('needs exactly one file in the field `image`', async () => {
    const image = await png();
    expectFieldError(await upload('/usr/users/avatar', member, []), 'image');
    expectFieldError(await t.api('POST', '/usr/users/avatar', { ...as(member), body: '{}', json: true }), 'image');
    expectFieldError(
      await upload('/usr/users/avatar', member, [
        { name: 'image', filename: 'a.png', type: 'image/png', data: image },
        { name: 'image', filename: 'b.png', type: 'image/png', data: image },
      ]),
      'image',
    );
    expectFieldError(
      await upload('/usr/users/avatar', member, [{ name: 'file', filename: 'a.png', type: 'image/png', data: image }]),
      'file',
    );
    expectFieldError(await upload('/usr/users/avatar', member, [{ name: 'image', data: 'just text' }]), 'image');
  });

  it('is for the signed-in member only: anonymous 401, company and administrator 403', async () => {
    const parts = [{ name: 'image', filename: 'a.png', type: 'image/png', data: await png() }];
    expect((await upload('/usr/users/avatar', null, parts)).statusCode).toBe(401);
    expect((await upload('/usr/users/avatar', company, parts)).statusCode).toBe(403);
    expect((await upload('/usr/users/avatar', admin, parts)).statusCode).toBe(403);
    for (const url of ['/usr/users/avatar', '/usr/users/cv', '/usr/users/student/file']) {
      expect((await t.api('DELETE', url)).statusCode).toBe(401);
      expect((await t.api('DELETE', url, as(company))).statusCode).toBe(403);
    }
  });
});

describe('CV and student file', () => {
  it('accepts a PDF by content whatever its name, stores it privately and answers a signed link that works', async () => {
    const res = await upload('/usr/users/cv', member, [
      { name: 'file', filename: 'my cv.txt', type: 'text/plain', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().has_cv).toBe(true);
    expect(res.json().cv).toMatch(/^\/files\/[a-z0-9]+\?exp=\d+&by=user\.[a-z0-9]+&sig=/);
    const file = await t.app.inject({ method: 'GET', url: res.json().cv });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="my cv\.pdf"/);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(list('private', 'cv').length).toBeGreaterThan(0);
    expect(JSON.stringify(list('uploads'))).not.toMatch(/pdf|cv/);
    expect((await t.api('GET', '/usr/users/me', as(member))).json()).toMatchObject({ has_cv: true });
  });

  it('replaces and deletes: the old file and its row disappear', async () => {
    const hashOf = (link: string) => link.split('?')[0]!.split('/').pop()!;
    const first = (
      await upload('/usr/users/cv', member, [{ name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }])
    ).json();
    const firstRow = await t.app.db
      .selectFrom('files')
      .select('path')
      .where('hash', '=', hashOf(first.cv))
      .executeTakeFirstOrThrow();
    const second = (
      await upload('/usr/users/cv', member, [{ name: 'file', filename: 'b.pdf', type: 'application/pdf', data: PDF }])
    ).json();
    expect(existsSync(dir('private', firstRow.path))).toBe(false);
    expect(
      await t.app.db.selectFrom('files').select('hash').where('hash', '=', hashOf(first.cv)).executeTakeFirst(),
    ).toBeUndefined();
    const secondRow = await t.app.db
      .selectFrom('files')
      .select('path')
      .where('hash', '=', hashOf(second.cv))
      .executeTakeFirstOrThrow();
    const gone = await t.api('DELETE', '/usr/users/cv', as(member));
    expect(gone.json()).toEqual({ has_cv: false, cv: null });
    expect(existsSync(dir('private', secondRow.path))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: second.cv })).statusCode).toBe(404);
  });

  it('refuses PNG bytes named .pdf, SVG and an empty file, naming the field and saying PDF', async () => {
    for (const [filename, data] of [
      ['cv.pdf', await png()],
      ['cv.pdf', SVG],
      ['cv.pdf', Buffer.alloc(0)],
    ] as const) {
      const res = await upload('/usr/users/cv', member, [{ name: 'file', filename, type: 'application/pdf', data }]);
      expectFieldError(res, 'file');
    }
    const wrong = await upload(
      '/usr/users/student/file',
      member,
      [{ name: 'file', filename: 'x.pdf', type: 'application/pdf', data: await png() }],
      'es',
    );
    expect(wrong.json().errors[0].message).toContain('PDF');
  });

  it('answers 413 over 10 MB and keeps nothing', async () => {
    const before = list('private', 'cv');
    const rows = await t.app.db.selectFrom('files').select('hash').execute();
    const res = await upload('/usr/users/cv', other, [
      { name: 'file', filename: 'big.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(10 * MB)]) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('10 MB');
    expect(list('private', 'cv')).toEqual(before);
    expect(await t.app.db.selectFrom('files').select('hash').execute()).toHaveLength(rows.length);
  });

  it('student file: upload, signed link for the owner, delete', async () => {
    const res = await upload('/usr/users/student/file', other, [
      { name: 'file', filename: 'expediente.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: res.json().student_file })).statusCode).toBe(200);
    expect((await t.api('GET', '/usr/users/me', as(other))).json().student_file).toMatch(/^\/files\//);
    const gone = await t.api('DELETE', '/usr/users/student/file', as(other));
    expect(gone.json()).toEqual({ student_file: null });
    expect((await t.app.inject({ method: 'GET', url: res.json().student_file })).statusCode).toBe(404);
  });

  it('applies uploads at once one after the other: one CV row and one photo remain, no orphan files', async () => {
    const session = await t.login('gratis@demo.test');
    const me = (await t.api('GET', '/usr/users/me', as(session))).json();
    const cvs = await Promise.all(
      Array.from({ length: 4 }, () =>
        upload('/usr/users/cv', session, [{ name: 'file', filename: 'cv.pdf', type: 'application/pdf', data: PDF }]),
      ),
    );
    expect(cvs.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await t.app.db
      .selectFrom('files')
      .select('path')
      .where('owner_hash', '=', me.hash)
      .where('kind', '=', 'cv')
      .execute();
    expect(rows).toHaveLength(1);
    expect(list('private', 'cv').filter((name) => !rows.some((row) => row.path === `cv/${name}`)).length).toBe(
      list('private', 'cv').length - 1,
    );
    const before = list('uploads', 'avatars').length;
    const photos = await Promise.all(
      Array.from({ length: 4 }, async () =>
        upload('/usr/users/avatar', session, [
          { name: 'image', filename: 'a.png', type: 'image/png', data: await png() },
        ]),
      ),
    );
    expect(photos.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(list('uploads', 'avatars').length).toBe(before + 2);
  });

  it('leaves nothing behind when the database write fails after the file was written', async () => {
    const before = list('private', 'student');
    const spy = vi.spyOn(filesRepository, 'replacePrivate').mockRejectedValueOnce(new Error('database down'));
    try {
      const res = await upload('/usr/users/student/file', other, [
        { name: 'file', filename: 'x.pdf', type: 'application/pdf', data: PDF },
      ]);
      expect(res.statusCode).toBe(500);
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
    expect(list('private', 'student')).toEqual(before);
  });
});

describe('hostile multipart bodies', () => {
  it('answer 400 or 413, never 500, and write nothing', async () => {
    const before = [
      list('uploads', 'avatars'),
      list('private', 'cv'),
      await t.app.db.selectFrom('files').select('hash').execute(),
    ];
    const part = fc.record({
      name: fc.oneof(fc.constantFrom('image', 'file', '__proto__', 'images[]', ''), fc.string({ maxLength: 12 })),
      filename: fc.option(fc.constantFrom('a.png', 'a.pdf', '../../etc/passwd', '', 'x'.repeat(300)), {
        nil: undefined,
      }),
      data: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom(SVG.toString(), '%PDF-', '\x89PNG\r\n\x1a\n')),
    });
    const bodies = fc.sample(fc.array(part, { maxLength: 4 }), { numRuns: 60, seed: 8 });
    for (const parts of bodies) {
      for (const url of ['/usr/users/avatar', '/usr/users/cv']) {
        const res = await upload(
          url,
          member,
          parts.filter((p) => !/["\r\n]/.test(p.name + (p.filename ?? ''))),
        );
        expect([400, 413], `${url} ${JSON.stringify(parts).slice(0, 120)} → ${res.body.slice(0, 160)}`).toContain(
          res.statusCode,
        );
      }
    }
    const broken = [
      Buffer.from('--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc'),
      Buffer.from('garbage'),
    ];
    for (const body of broken) {
      const res = await t.api('POST', '/usr/users/avatar', {
        ...as(member),
        body,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect([
      list('uploads', 'avatars'),
      list('private', 'cv'),
      await t.app.db.selectFrom('files').select('hash').execute(),
    ]).toEqual(before);
  });

  it('other write routes do not take multipart bodies (415)', async () => {
    const { body, headers } = multipart([
      { name: 'email', data: 'bold@demo.test' },
      { name: 'password', data: 'demo-password' },
    ]);
    const res = await t.api('POST', '/usr/login', { body, headers });
    expect(res.statusCode, res.body).toBe(415);
  });
});

describe('several files in one field (the portfolio images kind, before its route exists)', () => {
  /** The pipeline alone, on a bare Fastify with our error handler: `images[]`, 8 MB each, at most 12. */
  async function bare() {
    const { default: Fastify } = await import('fastify');
    const { errorsPlugin } = await import('../../src/server/plugins/errors');
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- its type names the pipeline's files
    const { uploadsPlugin, uploadBody, UploadedFile } = await import('../../src/server/plugins/uploads');
    const app = Fastify();
    app.decorateRequest('lng', 'en');
    errorsPlugin(app);
    const routes = async (scope: typeof app) => {
      scope.post(
        '/images',
        { config: { upload: 'portfolioImage' }, schema: { body: uploadBody('portfolioImage') } },
        async (request) => {
          const files = (request.body as Record<string, InstanceType<typeof UploadedFile>[]>)['images[]']!;
          return { sizes: files.map((file) => file.size), types: files.map((file) => file.detected) };
        },
      );
    };
    await app.register(uploadsPlugin, { routes: [routes as never] });
    return app;
  }
  const post = (app: Awaited<ReturnType<typeof bare>>, parts: Part[]) => {
    const { body, headers } = multipart(parts);
    return app.inject({ method: 'POST', url: '/images', payload: body, headers });
  };

  it('takes up to 12 images, refuses a 13th, an oversize one (8 MB) and a wrong type among them', async () => {
    const app = await bare();
    try {
      const image = (name = 'images[]') => ({ name, filename: 'p.png', type: 'image/png', data: Buffer.alloc(0) });
      const pngBytes = await png();
      const many = (n: number) => Array.from({ length: n }, () => ({ ...image(), data: pngBytes }));
      const ok = await post(app, many(3));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().types).toEqual(['image/png', 'image/png', 'image/png']);
      expect((await post(app, many(12))).statusCode).toBe(200);
      const thirteen = await post(app, many(13));
      expect(thirteen.statusCode).toBe(400);
      expect(thirteen.json().errors[0]).toEqual({ field: 'images[]', message: 'Send at most 12 files.' });
      const big = await post(app, [...many(1), { ...image(), data: Buffer.concat([pngBytes, Buffer.alloc(8 * MB)]) }]);
      expect([big.statusCode, big.json().message]).toEqual([
        413,
        'The file is larger than 8 MB. Choose a smaller one.',
      ]);
      expectFieldError(await post(app, [...many(2), { ...image(), data: PDF }]), 'images[]');
    } finally {
      await app.close();
    }
  });
});
