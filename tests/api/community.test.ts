import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, { token?: string; deviceId?: string }> = { anonymous: {} };
beforeAll(async () => {
  t = await startTestApp();
  for (const [email, kind] of [
    ['regular@demo.test', 'usr'],
    ['bold@demo.test', 'usr'],
    ['gratis@demo.test', 'usr'],
    ['company@demo.test', 'com'],
  ] as const) {
    as[email] = await t.login(email, kind);
  }
});
afterAll(async () => t?.close());

describe('news and events', () => {
  it('lists 9 a page, newest first, in the request language, with filters', async () => {
    const body = (await t.api('GET', '/api/articles', { language: 'ca' })).json();
    expect(body.items).toHaveLength(9);
    expect(body.total).toBeGreaterThanOrEqual(40);
    expect(body.maxPages).toBe(Math.ceil(body.total / 9));
    const first = body.items[0];
    expect(first.slug).toBe(first.slugs.ca);
    const events = (await t.api('GET', '/api/articles?type=EVENT&size=100')).json();
    expect(events.total).toBeGreaterThan(0);
    expect(events.items).toHaveLength(Math.min(events.total, 100));
    expect(events.items.every((a: any) => a.type === 'EVENT')).toBe(true);
    const year = Number(first.date.slice(0, 4));
    const byYear = (await t.api('GET', `/api/articles?year=${year}&size=100`)).json();
    expect(byYear.items.map((a: any) => a.hash)).toContain(first.hash);
    expect(byYear.items.every((a: any) => a.date.startsWith(String(year)))).toBe(true);
    expect((await t.api('GET', '/api/articles?month=13')).statusCode).toBe(400);
  });

  it('finds an article by its slug in any language, answering in the request language', async () => {
    const article = (await t.api('GET', '/api/articles?size=1', { language: 'es' })).json().items[0];
    const inEnglish = (await t.api('GET', `/api/articles/${article.slugs.es}`, { language: 'en' })).json();
    expect(inEnglish.hash).toBe(article.hash);
    expect(inEnglish.slug).toBe(article.slugs.en);
    expect(inEnglish.body.length).toBeGreaterThan(50);
  });

  it('lets members save (toggle) and only Bold and GRATIS subscribe; anonymous is asked to sign in', async () => {
    const article = (await t.api('GET', '/api/articles?type=EVENT&size=1')).json().items[0];
    expect((await t.api('PATCH', `/api/articles/${article.hash}/save`, as.anonymous)).statusCode).toBe(401);
    const saved = await t.api('PATCH', `/api/articles/${article.hash}/save`, as['regular@demo.test']);
    expect(saved.json().active).toBe(true);
    const list = (await t.api('GET', '/api/articles?saved_by_me=true', as['regular@demo.test'])).json();
    expect(list.items.map((a: any) => a.hash)).toContain(article.hash);
    expect((await t.api('PATCH', `/api/articles/${article.hash}/save`, as['regular@demo.test'])).json().active).toBe(
      false,
    );
    const upgrade = await t.api('PATCH', `/api/articles/${article.hash}/subscribe`, as['regular@demo.test']);
    expect(upgrade.statusCode).toBe(418);
    expect(upgrade.json().code).toBe('auth.upgradeRequired');
    const before = article.registered;
    const on = (await t.api('PATCH', `/api/articles/${article.hash}/subscribe`, as['gratis@demo.test'])).json();
    expect(on).toEqual({ active: true, count: before + 1 });
    const detail = (await t.api('GET', `/api/articles/${article.hash}`, as['gratis@demo.test'])).json();
    expect(detail.subscribed).toBe(true);
    expect(detail.registered).toBe(before + 1);
    expect((await t.api('PATCH', `/api/articles/${article.hash}/subscribe`, as['gratis@demo.test'])).json()).toEqual({
      active: false,
      count: before,
    });
    expect((await t.api('PATCH', `/api/articles/${article.hash}/save`, as['company@demo.test'])).statusCode).toBe(403);
  });
});

describe('applying to offers', () => {
  it('needs Bold or GRATIS and a CV; a second call withdraws; the company sees the applicant PENDING', async () => {
    const job = (await t.api('GET', '/api/jobs?size=30')).json().items.at(-1);
    expect((await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as.anonymous)).statusCode).toBe(401);
    expect((await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['regular@demo.test'])).statusCode).toBe(418);
    const noCv = await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, { ...as['gratis@demo.test'], language: 'en' });
    expect(noCv.statusCode).toBe(418);
    expect(noCv.json().message).toBe('Add your CV to apply');
    const applied = await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['bold@demo.test']);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().active).toBe(true);
    const row = await t.app.db
      .selectFrom('applicants')
      .innerJoin('users', 'users.hash', 'applicants.user_hash')
      .select('applicants.status')
      .where('applicants.job_hash', '=', job.hash)
      .where('users.email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
    expect((await t.api('GET', `/api/jobs/${job.slug}`, as['bold@demo.test'])).json().subscribed).toBe(true);
    expect((await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['bold@demo.test'])).json().active).toBe(false);
    expect((await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['company@demo.test'])).statusCode).toBe(403);
  });
});

describe('working groups', () => {
  it('lists 6 a page and shows a private group only its public face to non-members', async () => {
    const body = (await t.api('GET', '/api/workgroups')).json();
    expect(body.items.length).toBeLessThanOrEqual(6);
    expect(body.total).toBeGreaterThanOrEqual(6);
    const group = await t.app.db
      .selectFrom('workgroups')
      .select(['hash', 'slug', 'admin_hash'])
      .where('type', '=', 'PRIVATE')
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const outsider = await t.app.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['bold@demo.test', 'regular@demo.test'])
      .where('hash', '!=', group.admin_hash)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('workgroup_members')
              .select('hash')
              .whereRef('workgroup_members.user_hash', '=', 'users.hash')
              .where('workgroup_members.workgroup_hash', '=', group.hash),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    for (const who of ['anonymous', outsider.email, 'company@demo.test']) {
      const face = (await t.api('GET', `/api/workgroups/${group.slug}`, as[who])).json();
      expect(face.can_view, who).toBe(false);
      for (const part of ['comments', 'files', 'users']) {
        const res = await t.api('GET', `/api/workgroups/${group.slug}/${part}`, as[who]);
        expect(res.statusCode, `${who} ${part}`).toBe(404);
        expect(res.body).not.toContain('"items"');
      }
    }
  });

  it('shows a public group wall with replies and likes, 6 a page, and a files-only view', async () => {
    // a public group whose wall has a post with a file, so the files-only view has something to show
    const group = await t.app.db
      .selectFrom('workgroups')
      .select('slug')
      .where('type', '=', 'PUBLIC')
      .where('status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('comments')
            .select('comments.hash')
            .whereRef('comments.workgroup_hash', '=', 'workgroups.hash')
            .where('comments.file_hash', 'is not', null)
            .where('comments.parent_hash', 'is', null),
        ),
      )
      .executeTakeFirstOrThrow();
    const wall = (await t.api('GET', `/api/workgroups/${group.slug}/comments`)).json();
    expect(wall.items.length).toBeLessThanOrEqual(6);
    expect(wall.total).toBeGreaterThan(0);
    expect(wall.items[0]).toMatchObject({
      hash: expect.any(String),
      content: expect.any(String),
      likes: expect.any(Number),
      replies: expect.any(Array),
    });
    const files = (await t.api('GET', `/api/workgroups/${group.slug}/comments?only_files=true&size=100`)).json();
    expect(files.items.length).toBeGreaterThan(0);
    expect(files.total).toBeLessThanOrEqual(wall.total);
    expect(files.items.every((c: any) => c.file !== null)).toBe(true);
    const members = (await t.api('GET', `/api/workgroups/${group.slug}/users`)).json();
    expect(members.items.length).toBeGreaterThan(0);
    expect(members.items.length).toBeLessThanOrEqual(12);
  });

  it('lets Bold join and leave a public group, and asks Regular to upgrade', async () => {
    const group = await t.app.db
      .selectFrom('workgroups')
      .innerJoin('users', 'users.hash', 'workgroups.admin_hash')
      .select('workgroups.slug')
      .where('workgroups.type', '=', 'PUBLIC')
      .where('workgroups.status', '=', 'PUBLISHED')
      .where('users.email', '!=', 'gratis@demo.test')
      .executeTakeFirstOrThrow();
    expect((await t.api('PATCH', `/api/workgroups/${group.slug}/subscribe`, as['regular@demo.test'])).statusCode).toBe(
      418,
    );
    const first = (await t.api('PATCH', `/api/workgroups/${group.slug}/subscribe`, as['gratis@demo.test'])).json();
    const second = (await t.api('PATCH', `/api/workgroups/${group.slug}/subscribe`, as['gratis@demo.test'])).json();
    expect(first.active).not.toBe(second.active);
    expect(Math.abs(first.count - second.count)).toBe(1);
  });
});

describe('countries, portfolios, experiences, content', () => {
  it('lists countries with visible member counts', async () => {
    const countries = (await t.api('GET', '/api/countries?with_users=true', { language: 'es' })).json();
    expect(countries.length).toBeGreaterThan(1);
    expect(countries.every((c: any) => c.num_users > 0)).toBe(true);
    const spain = countries.find((c: any) => c.hash === 'ES');
    const visible = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('country_code', '=', 'ES')
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_user', '=', 1)
      .executeTakeFirstOrThrow();
    expect(spain.num_users).toBe(Number(visible.n));
    expect(spain.name).toBe('España');
  });

  it('pages portfolios and experiences 24 at a time, filterable by user', async () => {
    for (const path of ['/api/portfolios', '/api/workExperiences']) {
      const body = (await t.api('GET', path)).json();
      expect(body.items.length, path).toBeLessThanOrEqual(24);
      expect(body.total, path).toBeGreaterThan(0);
      const owner = body.items[0].user.hash;
      const mine = (await t.api('GET', `${path}?users=${owner}&size=100`)).json();
      expect(
        mine.items.map((item: any) => item.hash),
        path,
      ).toContain(body.items[0].hash);
      expect(
        mine.items.every((item: any) => item.user.hash === owner),
        path,
      ).toBe(true);
      expect((await t.api('GET', `${path}/${body.items[0].hash}`)).statusCode, path).toBe(200);
      expect((await t.api('GET', `${path}/nope`)).statusCode, path).toBe(404);
    }
  });

  it('answers the content query in the request language', async () => {
    const res = await t.api('POST', '/api/content/query', {
      body: { where: { key: 'privacy' }, only: ['title', 'slug'] },
      language: 'en',
    });
    expect(res.statusCode).toBe(200);
    const [page] = res.json().items;
    expect(Object.keys(page).sort()).toEqual(['slug', 'slugs', 'title']);
    expect(page.slugs.es).not.toBe(page.slugs.en);
    const all = (
      await t.api('POST', '/api/content/query', {
        body: { sortBy: [{ field: 'title', direction: 'desc' }], limit: 2 },
        language: 'ca',
      })
    ).json();
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect((await t.api('POST', '/api/content/query', { body: { where: { body: 'x' } } })).statusCode).toBe(400);
  });

  it('searches the content by `text` (SPEC §7, issue 25 §15) as by `search`, and refuses a text too long naming it', async () => {
    const keysOf = (body: { items: Array<{ key: string }> }) => body.items.map((item) => item.key).sort();
    const byText = await t.api('POST', '/api/content/query', {
      body: { text: 'Privacy policy', only: ['key'] },
      language: 'en',
    });
    expect(byText.statusCode, byText.body).toBe(200);
    expect(keysOf(byText.json())).toEqual(['privacy']);
    const bySearch = await t.api('POST', '/api/content/query', {
      body: { search: 'Privacy policy', only: ['key'] },
      language: 'en',
    });
    expect(keysOf(bySearch.json())).toEqual(['privacy']);
    expect(
      (await t.api('POST', '/api/content/query', { body: { text: 'zzzz-nothing-like-this', only: ['key'] } })).json()
        .total,
    ).toBe(0);
    // a NUL byte (which PostgreSQL refuses) or another control character is refused naming the field, never a 500
    for (const field of ['text', 'search']) {
      const res = await t.api('POST', '/api/content/query', { body: { [field]: 'a\u0000b' } });
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    const long = await t.api('POST', '/api/content/query', { body: { text: 'x'.repeat(201) } });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().errors)).toContain('text');
  });
});
