/**
 * "My data" (issue 8 §12–13, DESIGN §6): GET /usr/users/me/export answers a zip of everything the site
 * holds about the caller (and nothing of anyone else's); DELETE /usr/users/me, confirmed by the current
 * password, erases the person in one transaction and keeps what companies and groups rely on as a
 * former member. Runs on SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { DEMO_PASSWORD, startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let bold: Session;
let regular: Session;
let company: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  bold = await t.login('bold@demo.test');
  regular = await t.login('regular@demo.test');
  company = await t.login('company@demo.test', 'com');
  admin = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const as = (session: Session) => ({ token: session.token, deviceId: session.deviceId });
const userRow = (email: string) =>
  t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

function multipart(name: string, filename: string, type: string, data: Buffer) {
  const boundary = `----h3${Math.random().toString(36).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(url: string, session: Session, name: string, filename: string, type: string, data: Buffer) {
  const { body, headers } = multipart(name, filename, type, data);
  return t.api('POST', url, { body, headers, ...as(session) });
}

/** Every entry of a zip, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function exportOf(session: Session) {
  const res = await t.api('GET', '/usr/users/me/export', as(session));
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const entries = await unzip(res.rawPayload);
  return { res, entries, data: JSON.parse(entries.get('data.json')!.toString('utf8')) };
}

async function tableCounts() {
  const tables = [
    'users',
    'portfolios',
    'portfolio_images',
    'portfolio_links',
    'work_experiences',
    'applicants',
    'comments',
    'comment_likes',
    'cards',
    'article_saves',
    'files',
    'workgroups',
    'email_outbox',
    'audit_log',
    'sessions',
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables)
    out[table] = Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return out;
}

/** Bold's own things: CV, photo, a portfolio with an image and a link, an experience, a card, a saved article, a group they run with a post and a like. */
async function furnishBold() {
  const me = await userRow('bold@demo.test');
  expect((await upload('/usr/users/cv', bold, 'file', 'Mi CV.pdf', 'application/pdf', PDF)).statusCode).toBe(200);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  expect((await upload('/usr/users/avatar', bold, 'image', 'me.png', 'image/png', png)).statusCode).toBe(200);
  const portfolio = await t.api('POST', '/usr/portfolios', {
    ...as(bold),
    body: {
      name: 'Proyecto secreto de Bold',
      date: '10/05/2024',
      content: 'Cartelería.',
      links: [{ url: 'https://example.com/bold' }],
      status: 'PUBLISHED',
    },
  });
  expect(portfolio.statusCode, portfolio.body).toBe(201);
  const portfolioHash = portfolio.json().hash as string;
  const imagePath = `/uploads/portfolios/h3test-${portfolioHash}.png`;
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(join(t.app.config.dataDir, 'uploads', 'portfolios'), { recursive: true });
  writeFileSync(join(t.app.config.dataDir, 'uploads', imagePath.slice('/uploads/'.length)), png);
  await t.app.db
    .insertInto('portfolio_images')
    .values({ hash: `h3img${portfolioHash}`.slice(0, 32), portfolio_hash: portfolioHash, path: imagePath, position: 0 })
    .execute();
  const experience = await t.api('POST', '/usr/workExperiences', {
    ...as(bold),
    body: {
      name: 'Diseñadora UX',
      contract: 'FULL-TIME',
      company_name: 'Estudio Norte',
      start: '01/03/2021',
      location: 'Barcelona',
      content: 'Prototipos.',
    },
  });
  expect(experience.statusCode, experience.body).toBe(201);
  const now = new Date().toISOString();
  await t.app.db.deleteFrom('cards').where('user_hash', '=', me.hash).execute(); // the demo's card: this test's own instead
  await t.app.db
    .insertInto('cards')
    .values({
      hash: 'h3card000000001',
      user_hash: me.hash,
      provider_token: 'tok_SECRET_provider_token',
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      is_default: 1,
      created_at: now,
    })
    .execute();
  const article = await t.app.db
    .selectFrom('articles')
    .select('hash')
    .where('status', '=', 'PUBLISHED')
    .limit(1)
    .executeTakeFirstOrThrow();
  await t.app.db.deleteFrom('article_saves').where('user_hash', '=', me.hash).execute();
  await t.app.db
    .insertInto('article_saves')
    .values({ article_hash: article.hash, user_hash: me.hash, created_at: now })
    .execute();
  await t.app.db
    .insertInto('workgroups')
    .values({
      hash: 'h3group00000001',
      slug: 'grupo-de-bold-h3',
      name: 'Grupo de Bold',
      typology: null,
      type: 'PUBLIC',
      status: 'PUBLISHED',
      image: null,
      admin_hash: me.hash,
      description: 'Un grupo.',
      search_text: 'grupo de bold',
      data: '{}',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.app.db
    .insertInto('workgroup_members')
    .values({
      hash: 'h3member0000001',
      workgroup_hash: 'h3group00000001',
      user_hash: me.hash,
      status: 'ACCEPTED',
      created_at: now,
    })
    .execute();
  await t.app.db
    .insertInto('comments')
    .values({
      hash: 'h3comment000001',
      workgroup_hash: 'h3group00000001',
      user_hash: me.hash,
      parent_hash: null,
      content: 'Mensaje de Bold en el muro',
      file_hash: null,
      deleted: 0,
      created_at: now,
    })
    .execute();
  await t.app.db
    .insertInto('comment_likes')
    .values({ comment_hash: 'h3comment000001', user_hash: me.hash, created_at: now })
    .execute();
  return { me, portfolioHash, imagePath };
}

describe('GET /usr/users/me/export', () => {
  it('is for signed-in members only: anonymous 401, company and administrator 403', async () => {
    expect((await t.api('GET', '/usr/users/me/export')).statusCode).toBe(401);
    expect((await t.api('GET', '/usr/users/me/export', as(company))).statusCode).toBe(403);
    expect((await t.api('GET', '/usr/users/me/export', as(admin))).statusCode).toBe(403);
    expect(
      (await t.api('GET', '/usr/users/me/export', { token: 'forged-token', deviceId: 'abcdefgh12' })).statusCode,
    ).toBe(401);
    const gratis = await t.login('gratis@demo.test');
    const own = await exportOf(gratis);
    expect(own.data.profile.email).toBe('gratis@demo.test');
    expect(own.data.profile.role).toBe('GRATIS');
  });

  it('answers a zip with data.json and the member’s files, and nothing of anyone else', async () => {
    const { me, portfolioHash } = await furnishBold();
    const { res, entries, data } = await exportOf(bold);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="alumni-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');

    expect(data.profile.email).toBe('bold@demo.test');
    expect(data.profile.hash).toBe(me.hash);
    expect(data.profile.iban).toBe(me.iban);
    expect(data.portfolios.map((p: any) => p.name)).toContain('Proyecto secreto de Bold');
    const portfolio = data.portfolios.find((p: any) => p.hash === portfolioHash);
    expect(portfolio.links).toEqual([{ url: 'https://example.com/bold' }]);
    expect(portfolio.images).toHaveLength(1);
    expect(data.experiences.map((e: any) => e.name)).toContain('Diseñadora UX');
    expect(data.job_alert).toMatchObject({ frequency: 'weekly', contract: 'INDEFINITE' }); // the demo's alert of bold@demo.test
    expect(data.cards).toEqual([
      {
        hash: 'h3card000000001',
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2030,
        is_default: true,
        created_at: expect.any(String),
      },
    ]);
    expect(data.saved_articles).toHaveLength(1);
    expect(data.workgroups_administered.map((g: any) => g.hash)).toContain('h3group00000001'); // with the demo's groups run by bold@demo.test
    expect(data.wall_posts.map((p: any) => p.content)).toContain('Mensaje de Bold en el muro');
    expect(data.likes.map((l: any) => l.comment_hash)).toContain('h3comment000001');
    expect(Array.isArray(data.applications)).toBe(true);
    expect(Array.isArray(data.emails)).toBe(true);
    expect(Array.isArray(data.audit_log)).toBe(true);

    // the files: the CV as uploaded, the photo, the portfolio image
    const cv = data.files.find((f: any) => f.kind === 'cv');
    expect(cv.file).toMatch(/^files\/cv\//);
    expect(entries.get(cv.file)).toEqual(PDF);
    expect(data.profile.photo_file).toMatch(/^files\/photo\./);
    expect(entries.get(data.profile.photo_file)!.length).toBeGreaterThan(0);
    expect(entries.get(portfolio.images[0].file)!.length).toBeGreaterThan(0);

    // never secrets, never another member
    const text = entries.get('data.json')!.toString('utf8');
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain(me.password_hash);
    expect(text).not.toContain('tok_SECRET_provider_token');
    expect(text).not.toContain('token_hash');
    const other = await userRow('regular@demo.test');
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.hash);
    const othersEntries = [...entries.keys()].filter((name) => name !== 'data.json' && !name.startsWith('files/'));
    expect(othersEntries).toEqual([]);
  });

  it('gives another member only their own data', async () => {
    const { data, entries } = await exportOf(regular);
    const text = entries.get('data.json')!.toString('utf8');
    expect(data.profile.email).toBe('regular@demo.test');
    expect(text).not.toContain('bold@demo.test');
    expect(text).not.toContain('Proyecto secreto de Bold');
    expect(text).not.toContain('Mensaje de Bold en el muro');
    expect(text).not.toContain('tok_SECRET');
  });
});

describe('DELETE /usr/users/me', () => {
  it('is for signed-in members only', async () => {
    const body = { password: DEMO_PASSWORD };
    expect((await t.api('DELETE', '/usr/users/me', { body })).statusCode).toBe(401);
    expect((await t.api('DELETE', '/usr/users/me', { body, ...as(company) })).statusCode).toBe(403);
    expect((await t.api('DELETE', '/usr/users/me', { body, ...as(admin) })).statusCode).toBe(403);
    expect((await userRow('bold@demo.test')).status).toBe('VALIDATED');
  });

  it('refuses a wrong password and hostile bodies with 400, changing nothing', async () => {
    const before = await tableCounts();
    const row = await userRow('gratis@demo.test');
    const gratis = await t.login('gratis@demo.test');
    const wrong = await t.api('DELETE', '/usr/users/me', {
      body: { password: 'not-the-password' },
      ...as(gratis),
      language: 'es',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: 'La contraseña no es correcta.' }]);
    const hostile: unknown[] = [
      {},
      { password: DEMO_PASSWORD, confirm: true },
      { password: [DEMO_PASSWORD] },
      [DEMO_PASSWORD],
      { password: 'x'.repeat(100_000) },
      { password: 12345678 },
      { password: null },
      { password: '' },
      'demo-password',
      null,
    ];
    for (const body of hostile) {
      const res = await t.api('DELETE', '/usr/users/me', { body: JSON.stringify(body), json: true, ...as(gratis) });
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body).not.toMatch(/SQLITE|syntax error|at .*\.ts:\d+/);
    }
    expect(await userRow('gratis@demo.test')).toEqual(row);
    const after = await tableCounts();
    // the login above added one session; nothing else moved
    expect({ ...after, sessions: after.sessions! - 1 }).toEqual(before);
    expect((await t.api('GET', '/usr/users/me', as(gratis))).statusCode).toBe(200);
  });

  it('erases the person and keeps their history as a former member', async () => {
    const me = await userRow('bold@demo.test');
    // the farewell goes out in the member's own language, whatever the request's
    expect((await t.api('PATCH', '/usr/users', { ...as(bold), body: { language: 'ca' } })).statusCode).toBe(200);
    const second = await t.login('bold@demo.test');
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'company_hash'])
      .where('status', '=', 'PUBLISHED')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('applicants').where('user_hash', '=', me.hash).where('job_hash', '=', job.hash).execute();
    const applied = await t.api('PATCH', `/api/jobs/${job.hash}/subscribe`, { ...as(bold), body: {} });
    expect(applied.statusCode, applied.body).toBe(200);
    const applications = await t.app.db
      .selectFrom('applicants')
      .select(['hash', 'status', 'job_hash'])
      .where('user_hash', '=', me.hash)
      .orderBy('hash')
      .execute();
    expect(applications.length).toBeGreaterThan(0);
    const files = await t.app.db
      .selectFrom('files')
      .select(['path', 'kind'])
      .where('owner_type', '=', 'user')
      .where('owner_hash', '=', me.hash)
      .execute();
    const ownCv = files.find((f) => f.kind === 'cv' && f.path.startsWith('cv/'));
    expect(ownCv).toBeTruthy();
    const cvOnDisk = join(t.app.config.dataDir, 'private', ownCv!.path);
    const photoOnDisk = join(t.app.config.dataDir, me.photo!);
    const image = await t.app.db
      .selectFrom('portfolio_images')
      .innerJoin('portfolios', 'portfolios.hash', 'portfolio_images.portfolio_hash')
      .select('portfolio_images.path')
      .where('portfolios.user_hash', '=', me.hash)
      .executeTakeFirstOrThrow();
    const imageOnDisk = join(t.app.config.dataDir, image.path);
    expect([existsSync(cvOnDisk), existsSync(photoOnDisk), existsSync(imageOnDisk)]).toEqual([true, true, true]);
    const country = me.country_code;
    const countBefore =
      (await t.api('GET', '/api/countries?with_users=true')).json().find((c: any) => c.hash === country)?.num_users ??
      0;
    const othersPortfolios = Number(
      (
        await t.app.db
          .selectFrom('portfolios')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_hash', '!=', me.hash)
          .executeTakeFirstOrThrow()
      ).n,
    );

    const done = await t.api('DELETE', '/usr/users/me', {
      body: { password: DEMO_PASSWORD },
      ...as(bold),
      language: 'en',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    // every session is dead; the old e-mail cannot sign in
    expect((await t.api('GET', '/usr/users/me', as(bold))).statusCode).toBe(401);
    expect((await t.api('GET', '/usr/users/me', as(second))).statusCode).toBe(401);
    expect(
      (await t.api('POST', '/usr/refresh', { body: { refreshToken: second.refreshToken, deviceId: second.deviceId } }))
        .statusCode,
    ).toBe(401);
    const signIn = await t.api('POST', '/usr/login', {
      body: {
        email: 'bold@demo.test',
        password: DEMO_PASSWORD,
        deviceId: 'deviceafter0001',
        deviceType: 2,
        push: null,
      },
    });
    expect(signIn.statusCode).toBe(401);

    // the row is anonymised, not removed
    const row = await t.app.db.selectFrom('users').selectAll().where('hash', '=', me.hash).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'DELETED',
      email: `deleted:${me.hash}`,
      name: '',
      surname1: '',
      surname2: null,
      photo: null,
      cv_file: null,
      iban: null,
      city: null,
      current_job: null,
      category_hash: null,
      is_appear_by_user: 0,
      is_appear_by_company: 0,
      search_text: '',
    });
    expect(JSON.parse(row.data)).toEqual({ deleted_at: expect.any(String) });
    expect(JSON.stringify(row)).not.toContain(me.name);

    // what only the person owned is gone, on disk too; no one else's
    const left = async (
      table:
        | 'portfolios'
        | 'work_experiences'
        | 'cards'
        | 'article_saves'
        | 'comment_likes'
        | 'user_tags'
        | 'workgroup_members'
        | 'job_alerts',
    ) =>
      Number(
        (
          await t.app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_hash', '=', me.hash)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([
      await left('portfolios'),
      await left('work_experiences'),
      await left('cards'),
      await left('article_saves'),
      await left('comment_likes'),
      await left('user_tags'),
      await left('workgroup_members'),
      await left('job_alerts'),
    ]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(
      Number(
        (
          await t.app.db
            .selectFrom('portfolios')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(othersPortfolios);
    expect(
      await t.app.db
        .selectFrom('files')
        .select('hash')
        .where('owner_type', '=', 'user')
        .where('owner_hash', '=', me.hash)
        .execute(),
    ).toEqual([]);
    expect([existsSync(cvOnDisk), existsSync(photoOnDisk), existsSync(imageOnDisk)]).toEqual([false, false, false]);
    expect((await t.api('GET', '/api/portfolios?users=' + me.hash)).json().total).toBe(0);
    expect((await t.api('GET', '/api/workExperiences?users=' + me.hash)).json().total).toBe(0);

    // applications stay for the company, now a former member's
    const kept = await t.app.db
      .selectFrom('applicants')
      .select(['hash', 'status', 'job_hash'])
      .where('user_hash', '=', me.hash)
      .orderBy('hash')
      .execute();
    expect(kept).toEqual(applications);

    // the group goes back to the association, unpublished; the wall post stays, authored by a former member
    const group = await t.app.db
      .selectFrom('workgroups')
      .select(['status', 'admin_hash'])
      .where('hash', '=', 'h3group00000001')
      .executeTakeFirstOrThrow();
    expect(group.status).toBe('UNPUBLISHED');
    const post = await t.app.db
      .selectFrom('comments')
      .select(['content', 'deleted'])
      .where('hash', '=', 'h3comment000001')
      .executeTakeFirstOrThrow();
    expect(post).toEqual({ content: 'Mensaje de Bold en el muro', deleted: 0 });
    await t.app.db
      .updateTable('workgroups')
      .set({ status: 'PUBLISHED' })
      .where('hash', '=', 'h3group00000001')
      .execute();
    const wall = await t.api('GET', '/api/workgroups/grupo-de-bold-h3/comments');
    expect(wall.statusCode, wall.body).toBe(200);
    expect(wall.json().items.map((c: any) => c.user)).toEqual([
      { hash: me.hash, name: '', surname1: '', photo: null, former: true },
    ]);

    // hidden from the directory and the map counts
    expect((await t.api('GET', `/api/users/${me.hash}`)).statusCode).toBe(404);
    expect((await t.api('GET', `/api/users/${me.hash}`, as(regular))).statusCode).toBe(404);
    const countAfter =
      (await t.api('GET', '/api/countries?with_users=true')).json().find((c: any) => c.hash === country)?.num_users ??
      0;
    expect(countAfter).toBe(countBefore - 1);

    // one farewell e-mail to the real address, in the member's language
    const mails = await t.app.db
      .selectFrom('email_outbox')
      .select(['template', 'language', 'subject'])
      .where('to_address', '=', 'bold@demo.test')
      .where('template', '=', 'account.deleted')
      .execute();
    expect(mails).toEqual([
      { template: 'account.deleted', language: 'ca', subject: "El teu compte d'Alumni s'ha eliminat" },
    ]);

    // an audit entry without personal data; the back office can list deleted accounts
    const auditRows = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_hash', '=', me.hash)
      .where('action', '=', 'user.deleted')
      .execute();
    expect(auditRows).toHaveLength(1);
    expect(JSON.parse(auditRows[0]!.data)).toEqual({
      by: 'member',
      from: 'VALIDATED',
      to: 'DELETED',
      groups_unpublished: 4,
    }); // this test's group and the three the demo gives bold@demo.test
    expect(JSON.stringify(auditRows[0])).not.toMatch(/bold@demo\.test|Bold /);
    const logged = await t.api('GET', '/adm/audit?action=user.deleted', as(admin));
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().items.map((i: any) => [i.action, i.target.hash, i.target.email])).toEqual([
      ['user.deleted', me.hash, `deleted:${me.hash}`],
    ]);
    expect(logged.body).not.toContain('bold@demo.test');
    const listed = await t.api('GET', '/adm/users?status=DELETED', as(admin));
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items.map((u: any) => u.hash)).toEqual([me.hash]);
    const decide = await t.api('PATCH', `/adm/users/${me.hash}`, { ...as(admin), body: { status: 'VALIDATED' } });
    expect(decide.statusCode).toBe(409);

    // the address is free for a new registration
    const email = 'bold@demo.test';
    const again = await t.api('POST', '/usr/register', {
      body: {
        name: 'Nueva',
        surname1: 'Persona',
        gender: 'female',
        birthdate: '14/03/1995',
        document_type: 'DNI',
        document_number: '12345678Z',
        mobile: '+34 612 345 678',
        email,
        email_repeat: email,
        password: 'a long enough passphrase',
        password_repeat: 'a long enough passphrase',
        language: 'es',
        role: 'regular',
        profile_type: 'student',
        is_conditions: true,
        is_privacy: true,
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    const fresh = await userRow(email);
    expect(fresh.hash).not.toBe(me.hash);
    expect(fresh.status).toBe('PENDING');
    // the new account's export holds its own e-mails, not the farewell of the account that had the address before
    expect(
      (await t.api('PATCH', `/adm/users/${fresh.hash}`, { ...as(admin), body: { status: 'VALIDATED' } })).statusCode,
    ).toBe(200);
    const signedIn = await t.api('POST', '/usr/login', {
      body: { email, password: 'a long enough passphrase', deviceId: 'devicefresh0001', deviceType: 2, push: null },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { data } = await exportOf({ token: signedIn.json().token, refreshToken: '', deviceId: 'devicefresh0001' });
    expect(data.profile.hash).toBe(fresh.hash);
    expect(data.emails.map((m: any) => m.template).sort()).toEqual([
      'account.confirmEmail',
      'account.received',
      'account.validated',
    ]);
  });

  it('cannot be done twice with the same session (the second call is 401)', async () => {
    const res = await t.api('DELETE', '/usr/users/me', { body: { password: DEMO_PASSWORD }, ...as(bold) });
    expect(res.statusCode).toBe(401);
  });
});
