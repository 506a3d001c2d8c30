/**
 * A project's pictures (SPEC §7, DESIGN §4b): POST /usr/portfolios/{id}/images (multipart `images[]`,
 * several files, appended in order, re-encoded to WebP), DELETE …/images/{imageId}, and reordering /
 * choosing the cover with PATCH /usr/portfolios/{id} { images }. Owner only (others' ids 404, every
 * role), nothing half-written when one file of a batch is bad or the database refuses, 400/413 translated.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs, type Part } from '../helpers/multipart';

let t: TestApp;
const as: Record<string, Session> = {};
const MB = 1024 * 1024;
beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['regular@demo.test', 'bold@demo.test', 'gratis@demo.test']) as[email] = await t.login(email);
  as['company'] = await t.login('company@demo.test', 'com');
  as['admin'] = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const upload = (url: string, session: Session | null, parts: Part[], language = 'en') =>
  uploadAs(t, url, session, parts, language);

const png = (color = '#c33', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpegWithExif = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-owner' } } })
    .toBuffer();
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const image = (data: Buffer, filename = 'a.png', type = 'image/png'): Part => ({
  name: 'images[]',
  filename,
  type,
  data,
});

const folder = () => join(t.app.config.dataDir, 'uploads', 'portfolios');
const files = () => (existsSync(folder()) ? readdirSync(folder()).sort() : []);
const imageRows = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('portfolio_images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;

async function project(email = 'bold@demo.test', status = 'PUBLISHED'): Promise<string> {
  const res = await t.api('POST', '/usr/portfolios', {
    ...as[email],
    body: { name: 'Cartel', content: 'Serigrafía', status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().hash;
}

/** A project of a member none of the test sessions belongs to, with at least one image (seeded). */
async function othersProject(): Promise<{ hash: string; image: string }> {
  const mine = await Promise.all(['bold@demo.test', 'regular@demo.test', 'gratis@demo.test'].map(userHash));
  const row = await t.app.db
    .selectFrom('portfolio_images')
    .innerJoin('portfolios', 'portfolios.hash', 'portfolio_images.portfolio_hash')
    .select(['portfolios.hash as hash', 'portfolio_images.hash as image'])
    .where('portfolios.user_hash', 'not in', mine)
    .executeTakeFirstOrThrow();
  return row;
}

describe('who may call', () => {
  it('anonymous 401, company and administrator 403 on every picture route; nothing written', async () => {
    const mine = await project();
    const [rows, onDisk] = [await imageRows(), files()];
    for (const [who, status] of [
      [null, 401],
      ['company', 403],
      ['admin', 403],
    ] as const) {
      const session = who ? as[who]! : null;
      expect(
        (await upload(`/usr/portfolios/${mine}/images`, session, [image(await png())])).statusCode,
        `${who} POST`,
      ).toBe(status);
      expect(
        (await t.api('DELETE', `/usr/portfolios/${mine}/images/abc`, session ? { ...session } : {})).statusCode,
        `${who} DELETE`,
      ).toBe(status);
    }
    expect([await imageRows(), files()]).toEqual([rows, onDisk]);
  });

  for (const email of ['regular@demo.test', 'bold@demo.test', 'gratis@demo.test']) {
    it(`${email} gets 404 for another member's project on POST, DELETE and reorder; nothing changes`, async () => {
      const other = await othersProject();
      const before = await t.app.db
        .selectFrom('portfolio_images')
        .selectAll()
        .where('portfolio_hash', '=', other.hash)
        .orderBy('hash')
        .execute();
      const onDisk = files();
      const s = as[email]!;
      const post = await upload(`/usr/portfolios/${other.hash}/images`, s, [image(await png())]);
      expect(post.statusCode, post.body).toBe(404);
      expect(post.json().message).toEqual(expect.any(String));
      expect((await t.api('DELETE', `/usr/portfolios/${other.hash}/images/${other.image}`, s)).statusCode).toBe(404);
      expect(
        (
          await t.api('PATCH', `/usr/portfolios/${other.hash}`, {
            ...s,
            body: { images: before.map((r) => r.hash).reverse() },
          })
        ).statusCode,
      ).toBe(404);
      // my own project, someone else's image id
      const mine = await project(email);
      expect((await t.api('DELETE', `/usr/portfolios/${mine}/images/${other.image}`, s)).statusCode).toBe(404);
      expect(
        await t.app.db
          .selectFrom('portfolio_images')
          .selectAll()
          .where('portfolio_hash', '=', other.hash)
          .orderBy('hash')
          .execute(),
      ).toEqual(before);
      expect(files()).toEqual(onDisk);
    });
  }

  it('an unknown project answers 404', async () => {
    const res = await upload('/usr/portfolios/doesnotexist/images', as['bold@demo.test']!, [image(await png())]);
    expect(res.statusCode).toBe(404);
  });
});

describe('adding, ordering and removing pictures', () => {
  it('appends several files in order as WebP without EXIF; the public answer shows them, cover first', async () => {
    const s = as['bold@demo.test']!;
    const hash = await project();
    const first = await upload(`/usr/portfolios/${hash}/images`, s, [
      image(await jpegWithExif(), 'a.jpg', 'image/jpeg'),
      image(await png('#00f'), 'b.png'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await upload(`/usr/portfolios/${hash}/images`, s, [image(await png('#0f0'), 'c.png')]);
    expect(second.statusCode, second.body).toBe(200);
    const imgs: Array<{ hash: string; url: string }> = second.json().images;
    expect(imgs).toHaveLength(3);
    expect(imgs.slice(0, 2)).toEqual(first.json().images);
    for (const img of imgs) {
      expect(img.url).toMatch(/^\/uploads\/portfolios\/[a-z0-9]{24}\.webp$/);
      const bytes = readFileSync(join(t.app.config.dataDir, img.url.slice(1)));
      expect((await sharp(bytes).metadata()).format).toBe('webp');
      expect(bytes.includes('secret-exif-owner')).toBe(false);
    }
    const served = await t.app.inject({ method: 'GET', url: imgs[0]!.url });
    expect(served.statusCode).toBe(200);

    // reorder: the last becomes the cover, here and in the public answer
    const order = [imgs[2]!.hash, imgs[0]!.hash, imgs[1]!.hash];
    const patched = await t.api('PATCH', `/usr/portfolios/${hash}`, { ...s, body: { images: order } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().images.map((i: { hash: string }) => i.hash)).toEqual(order);
    expect((await t.api('GET', `/api/portfolios/${hash}`)).json().images.map((i: { hash: string }) => i.hash)).toEqual(
      order,
    );
    const owner = await userHash('bold@demo.test');
    const listed = (await t.api('GET', `/api/portfolios?users=${owner}&size=100`))
      .json()
      .items.find((p: { hash: string }) => p.hash === hash);
    expect(listed.images.map((i: { hash: string }) => i.hash)).toEqual(order);
    // an upload after a reorder still appends at the end
    const third = await upload(`/usr/portfolios/${hash}/images`, s, [image(await png('#ff0'))]);
    expect(
      third
        .json()
        .images.map((i: { hash: string }) => i.hash)
        .slice(0, 3),
    ).toEqual(order);

    // delete the cover: row and file go, the next one becomes the cover
    const coverFile = join(t.app.config.dataDir, imgs[2]!.url.slice(1));
    expect(existsSync(coverFile)).toBe(true);
    const removed = await t.api('DELETE', `/usr/portfolios/${hash}/images/${imgs[2]!.hash}`, s);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      removed
        .json()
        .images.map((i: { hash: string }) => i.hash)
        .slice(0, 2),
    ).toEqual([imgs[0]!.hash, imgs[1]!.hash]);
    expect(existsSync(coverFile)).toBe(false);
    expect((await t.api('DELETE', `/usr/portfolios/${hash}/images/${imgs[2]!.hash}`, s)).statusCode).toBe(404);
  });

  it("a reorder that is not exactly the project's images answers 400 naming images and changes nothing", async () => {
    const s = as['regular@demo.test']!;
    const hash = await project('regular@demo.test');
    const imgs: Array<{ hash: string }> = (
      await upload(`/usr/portfolios/${hash}/images`, s, [image(await png()), image(await png('#0f0'))])
    ).json().images;
    const other = await othersProject();
    const bad: unknown[] = [
      [imgs[0]!.hash],
      [imgs[0]!.hash, imgs[0]!.hash],
      [imgs[1]!.hash, imgs[0]!.hash, other.image],
      [imgs[1]!.hash, other.image],
      'x',
      [1, 2],
      [],
    ];
    for (const images of bad) {
      const res = await t.api('PATCH', `/usr/portfolios/${hash}`, {
        ...s,
        body: { name: 'Renamed', images },
        language: 'es',
      });
      expect(res.statusCode, JSON.stringify(images)).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain('images');
    }
    const after = (await t.api('GET', `/usr/portfolios/${hash}`, s)).json();
    expect(after.name).toBe('Cartel');
    expect(after.images.map((i: { hash: string }) => i.hash)).toEqual(imgs.map((i) => i.hash));
    const translated = await t.api('PATCH', `/usr/portfolios/${hash}`, {
      ...s,
      body: { images: [imgs[0]!.hash] },
      language: 'es',
    });
    expect(translated.json().errors[0].message).toMatch(/imágenes/);
    // creating with images that do not exist is refused too
    const created = await t.api('POST', '/usr/portfolios', {
      ...s,
      body: { name: 'X', content: 'Y', status: 'UNPUBLISHED', images: [other.image] },
    });
    expect(created.statusCode).toBe(400);
  });
});

describe('bad uploads leave nothing behind', () => {
  const cases: Array<[string, () => Promise<Part[]>]> = [
    ['an SVG among good images', async () => [image(await png()), image(SVG, 'x.svg', 'image/svg+xml')]],
    ['an SVG declared as PNG', async () => [image(SVG, 'x.png', 'image/png')]],
    ['a PDF', async () => [image(Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf', 'application/pdf')]],
    [
      'a truncated PNG after a good one',
      async () => [image(await png()), image((await png('#00f', 400, 400)).subarray(0, 200))],
    ],
    ['a wrong field name', async () => [{ name: 'image', filename: 'a.png', type: 'image/png', data: await png() }]],
    ['an extra text field', async () => [image(await png()), { name: 'status', data: 'PUBLISHED' }]],
    ['no file', async () => [{ name: 'name', data: 'x' }]],
    ['an empty file', async () => [image(Buffer.alloc(0))]],
    ['13 files', async () => Array.from({ length: 13 }, () => image(Buffer.from('x')))],
  ];
  for (const [label, parts] of cases) {
    it(`${label}: 400 with a translated message naming the field, no row, no file`, async () => {
      const s = as['bold@demo.test']!;
      const hash = await project();
      const [rows, onDisk] = [await imageRows(), files()];
      const res = await upload(`/usr/portfolios/${hash}/images`, s, await parts(), 'ca');
      expect(res.statusCode, res.body).toBe(400);
      const errors: Array<{ field: string; message: string }> = res.json().errors;
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0]!.message).not.toMatch(/^upload\.|^validation\./);
      expect([await imageRows(), files()]).toEqual([rows, onDisk]);
    });
  }

  it('the SVG answer names images[] and says which types are accepted, in the request language', async () => {
    const hash = await project();
    const res = await upload(
      `/usr/portfolios/${hash}/images`,
      as['bold@demo.test']!,
      [image(SVG, 'x.svg', 'image/svg+xml')],
      'es',
    );
    expect(res.json().errors).toEqual([{ field: 'images[]', message: expect.stringMatching(/JPEG, PNG, WebP/) }]);
    expect(res.json().errors[0].message).toMatch(/tipo/i);
  });

  it('a file over 8 MB answers 413 with a translated message and writes nothing', async () => {
    const hash = await project();
    const [rows, onDisk] = [await imageRows(), files()];
    const big = Buffer.concat([await png(), Buffer.alloc(8 * MB + 10)]);
    const res = await upload(
      `/usr/portfolios/${hash}/images`,
      as['bold@demo.test']!,
      [image(await png()), image(big)],
      'en',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/8 MB/);
    expect([await imageRows(), files()]).toEqual([rows, onDisk]);
  });

  it('more than 12 pictures in a project: the database step refuses and the files just written are removed', async () => {
    const s = as['gratis@demo.test']!;
    const hash = await project('gratis@demo.test');
    const twelve = await Promise.all(
      Array.from({ length: 12 }, (_, i) => png(`#${(i + 1).toString(16).padStart(2, '0')}3366`)),
    );
    const ok = await upload(
      `/usr/portfolios/${hash}/images`,
      s,
      twelve.map((data) => image(data)),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().images).toHaveLength(12);
    const [rows, onDisk] = [await imageRows(), files()];
    const res = await upload(`/usr/portfolios/${hash}/images`, s, [image(await png())], 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'images[]', message: 'A project can have at most 12 images.' }]);
    expect([await imageRows(), files()]).toEqual([rows, onDisk]);
  });

  it('a JSON body instead of multipart answers 400 and writes nothing', async () => {
    const hash = await project();
    const rows = await imageRows();
    const res = await t.api('POST', `/usr/portfolios/${hash}/images`, {
      ...as['bold@demo.test'],
      body: { 'images[]': [{ filename: 'a.png', detected: 'image/png' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(await imageRows()).toBe(rows);
  });
});

describe('deleting the project', () => {
  it('removes the uploaded files too', async () => {
    const s = as['bold@demo.test']!;
    const hash = await project();
    const imgs: Array<{ url: string }> = (
      await upload(`/usr/portfolios/${hash}/images`, s, [image(await png()), image(await png('#0f0'))])
    ).json().images;
    expect(imgs).toHaveLength(2);
    expect((await t.api('DELETE', `/usr/portfolios/${hash}`, s)).statusCode).toBe(200);
    expect(imgs.map((img) => existsSync(join(t.app.config.dataDir, img.url.slice(1))))).toEqual([false, false]);
  });
});
