/**
 * Portfolio pictures in the `files` table (issue 26 §1 and §5), on both drivers: each picture of a project
 * (`uploads/portfolios/…`, the demo's under `uploads/seed/portfolios/`) has a `files` row written with its
 * `portfolio_images` row; removing a picture, a project or the member's account removes the rows and the objects. The
 * sweeper `files.sweep` lists the folder: an object no row names (a crash between the put and the commit) is deleted
 * past the grace period and kept within it, a live one is still served with its long caching, and a row whose object
 * is missing is counted on /metrics.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';
import { startS3, type TestS3 } from '../helpers/s3';
import { up as backfill } from '../../src/server/db/migrations/041_portfolio_picture_files';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
}, 120_000);
afterAll(async () => {
  await s3?.close();
});

const TOKEN = 'metrics-token-for-the-portfolio-pictures-test';
const HOUR = 3600_000;
const KIND = 'portfolio_image';

const png = (color: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.each(['local', 's3'] as const)('portfolio pictures as files: %s', (driver) => {
  let t: TestApp;
  let member: Session;

  beforeAll(async () => {
    t = await startTestApp({ ...(driver === 's3' ? s3.env : {}), METRICS_TOKEN: TOKEN });
    member = await t.login('bold@demo.test', 'usr');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const keyOf = (link: string) => link.slice(1);
  const rowsNaming = (link: string) =>
    t.app.db.selectFrom('files').select(['kind', 'owner_type', 'owner_hash']).where('path', '=', link).execute();
  const pictureRows = () =>
    t.app.db.selectFrom('files').select(['path', 'owner_hash']).where('kind', '=', KIND).execute();

  async function project(session: Session, name: string): Promise<string> {
    const res = await t.api('POST', '/usr/portfolios', {
      ...session,
      body: { name, content: 'Obra y fotos', status: 'PUBLISHED' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().hash;
  }
  async function addImages(session: Session, hash: string, colors: string[]) {
    const parts = await Promise.all(
      colors.map(async (color) => ({
        name: 'images[]',
        filename: 'picture.png',
        type: 'image/png',
        data: await png(color),
      })),
    );
    const res = await uploadAs(t, `/usr/portfolios/${hash}/images`, session, parts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().images as Array<{ hash: string; url: string }>;
  }
  async function sweepAt(now: Date) {
    await t.app.db.deleteFrom('tasks').where('name', '=', 'files.sweep').execute();
    expect(await t.app.tasks.runDue(now)).toContain('files.sweep');
  }
  async function missingGauge(): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    const line = /^alumni_files_missing (\d+)$/m.exec(res.body);
    expect(line, res.body.slice(0, 300)).not.toBeNull();
    return Number(line![1]);
  }
  async function expectServed(link: string) {
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode, link).toBe(200);
    expect(res.headers['cache-control'], link).toMatch(/max-age=2592000/);
  }

  it('every demo portfolio picture has its row (the seed and the back-fill), and each is served', async () => {
    const db = t.app.db;
    const images = await db.selectFrom('portfolio_images').select(['path', 'portfolio_hash']).execute();
    expect(images.length).toBeGreaterThan(3);
    const rows = await pictureRows();
    const named = new Map(rows.map((row) => [row.path, row.owner_hash]));
    expect(images.filter((image) => named.get(image.path) !== image.portfolio_hash)).toEqual([]);
    await expectServed(images[0]!.path);

    // the migration back-fills rows for pictures stored before it, once (a second run adds nothing)
    await db.deleteFrom('files').where('kind', '=', KIND).execute();
    await backfill(db as never);
    await backfill(db as never);
    expect((await pictureRows()).length).toBe(rows.length);
  }, 60_000);

  it('uploads and deletes pictures and projects: rows follow, the sweeper keeps the live ones only', async () => {
    const storage = t.app.storage;
    const first = await project(member, 'Reforma de cocina');
    const uploaded = await addImages(member, first, ['#a33', '#3a3', '#33a']);
    expect(uploaded.length).toBe(3);
    for (const image of uploaded) {
      expect(image.url).toMatch(/^\/uploads\/portfolios\/[a-z0-9]{24}\.webp$/);
      expect(await rowsNaming(image.url)).toEqual([{ kind: KIND, owner_type: 'portfolio', owner_hash: first }]);
    }

    // one picture deleted: its row and object go, the others stay
    const [gone, ...kept] = uploaded;
    const afterDelete = await t.api('DELETE', `/usr/portfolios/${first}/images/${gone!.hash}`, { ...member });
    expect(afterDelete.statusCode, afterDelete.body).toBe(200);
    expect(await rowsNaming(gone!.url)).toEqual([]);
    expect(await storage.exists(keyOf(gone!.url))).toBe(false);
    expect(kept.length).toBe(2);
    for (const image of kept) expect((await rowsNaming(image.url)).length).toBe(1);

    // a whole project deleted: its pictures' rows and objects go
    const second = await project(member, 'Escalera de caracol');
    const doomed = await addImages(member, second, ['#aa3', '#3aa']);
    expect(doomed.length).toBe(2);
    expect((await t.api('DELETE', `/usr/portfolios/${second}`, { ...member })).statusCode).toBe(200);
    for (const image of doomed) {
      expect(await rowsNaming(image.url), image.url).toEqual([]);
      expect(await storage.exists(keyOf(image.url)), image.url).toBe(false);
    }

    // a crash between the put and the commit: objects no row names, uploaded and beside the demo's
    const orphans = ['uploads/portfolios/', 'uploads/seed/portfolios/'].map(
      (folder) => `${folder}orphan${driver}`.padEnd(folder.length + 24, 'x') + '.webp',
    );
    for (const key of orphans) await storage.put(key, await png('#000'), { contentType: 'image/webp' });

    await sweepAt(new Date());
    for (const key of orphans) expect(await storage.exists(key), key).toBe(true);
    await sweepAt(new Date(Date.now() + 2 * HOUR));
    for (const key of orphans) expect(await storage.exists(key), key).toBe(false);

    // the live ones, and the demo's, are still there and served with their long caching
    for (const image of kept) await expectServed(image.url);
    const seeded = await t.app.db
      .selectFrom('portfolio_images')
      .select('path')
      .where('path', 'like', '/uploads/seed/portfolios/%')
      .execute();
    expect(seeded.length).toBeGreaterThan(0);
    await expectServed(seeded[0]!.path);
    expect(await missingGauge()).toBe(0);

    // a row whose object is missing is counted
    await storage.delete(keyOf(kept[0]!.url));
    rmSync(join(t.app.config.dataDir, keyOf(kept[0]!.url)), { force: true });
    await sweepAt(new Date(Date.now() + 3 * HOUR));
    expect(await missingGauge()).toBe(1);
  }, 120_000);

  it("a deleted account takes its portfolio pictures' rows and objects with it", async () => {
    const regular = await t.login('regular@demo.test', 'usr');
    const own = await project(regular, 'Muro de piedra');
    const images = await addImages(regular, own, ['#c55']);
    expect(images.length).toBe(1);
    const user = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'regular@demo.test')
      .executeTakeFirstOrThrow();
    const projects = (
      await t.app.db.selectFrom('portfolios').select('hash').where('user_hash', '=', user.hash).execute()
    ).map((row) => row.hash);
    expect(projects).toContain(own);
    const ownedRows = () =>
      t.app.db
        .selectFrom('files')
        .select('path')
        .where('owner_type', '=', 'portfolio')
        .where('owner_hash', 'in', projects)
        .execute();
    expect((await ownedRows()).length).toBeGreaterThan(0);

    const done = await t.api('DELETE', '/usr/users/me', { body: { password: DEMO_PASSWORD }, ...regular });
    expect(done.statusCode, done.body).toBe(200);
    expect(await rowsNaming(images[0]!.url)).toEqual([]);
    expect(await t.app.storage.exists(keyOf(images[0]!.url))).toBe(false);
    expect(await ownedRows()).toEqual([]);
  }, 60_000);
});
