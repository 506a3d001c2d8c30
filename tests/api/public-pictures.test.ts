/**
 * Public pictures in the `files` table (issue 26 §1 and §5), on both drivers: a member's photo (and its large version),
 * a company's logo, a group's image and an article's cover each have a `files` row written with the column that names
 * it; replacing or removing one removes its row and its object. The sweeper `files.sweep` then treats them like private
 * files: a public object no row names (a crash between the put and the commit) is deleted past the grace period, a live
 * one never is and is still served with its long caching, and a row whose object is missing is counted on /metrics.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';
import { startS3, type TestS3 } from '../helpers/s3';
import { up as backfill } from '../../src/server/db/migrations/040_public_picture_files';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
}, 120_000);
afterAll(async () => {
  await s3?.close();
});

const TOKEN = 'metrics-token-for-the-pictures-test';
const HOUR = 3600_000;
const PUBLIC_KINDS = ['photo', 'photo_large', 'logo', 'group_image', 'article_cover'];

const png = (color: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.each(['local', 's3'] as const)('public pictures as files: %s', (driver) => {
  let t: TestApp;
  let member: Session;
  let company: Session;
  let admin: Session;
  let group: string;
  let article: string;

  beforeAll(async () => {
    t = await startTestApp({ ...(driver === 's3' ? s3.env : {}), METRICS_TOKEN: TOKEN });
    member = await t.login('bold@demo.test', 'usr');
    company = await t.login('company@demo.test', 'com');
    admin = await t.login('admin@demo.test', 'adm');
    const created = await t.api('POST', '/usr/workgroups', {
      ...member,
      body: {
        name: 'Fotos de obra',
        typology: 'TECHNICAL',
        type: 'PRIVATE',
        description: 'Imágenes de obra, andamios y acabados.',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    group = created.json().hash;
    article = (await t.app.db.selectFrom('articles').select('hash').orderBy('hash').executeTakeFirstOrThrow()).hash;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const keyOf = (link: string) => link.slice(1);
  const image = async (color: string) => [
    { name: 'image', filename: 'picture.png', type: 'image/png', data: await png(color) },
  ];
  const rowsNaming = (link: string) =>
    t.app.db.selectFrom('files').select(['kind', 'owner_type', 'owner_hash']).where('path', '=', link).execute();

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

  it('every demo picture a column names has its row (the seed and the back-fill), and each is served', async () => {
    const db = t.app.db;
    const columns = [
      ...(await db.selectFrom('users').select('photo as link').where('photo', 'like', '/uploads/%').execute()),
      ...(await db.selectFrom('companies').select('logo as link').where('logo', 'like', '/uploads/%').execute()),
      ...(await db.selectFrom('workgroups').select('image as link').where('image', 'like', '/uploads/%').execute()),
      ...(await db.selectFrom('articles').select('image as link').where('image', 'like', '/uploads/%').execute()),
    ].map((row) => row.link!);
    expect(columns.length).toBeGreaterThan(3);
    const rows = await db.selectFrom('files').select('path').where('kind', 'in', PUBLIC_KINDS).execute();
    const named = new Set(rows.map((row) => row.path));
    expect(columns.filter((link) => !named.has(link))).toEqual([]);
    await expectServed(columns[0]!);

    // the migration back-fills rows for pictures stored before it, once (a second run adds nothing)
    const before = rows.length;
    await db.deleteFrom('files').where('kind', 'in', PUBLIC_KINDS).execute();
    await backfill(db as never);
    await backfill(db as never);
    const after = await db.selectFrom('files').select('path').where('kind', 'in', PUBLIC_KINDS).execute();
    expect(after.length).toBe(before);
  }, 60_000);

  it('uploads, replaces and removes photo, logo, group image and cover: rows follow, the sweeper keeps the live ones', async () => {
    const storage = t.app.storage;
    // first pictures
    const photo1 = (await uploadAs(t, '/usr/users/avatar', member, await image('#a33'))).json().photo as string;
    const logo1 = (await uploadAs(t, '/com/companies/logo', company, await image('#3a3'))).json().logo as string;
    const group1 = (await uploadAs(t, `/usr/workgroups/${group}/image`, member, await image('#33a'))).json()
      .image as string;
    const cover1 = (await uploadAs(t, `/adm/articles/${article}/image`, admin, await image('#aa3'))).json()
      .image as string;
    for (const link of [photo1, logo1, group1, cover1]) expect(link).toMatch(/^\/uploads\/[a-z]+\/[a-z0-9]{24}\.webp$/);
    expect((await rowsNaming(photo1)).map((row) => row.kind)).toEqual(['photo']);
    expect((await rowsNaming(photo1.replace('.webp', '-large.webp'))).map((row) => row.kind)).toEqual(['photo_large']);
    expect(await rowsNaming(logo1)).toEqual([{ kind: 'logo', owner_type: 'company', owner_hash: expect.any(String) }]);
    expect(await rowsNaming(group1)).toEqual([{ kind: 'group_image', owner_type: 'workgroup', owner_hash: group }]);
    expect(await rowsNaming(cover1)).toEqual([{ kind: 'article_cover', owner_type: 'article', owner_hash: article }]);

    // replaced: the old rows and objects go, the new ones stay
    const photo2 = (await uploadAs(t, '/usr/users/avatar', member, await image('#b44'))).json().photo as string;
    const logo2 = (await uploadAs(t, '/com/companies/logo', company, await image('#4b4'))).json().logo as string;
    const group2 = (await uploadAs(t, `/usr/workgroups/${group}/image`, member, await image('#44b'))).json()
      .image as string;
    const cover2 = (await uploadAs(t, `/adm/articles/${article}/image`, admin, await image('#bb4'))).json()
      .image as string;
    for (const old of [photo1, logo1, group1, cover1]) {
      expect(await rowsNaming(old), old).toEqual([]);
      expect(await storage.exists(keyOf(old)), old).toBe(false);
    }
    expect(await storage.exists(keyOf(photo1.replace('.webp', '-large.webp')))).toBe(false);
    for (const live of [photo2, logo2, group2, cover2]) expect((await rowsNaming(live)).length, live).toBe(1);

    // removed: photo and cover; their rows and objects go
    expect((await t.api('DELETE', '/usr/users/avatar', { ...member })).statusCode).toBe(200);
    expect((await t.api('DELETE', `/adm/articles/${article}/image`, { ...admin })).statusCode).toBe(200);
    for (const gone of [photo2, photo2.replace('.webp', '-large.webp'), cover2]) {
      expect(await rowsNaming(gone), gone).toEqual([]);
      expect(await storage.exists(keyOf(gone)), gone).toBe(false);
    }
    const photo3 = (await uploadAs(t, '/usr/users/avatar', member, await image('#c55'))).json().photo as string;

    // a crash between the put and the commit: objects no row names, in each public folder
    const orphans = ['avatars', 'logos', 'workgroups', 'articles'].map(
      (folder) => `uploads/${folder}/orphan${driver}${folder}`.padEnd(`uploads/${folder}/`.length + 24, 'x') + '.webp',
    );
    for (const key of orphans) await storage.put(key, await png('#000'), { contentType: 'image/webp' });

    await sweepAt(new Date());
    for (const key of orphans) expect(await storage.exists(key), key).toBe(true);
    await sweepAt(new Date(Date.now() + 2 * HOUR));
    for (const key of orphans) expect(await storage.exists(key), key).toBe(false);

    // the live ones, and the demo's pictures, are still there and served with their long caching
    const live = [photo3, photo3.replace('.webp', '-large.webp'), logo2, group2];
    for (const link of live) await expectServed(link);
    const seeded = await t.app.db
      .selectFrom('users')
      .select('photo')
      .where('photo', 'like', '/uploads/seed/%')
      .execute();
    expect(seeded.length).toBeGreaterThan(0);
    await expectServed(seeded[0]!.photo!);
    expect(await missingGauge()).toBe(0);

    // a row whose object is missing is counted
    await storage.delete(keyOf(logo2));
    rmSync(join(t.app.config.dataDir, keyOf(logo2)), { force: true });
    await sweepAt(new Date(Date.now() + 3 * HOUR));
    expect(await missingGauge()).toBe(1);
  }, 120_000);
});
