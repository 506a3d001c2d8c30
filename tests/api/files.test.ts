/**
 * Private files are private (issue 7 item 5, DESIGN §4b): CVs and private-group files live outside
 * /uploads and are served only through short-lived signed links that the API hands to those allowed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLinks } from '../../src/server/lib/signedLinks';
import { mayReadMemberFiles, memberFileLinks } from '../../src/server/modules/users/fileLinks';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, { token?: string; deviceId?: string }> = { anonymous: {} };
let boldHash: string;
let cvHash: string;
let group: { hash: string; slug: string };
let memberEmail: string;
let wallFile: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const [email, kind] of [
    ['regular@demo.test', 'usr'],
    ['bold@demo.test', 'usr'],
    ['company@demo.test', 'com'],
  ] as const)
    as[email] = await t.login(email, kind);
  const db = t.app.db;
  const bold = await db
    .selectFrom('users')
    .select(['hash', 'cv_file'])
    .where('email', '=', 'bold@demo.test')
    .executeTakeFirstOrThrow();
  boldHash = bold.hash;
  cvHash = bold.cv_file!;
  group = (await db
    .selectFrom('workgroups')
    .select(['hash', 'slug'])
    .where('type', '=', 'PRIVATE')
    .where('status', '=', 'PUBLISHED')
    .where((eb) =>
      eb.exists(eb.selectFrom('files').select('files.hash').whereRef('files.workgroup_hash', '=', 'workgroups.hash')),
    )
    .orderBy('hash')
    .executeTakeFirstOrThrow()) as { hash: string; slug: string };
  wallFile = (
    await db
      .selectFrom('files')
      .select('hash')
      .where('workgroup_hash', '=', group.hash)
      .orderBy('hash')
      .executeTakeFirstOrThrow()
  ).hash;
  const member = await db
    .selectFrom('workgroup_members')
    .innerJoin('users', 'users.hash', 'workgroup_members.user_hash')
    .select('users.email')
    .where('workgroup_members.workgroup_hash', '=', group.hash)
    .where('workgroup_members.status', '=', 'ACCEPTED')
    .where('users.status', '=', 'VALIDATED')
    .orderBy('users.email')
    .executeTakeFirstOrThrow();
  memberEmail = member.email;
  as[memberEmail] = await t.login(memberEmail);
});
afterAll(async () => t?.close());

/** A browser fetching a URL: no apiKey, no token. */
const browse = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const isPdf = (body: string) => body.startsWith('%PDF');
const secret = () => t.app.config.secretKey;

async function myCvLink(): Promise<string> {
  const me = (await t.api('GET', '/usr/users/me', as['bold@demo.test'])).json();
  expect(me.cv).toMatch(/^\/files\/[a-z0-9]+\?exp=\d+&by=user\.[a-z0-9]+&sig=[A-Za-z0-9_-]{43}$/);
  return me.cv;
}

describe('/uploads serves public images only', () => {
  it('no longer serves the demo CVs or a private group wall file at their old public URLs', async () => {
    for (const url of [
      '/uploads/seed/cv/sample-cv.pdf',
      `/uploads/seed/cv/${cvHash}.pdf`,
      '/uploads/seed/files/acta-reunion.pdf',
    ]) {
      const res = await browse(url);
      expect(res.statusCode, url).toBe(404);
      expect(isPdf(res.body), url).toBe(false);
    }
  });

  it('keeps every private file outside the public folder, under a random name', async () => {
    const rows = await t.app.db
      .selectFrom('files')
      .select(['hash', 'path', 'kind'])
      .where('kind', 'in', ['cv', 'student', 'portfolio', 'wall'])
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    const privateRoot = resolve(t.app.config.dataDir, 'private');
    for (const row of rows) {
      expect(row.path.startsWith('/'), row.path).toBe(false);
      expect(resolve(privateRoot, row.path).startsWith(privateRoot + sep), row.path).toBe(true);
      expect(isPdf(readFileSync(resolve(privateRoot, row.path), 'utf8'))).toBe(true);
      expect((await browse(`/uploads/${row.path}`)).statusCode).toBe(404);
    }
    expect(rows.find((r) => r.hash === cvHash)!.path).not.toContain(cvHash);
  });

  it('refuses a document left in the public folder, and still serves images with a long cache', async () => {
    writeFileSync(join(t.app.config.dataDir, 'uploads', 'stray.pdf'), '%PDF-1.4 stray');
    const stray = await browse('/uploads/stray.pdf');
    expect(stray.statusCode).toBe(404);
    expect(isPdf(stray.body)).toBe(false);
    const article = (await t.api('GET', '/api/articles?size=1')).json().items[0];
    const image = await browse(article.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toMatch(/max-age=\d{5,}/);
  });
});

describe('a member CV', () => {
  it('is handed to its owner as a signed link that downloads the PDF, privately', async () => {
    const res = await browse(await myCvLink());
    expect(res.statusCode).toBe(200);
    expect(isPdf(res.body)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="CV Marc Bold\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is null for a member without one, and never reaches anyone else', async () => {
    expect((await t.api('GET', '/usr/users/me', as['regular@demo.test'])).json().cv).toBeNull();
    for (const who of ['anonymous', 'regular@demo.test', 'company@demo.test']) {
      const res = await t.api('GET', `/api/users/${boldHash}`, as[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.body, who).not.toContain(cvHash);
      expect(res.body, who).not.toContain('/files/');
    }
  });

  it('cannot be fetched by guessing, with an altered link, an expired one or one made for another file', async () => {
    const link = await myCvLink();
    const [path, query] = link.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const sig = params.get('sig')!;
    const alter = (key: string, value: string) => {
      const copy = new URLSearchParams(params);
      copy.set(key, value);
      return `${path}?${copy}`;
    };
    const expired = fileLinks(secret(), { type: 'user', hash: boldHash }, new Date(Date.now() - 10 * 60_000)).link(
      cvHash,
    );
    const otherSecret = fileLinks('another-secret-key-of-at-least-32-chars', { type: 'user', hash: boldHash }).link(
      cvHash,
    );
    const cases: Array<[string, string, string]> = [
      ['no signature', path, 'files.linkInvalid'],
      ['exp without sig', `${path}?exp=${params.get('exp')}&by=${params.get('by')}`, 'files.linkInvalid'],
      ['altered signature', alter('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)), 'files.linkInvalid'],
      ['later expiry', alter('exp', String(Number(params.get('exp')) + 3600)), 'files.linkInvalid'],
      ['another actor', alter('by', 'user.0000000000000000'), 'files.linkInvalid'],
      ['anonymous actor', alter('by', 'anon'), 'files.linkInvalid'],
      ['signed with another key', otherSecret, 'files.linkInvalid'],
      ['expired', expired, 'files.linkExpired'],
      ['link for the CV used for a wall file', `/files/${wallFile}?${query}`, 'files.linkInvalid'],
    ];
    for (const [name, url, code] of cases) {
      const res = await browse(url);
      expect(res.statusCode, name).toBe(403);
      expect(res.json(), name).toMatchObject({ statusCode: 403, code, message: expect.any(String) });
      expect(isPdf(res.body), name).toBe(false);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('refuses odd spellings of the path and never serves a file from outside the private store', async () => {
    const query = (await myCvLink()).split('?')[1];
    const odd = [
      '/files/..%2f..%2ftest.db',
      '/files/%2e%2e%2f%2e%2e%2ftest.db',
      '/files/..%5c..%5ctest.db',
      `/files/${cvHash}%00.pdf?${query}`,
      `/files/${cvHash}%2f..?${query}`,
      `/files/%2e%2e/private?${query}`,
      '/files/',
      `/files/${cvHash}/x?${query}`,
    ];
    for (const url of odd) {
      const res = await browse(url);
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(isPdf(res.body), url).toBe(false);
    }
    // a row that points outside the store (a bug, a bad migration) is not followed even with a valid link
    const now = new Date().toISOString();
    const escapes: Array<[string, string]> = [
      ['escape000000001', '../test.db'],
      ['escape000000002', resolve(t.app.config.dataDir, 'test.db')],
      ['escape000000003', '../uploads/../private/../test.db'],
    ];
    for (const [hash, path] of escapes) {
      await t.app.db
        .insertInto('files')
        .values({
          hash,
          owner_type: 'user',
          owner_hash: boldHash,
          workgroup_hash: null,
          kind: 'cv',
          name: 'x.pdf',
          path,
          mime: 'application/pdf',
          size: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const res = await browse(fileLinks(secret(), { type: 'user', hash: boldHash }).link(hash));
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('SQLite');
    }
  });

  it('answers a browser with a short page in its language instead of the file', async () => {
    const res = await browse(`/files/${cvHash}?exp=1&by=anon&sig=${'A'.repeat(43)}`, {
      accept: 'text/html,*/*',
      'accept-language': 'ca',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const ca = JSON.parse(readFileSync('locales/ca/errors.json', 'utf8'));
    expect(res.body).toContain(ca['files.linkInvalid']);
    expect(isPdf(res.body)).toBe(false);
  });
});

describe('who else may read a member CV', () => {
  it('is the member, an administrator and a company they applied to — not another company or member', async () => {
    const db = t.app.db;
    const companyOf = async (email: string) =>
      (await db.selectFrom('companies').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
    const applied = await companyOf('company@demo.test');
    expect(
      await db
        .selectFrom('applicants')
        .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
        .select('applicants.hash')
        .where('user_hash', '=', boldHash)
        .where('jobs.company_hash', '=', applied)
        .execute(),
    ).not.toHaveLength(0);
    const other = await db
      .selectFrom('companies')
      .select('hash')
      .where('hash', '!=', applied)
      .where(
        'hash',
        'not in',
        db
          .selectFrom('jobs')
          .innerJoin('applicants', 'applicants.job_hash', 'jobs.hash')
          .select('jobs.company_hash')
          .where('applicants.user_hash', '=', boldHash),
      )
      .orderBy('hash')
      .executeTakeFirstOrThrow();
    const regular = await db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'regular@demo.test')
      .executeTakeFirstOrThrow();
    const actor = (type: 'user' | 'company' | 'admin' | 'anonymous', hash: string | null) =>
      ({ type, hash, role: 'REGULAR', email: null, sessionHash: null }) as never;
    const bold = { hash: boldHash, cv_file: cvHash };
    const linksFor = (a: never) => memberFileLinks(db, a, fileLinks(secret(), a), bold);
    const company = await linksFor(actor('company', applied));
    expect((await browse(company.cv!)).statusCode).toBe(200);
    expect((await linksFor(actor('admin', 'admin0000000001'))).cv).toMatch(/^\/files\//);
    expect((await linksFor(actor('user', boldHash))).cv).toMatch(/^\/files\//);
    for (const stranger of [actor('company', other.hash), actor('user', regular.hash), actor('anonymous', null)]) {
      expect(await mayReadMemberFiles(db, stranger, boldHash)).toBe(false);
      expect(await linksFor(stranger)).toEqual({ cv: null, student_file: null, portfolio_file: null });
    }
  });
});

describe('group files', () => {
  const urlsOf = (body: any): string[] => JSON.stringify(body).match(/\/files\/[^"]+/g) ?? [];

  it('are not linked for a non-member of a private group', async () => {
    for (const who of ['anonymous', 'regular@demo.test', 'company@demo.test']) {
      for (const url of [
        `/api/workgroups/${group.slug}/files`,
        `/api/workgroups/${group.slug}/comments?only_files=true`,
      ]) {
        const res = await t.api('GET', url, as[who]);
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        expect(res.body).not.toContain(wallFile);
      }
    }
  });

  it('are handed to an accepted member of a private group as working signed links', async () => {
    const files = (await t.api('GET', `/api/workgroups/${group.slug}/files?size=100`, as[memberEmail])).json();
    const file = files.items.find((f: any) => f.hash === wallFile);
    expect(file.url).toMatch(new RegExp(`^/files/${wallFile}\\?exp=\\d+&by=user\\.`));
    const res = await browse(file.url);
    expect(res.statusCode).toBe(200);
    expect(isPdf(res.body)).toBe(true);
    const wall = (
      await t.api('GET', `/api/workgroups/${group.slug}/comments?only_files=true&size=100`, as[memberEmail])
    ).json();
    const urls = urlsOf(wall);
    expect(urls.length).toBeGreaterThan(0);
    expect((await browse(urls[0]!)).statusCode).toBe(200);
  });

  it('of a public group are signed for anyone who may read its wall', async () => {
    const publicGroup = await t.app.db
      .selectFrom('workgroups')
      .select('slug')
      .where('type', '=', 'PUBLIC')
      .where('status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.exists(eb.selectFrom('files').select('files.hash').whereRef('files.workgroup_hash', '=', 'workgroups.hash')),
      )
      .orderBy('hash')
      .executeTakeFirstOrThrow();
    const files = (await t.api('GET', `/api/workgroups/${publicGroup.slug}/files`)).json();
    expect(files.items[0].url).toMatch(/^\/files\/[a-z0-9]+\?exp=\d+&by=anon&sig=/);
    expect(isPdf((await browse(files.items[0].url)).body)).toBe(true);
  });
});
