/**
 * Group wall files and every private file, as served (issue 23 item 3): a wall picture is re-encoded like every other
 * picture (EXIF and GPS gone, for an anonymous visitor of a public group and for a member alike; bytes appended after
 * the image gone too), and a private file is offered under a name whose extension is that of its stored type — never
 * the uploader's `.html`/`.svg`/`.js` — with that type as Content-Type, `nosniff` and `attachment`. The name is decided
 * when the file is served, so rows stored before this change are served safely as well.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newHash, nowIso } from '../../src/server/lib/ids';
import { privateRoot, storePrivate } from '../../src/server/lib/privateFiles';
import { fileLinks } from '../../src/server/lib/signedLinks';
import { ANONYMOUS_ACTOR } from '../../src/server/types';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs, type Part } from '../helpers/multipart';

let t: TestApp;
const s: Record<string, Session> = {};
let group = { hash: '', slug: '' };
let boldHash = '';
const SECRET = 'secret-exif-owner';
const POLYGLOT_TAIL = '<html><body><script>alert(document.cookie)</script></body></html>';

const as = (who: string) => ({ token: s[who]!.token, deviceId: s[who]!.deviceId });
const text = (name: string, value: string): Part => ({ name, data: value });
const post = (who: string, parts: Part[]) => uploadAs(t, `/api/workgroups/${group.slug}/comments`, s[who]!, parts);
/** A browser following a signed link: no apiKey, no token. */
const download = (url: string) => t.app.inject({ method: 'GET', url });

/** A camera picture: owner and GPS position in its EXIF. */
const jpegWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#4a7' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: SECRET, Artist: SECRET },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 23/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 10/1 0/1' },
    })
    .toBuffer();

beforeAll(async () => {
  t = await startTestApp();
  for (const who of ['bold', 'gratis']) s[who] = await t.login(`${who}@demo.test`);
  boldHash = (
    await t.app.db.selectFrom('users').select('hash').where('email', '=', 'bold@demo.test').executeTakeFirstOrThrow()
  ).hash;
  const created = await t.api('POST', '/usr/workgroups', {
    ...as('bold'),
    body: {
      name: 'Fotografía de campo',
      typology: 'TECHNICAL',
      type: 'PUBLIC',
      description: 'Salidas fotográficas y técnicas de revelado para antiguos alumnos.',
    },
  });
  group = { hash: created.json().hash, slug: created.json().slug };
  await t.app.db.updateTable('workgroups').set({ status: 'PUBLISHED' }).where('hash', '=', group.hash).execute();
  await t.api('PATCH', `/api/workgroups/${group.hash}/subscribe`, { ...as('gratis'), body: {} });
  const gratis = (
    await t.app.db.selectFrom('users').select('hash').where('email', '=', 'gratis@demo.test').executeTakeFirstOrThrow()
  ).hash;
  await t.api('PATCH', `/usr/workgroups/${group.hash}/users/${gratis}`, {
    ...as('bold'),
    body: { status: 'ACCEPTED' },
  });
});
afterAll(async () => t?.close());

/** The signed link of the wall file posted with `comment`, as `who` (null: an anonymous visitor) reads the wall. */
async function wallLink(who: string | null, comment: string): Promise<string> {
  const res = await t.api('GET', `/api/workgroups/${group.slug}/comments?size=100`, who ? as(who) : {});
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().items as Array<{ hash: string; file: { url: string } | null }>).find(
    (c) => c.hash === comment,
  );
  expect(item?.file?.url).toMatch(/^\/files\/[a-z0-9]+\?exp=/);
  return item!.file!.url;
}

describe('a wall picture', () => {
  it('comes back without its EXIF (owner, GPS) to an anonymous visitor of a public group and to a member', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeInstanceOf(Buffer); // the upload really carries EXIF
    expect(original.includes(SECRET)).toBe(true);
    const created = await post('gratis', [
      text('content', 'La salida del sábado'),
      { name: 'file', filename: 'IMG_0042.JPG', type: 'image/jpeg', data: original },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    for (const who of [null, 'gratis', 'bold']) {
      const res = await download(await wallLink(who, created.json().hash));
      expect(res.statusCode, String(who)).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], String(who)).toEqual(['jpeg', 640, 480]);
      expect(meta.exif, String(who)).toBeUndefined();
      expect(res.rawPayload.includes(SECRET), String(who)).toBe(false);
      expect(res.rawPayload.includes('GPS'), String(who)).toBe(false);
    }
    const row = await t.app.db
      .selectFrom('files')
      .select(['name', 'mime', 'size'])
      .where('hash', '=', created.json().file.hash)
      .executeTakeFirstOrThrow();
    expect(row.mime).toBe('image/jpeg');
    expect(row.name).toBe('IMG_0042.jpg');
  });

  it('a JPEG with HTML appended, named poly.html, is served as poly.jpg, image/jpeg, nosniff, attachment, without the HTML', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from(POLYGLOT_TAIL)]);
    const created = await post('gratis', [
      text('content', 'Mirad esto'),
      { name: 'file', filename: 'poly.html', type: 'text/html', data: polyglot },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().file.name).toBe('poly.jpg');
    const res = await download(await wallLink(null, created.json().hash));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="poly.jpg"; filename*=UTF-8''poly.jpg`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.includes('<script')).toBe(false);
    // the received file was a temporary file; nothing of it is left there
    expect(readdirSync(join(t.app.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('keeps PNG and WebP pictures in their own format, re-encoded', async () => {
    for (const [format, mime, extension] of [
      ['png', 'image/png', 'png'],
      ['webp', 'image/webp', 'webp'],
    ] as const) {
      const blank = sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } });
      const picture = await blank[format]()
        .withExif({ IFD0: { Copyright: SECRET } })
        .toBuffer();
      expect(picture.includes(SECRET), format).toBe(true);
      const created = await post('bold', [
        text('content', `Una ${format}`),
        { name: 'file', filename: `plano.svg`, type: 'image/svg+xml', data: picture },
      ]);
      expect(created.statusCode, created.body).toBe(201);
      const res = await download(await wallLink('bold', created.json().hash));
      expect([res.headers['content-type'], (await sharp(res.rawPayload).metadata()).format], format).toEqual([
        mime,
        format,
      ]);
      expect(res.headers['content-disposition'], format).toContain(`filename="plano.${extension}"`);
      expect(res.rawPayload.includes(SECRET), format).toBe(false);
    }
  });
});

describe('every private file, rows stored before this change included', () => {
  /** Writes `content` to the store and a `files` row as an older version would have, and answers a signed link to it. */
  async function oldRow(
    kind: 'cv' | 'student' | 'portfolio' | 'wall',
    name: string,
    mime: string,
    content: Buffer,
  ): Promise<string> {
    const hash = newHash();
    const path = storePrivate(privateRoot(t.app.config.dataDir), kind, mime, content);
    const now = nowIso();
    await t.app.db
      .insertInto('files')
      .values({
        hash,
        owner_type: 'user',
        owner_hash: boldHash,
        workgroup_hash: kind === 'wall' ? group.hash : null,
        kind,
        name,
        path,
        mime,
        size: content.length,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return fileLinks(t.app.config.secretKey, ANONYMOUS_ACTOR).link(hash);
  }

  it('is offered under its base name with the extension of its stored type, and that type', async () => {
    const jpeg = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
      Buffer.from(POLYGLOT_TAIL),
    ]);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const cases: Array<[Parameters<typeof oldRow>[0], string, string, Buffer, string, string]> = [
      ['wall', 'poly.html', 'image/jpeg', jpeg, 'poly.jpg', 'image/jpeg'],
      ['wall', 'dibujo.svg', 'image/png', jpeg, 'dibujo.png', 'image/png'],
      ['cv', 'cv.js', 'application/pdf', pdf, 'cv.pdf', 'application/pdf'],
      ['student', 'expediente.pdf.html', 'application/pdf', pdf, 'expediente.pdf.pdf', 'application/pdf'],
      ['portfolio', 'obra', 'application/pdf', pdf, 'obra.pdf', 'application/pdf'],
      ['portfolio', '.html', 'application/pdf', pdf, 'file.pdf', 'application/pdf'],
      // a type we never store by choice: nothing a browser would render
      ['wall', 'page.html', 'text/html', Buffer.from(POLYGLOT_TAIL), 'page.bin', 'application/octet-stream'],
      [
        'wall',
        'icon.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'icon.bin',
        'application/octet-stream',
      ],
    ];
    for (const [kind, name, mime, content, served, type] of cases) {
      const res = await download(await oldRow(kind, name, mime, content));
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-disposition'], name).toBe(
        `attachment; filename="${served}"; filename*=UTF-8''${encodeURIComponent(served)}`,
      );
      expect(res.headers['content-type'], name).toBe(type);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
    }
  });

  it('never ends in .html, .svg or .js, whatever the stored name and type', async () => {
    const names = [
      'a.html',
      'a.HTM',
      'a.svg',
      'a.js',
      'a.mjs',
      'a.xhtml',
      'a.html\u0007.pdf',
      'a/../../b.html',
      'a.html ',
      'a.',
    ];
    const mimes = ['application/pdf', 'image/jpeg', 'text/html', 'image/svg+xml', 'application/javascript', 'nonsense'];
    let checked = 0;
    for (const name of names) {
      for (const mime of mimes) {
        const res = await download(await oldRow('wall', name, mime, Buffer.from('x')));
        const served = /filename="([^"]*)"/.exec(String(res.headers['content-disposition']))?.[1] ?? '';
        expect(served, `${name} ${mime}`).toMatch(/\.(pdf|jpg|png|webp|bin)$/);
        expect(String(res.headers['content-type']), `${name} ${mime}`).toMatch(
          /^(application\/pdf|image\/(jpeg|png|webp)|application\/octet-stream)$/,
        );
        checked++;
      }
    }
    expect(checked).toBe(names.length * mimes.length);
  });
});
