/**
 * The member's own lists (issue 8 §11, DESIGN §4b): saved and registered articles, job applications with their
 * status, and groups, read from the public lists with the member-only filters (`*_by_me`). Anonymous callers are
 * asked to sign in (401); companies and administrators get 400 naming the filter (never 401/403, which log out);
 * nobody else's saves, applications or memberships ever show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, Session> = {};
const MEMBERS = ['regular@demo.test', 'bold@demo.test', 'gratis@demo.test'] as const;
beforeAll(async () => {
  t = await startTestApp();
  for (const email of MEMBERS) as[email] = await t.login(email);
  as['company'] = await t.login('company@demo.test', 'com');
  as['admin'] = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const FILTERS = [
  ['/api/articles', 'saved_by_me'],
  ['/api/articles', 'subscribed_by_me'],
  ['/api/jobs', 'subscribed_by_me'],
  ['/api/workgroups', 'subscribed_by_me'],
] as const;

const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
const list = async (url: string, who: string, language = 'es') => {
  const res = await t.api('GET', url, { ...as[who], language });
  expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
  return res.json() as { items: any[]; total: number; maxPages: number };
};
const hashes = (items: Array<{ hash: string }>) => items.map((item) => item.hash).sort();
const application = (jobHash: string, user: string) =>
  t.app.db
    .selectFrom('applicants')
    .select(['hash', 'status', 'created_at'])
    .where('job_hash', '=', jobHash)
    .where('user_hash', '=', user)
    .executeTakeFirst();

describe('who may use the member filters', () => {
  it('asks anonymous visitors to sign in (401)', async () => {
    for (const [path, filter] of FILTERS) {
      const res = await t.api('GET', `${path}?${filter}=true`);
      expect(res.statusCode, `${path} ${filter}`).toBe(401);
      expect(res.json().code).toBe('auth.required');
    }
  });

  it('answers companies and administrators 400 naming the filter, in their language', async () => {
    const expected = {
      es: 'solo está disponible para los socios',
      en: 'is only available to members',
      ca: 'només està disponible per als socis',
    };
    for (const who of ['company', 'admin']) {
      for (const [path, filter] of FILTERS) {
        for (const [language, words] of Object.entries(expected)) {
          const res = await t.api('GET', `${path}?${filter}=true`, { ...as[who], language });
          expect(res.statusCode, `${who} ${path} ${filter}`).toBe(400);
          const body = res.json();
          expect(body.errors).toHaveLength(1);
          expect(body.errors[0].field).toBe(filter);
          expect(body.errors[0].message).toContain(words);
          expect(body.errors[0].message).toContain(filter);
        }
      }
      // the same lists without the filter stay open to them
      expect((await t.api('GET', '/api/jobs', as[who])).statusCode).toBe(200);
    }
  });

  it('lets every member role read their own lists; `false` is no filter', async () => {
    for (const who of MEMBERS) {
      for (const [path, filter] of FILTERS) {
        const body = await list(`${path}?${filter}=true`, who);
        expect(body, `${who} ${path} ${filter}`).toMatchObject({
          items: expect.any(Array),
          total: expect.any(Number),
          maxPages: expect.any(Number),
        });
        expect(body.items.length, `${who} ${path} ${filter}`).toBeLessThanOrEqual(body.total);
      }
    }
    const all = await list('/api/jobs', 'company');
    const off = (await t.api('GET', '/api/jobs?subscribed_by_me=false', as['company'])).json();
    expect(off.total).toBe(all.total);
  });

  it('refuses a malformed filter value with 400 naming it', async () => {
    const res = await t.api('GET', '/api/articles?saved_by_me=maybe', as['bold@demo.test']);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('saved_by_me');
  });
});

describe('saved and registered articles', () => {
  it('lists exactly the caller’s saved articles, 9 a page, and never another member’s', async () => {
    for (const who of MEMBERS) {
      const me = await userHash(who);
      const rows = await t.app.db
        .selectFrom('article_saves')
        .innerJoin('articles', 'articles.hash', 'article_saves.article_hash')
        .select('articles.hash')
        .where('article_saves.user_hash', '=', me)
        .where('articles.status', '=', 'PUBLISHED')
        .execute();
      const body = await list('/api/articles?saved_by_me=true&size=100', who);
      expect(body.total, who).toBe(rows.length);
      expect(hashes(body.items), who).toEqual(rows.map((r) => r.hash).sort());
      expect(
        body.items.every((a: any) => a.saved === true),
        who,
      ).toBe(true);
    }
    // someone else's saved article is not in bold's list until bold saves it
    const bold = await userHash('bold@demo.test');
    const other = await t.app.db
      .selectFrom('article_saves')
      .innerJoin('articles', 'articles.hash', 'article_saves.article_hash')
      .select('articles.hash')
      .where('article_saves.user_hash', '!=', bold)
      .where('articles.status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('article_saves as mine')
              .select('mine.article_hash')
              .whereRef('mine.article_hash', '=', 'articles.hash')
              .where('mine.user_hash', '=', bold),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect(hashes((await list('/api/articles?saved_by_me=true&size=100', 'bold@demo.test')).items)).not.toContain(
      other.hash,
    );
    const first = await list('/api/articles?saved_by_me=true', 'bold@demo.test');
    expect(first.items.length).toBeLessThanOrEqual(9);
    expect(first.maxPages).toBe(Math.ceil(first.total / 9));
  });

  it('follows the save toggle, combines with the type filter, and keeps each member’s list apart', async () => {
    const event = (await list('/api/articles?type=EVENT&size=1', 'regular@demo.test')).items[0];
    const news = (await list('/api/articles?type=NEWS&size=1', 'regular@demo.test')).items[0];
    for (const article of [event, news]) {
      if (article.saved) await t.api('PATCH', `/api/articles/${article.hash}/save`, as['regular@demo.test']);
      expect((await t.api('PATCH', `/api/articles/${article.hash}/save`, as['regular@demo.test'])).json().active).toBe(
        true,
      );
    }
    const events = await list('/api/articles?saved_by_me=true&type=EVENT&size=100', 'regular@demo.test');
    expect(hashes(events.items)).toContain(event.hash);
    expect(hashes(events.items)).not.toContain(news.hash);
    expect(events.items.every((a: any) => a.type === 'EVENT')).toBe(true);
    // gratis sees regular's save only if gratis saved the same article too
    const gratisSaved = await t.app.db
      .selectFrom('article_saves')
      .select('article_hash')
      .where('user_hash', '=', await userHash('gratis@demo.test'))
      .where('article_hash', '=', news.hash)
      .execute();
    expect(
      hashes((await list('/api/articles?saved_by_me=true&size=100', 'gratis@demo.test')).items).includes(news.hash),
    ).toBe(gratisSaved.length > 0);
    // unsave: gone from the list
    expect((await t.api('PATCH', `/api/articles/${event.hash}/save`, as['regular@demo.test'])).json().active).toBe(
      false,
    );
    expect(hashes((await list('/api/articles?saved_by_me=true&size=100', 'regular@demo.test')).items)).not.toContain(
      event.hash,
    );
    expect(hashes((await list('/api/articles?saved_by_me=true&size=100', 'regular@demo.test')).items)).toContain(
      news.hash,
    );
  });

  it('lists the events the member registered for (subscribed_by_me), marked `subscribed`', async () => {
    const gratis = await userHash('gratis@demo.test');
    const event = await t.app.db
      .selectFrom('articles')
      .select('hash')
      .where('type', '=', 'EVENT')
      .where('status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('article_subscriptions')
              .select('article_hash')
              .whereRef('article_subscriptions.article_hash', '=', 'articles.hash')
              .where('user_hash', '=', gratis),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect(
      hashes((await list('/api/articles?subscribed_by_me=true&size=100', 'gratis@demo.test')).items),
    ).not.toContain(event.hash);
    expect((await t.api('PATCH', `/api/articles/${event.hash}/subscribe`, as['gratis@demo.test'])).json().active).toBe(
      true,
    );
    const mine = await list('/api/articles?subscribed_by_me=true&size=100', 'gratis@demo.test');
    expect(hashes(mine.items)).toContain(event.hash);
    expect(mine.items.every((a: any) => a.subscribed === true)).toBe(true);
    const rows = await t.app.db
      .selectFrom('article_subscriptions')
      .innerJoin('articles', 'articles.hash', 'article_subscriptions.article_hash')
      .select('articles.hash')
      .where('article_subscriptions.user_hash', '=', gratis)
      .where('articles.status', '=', 'PUBLISHED')
      .execute();
    expect(mine.total).toBe(rows.length);
    // bold did not register for it through gratis
    const boldRows = await t.app.db
      .selectFrom('article_subscriptions')
      .select('article_hash')
      .where('user_hash', '=', await userHash('bold@demo.test'))
      .where('article_hash', '=', event.hash)
      .execute();
    expect(
      hashes((await list('/api/articles?subscribed_by_me=true&size=100', 'bold@demo.test')).items).includes(event.hash),
    ).toBe(boldRows.length > 0);
    // Regular cannot register, so their list holds none of it
    expect(
      hashes((await list('/api/articles?subscribed_by_me=true&size=100', 'regular@demo.test')).items),
    ).not.toContain(event.hash);
    expect((await t.api('PATCH', `/api/articles/${event.hash}/subscribe`, as['gratis@demo.test'])).json().active).toBe(
      false,
    );
    expect(
      hashes((await list('/api/articles?subscribed_by_me=true&size=100', 'gratis@demo.test')).items),
    ).not.toContain(event.hash);
  });
});

describe('my applications', () => {
  it('lists exactly the caller’s applications with their status and date, 10 a page', async () => {
    for (const who of MEMBERS) {
      const me = await userHash(who);
      const rows = await t.app.db
        .selectFrom('applicants')
        .select(['job_hash', 'status', 'created_at'])
        .where('user_hash', '=', me)
        .execute();
      const body = await list('/api/jobs?subscribed_by_me=true&size=100', who);
      expect(body.total, who).toBe(rows.length);
      expect(body.items.map((j: any) => j.hash).sort(), who).toEqual(rows.map((r) => r.job_hash).sort());
      for (const item of body.items) {
        const row = rows.find((r) => r.job_hash === item.hash)!;
        expect(item.status, who).toBe(row.status);
        expect(item.applied_at, who).toBe(row.created_at);
        expect(item.offer_status, who).toEqual(expect.any(String));
      }
    }
    const bold = await list('/api/jobs?subscribed_by_me=true', 'bold@demo.test');
    expect(bold.items.length).toBeGreaterThan(0);
    expect(bold.items.length).toBeLessThanOrEqual(10);
    expect(bold.items.map((j: any) => j.status)).toEqual(expect.arrayContaining(['PENDING', 'ACCEPTED']));
    expect(bold.items[0]).toMatchObject({
      title: expect.any(String),
      slug: expect.any(String),
      company: { name: expect.any(String) },
    });
    const dates = bold.items.map((j: any) => j.applied_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    // GRATIS has no CV, so no application; Regular cannot apply
    expect((await list('/api/jobs?subscribed_by_me=true', 'gratis@demo.test')).total).toBe(0);
    expect((await list('/api/jobs?subscribed_by_me=true', 'regular@demo.test')).total).toBe(0);
  });

  it('never shows another member’s application', async () => {
    const bold = await userHash('bold@demo.test');
    const others = await t.app.db
      .selectFrom('applicants')
      .select('job_hash')
      .where('user_hash', '!=', bold)
      .where('job_hash', 'not in', t.app.db.selectFrom('applicants').select('job_hash').where('user_hash', '=', bold))
      .execute();
    expect(others.length).toBeGreaterThan(0);
    const mine = hashes((await list('/api/jobs?subscribed_by_me=true&size=100', 'bold@demo.test')).items);
    for (const row of others) expect(mine).not.toContain(row.job_hash);
  });

  it('withdraws (kept as WITHDRAWN), applies again (PENDING, newly dated), and counts only live applications', async () => {
    const bold = await userHash('bold@demo.test');
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'slug'])
      .where('status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('applicants')
              .select('hash')
              .whereRef('applicants.job_hash', '=', 'jobs.hash')
              .where('user_hash', '=', bold),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const applied = (await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['bold@demo.test'])).json();
    expect(applied).toMatchObject({ active: true, status: 'PENDING' });
    const first = await application(job.hash, bold);
    expect(first?.status).toBe('PENDING');
    let item = (await list('/api/jobs?subscribed_by_me=true&size=100', 'bold@demo.test')).items.find(
      (j: any) => j.hash === job.hash,
    );
    expect(item).toMatchObject({
      status: 'PENDING',
      subscribed: true,
      offer_status: 'PUBLISHED',
      applied_at: first!.created_at,
    });

    const withdrawn = (await t.api('PATCH', `/api/jobs/${job.hash}/subscribe`, as['bold@demo.test'])).json();
    expect(withdrawn).toMatchObject({ active: false, status: 'WITHDRAWN', count: applied.count - 1 });
    const kept = await application(job.hash, bold);
    expect(kept).toMatchObject({ hash: first!.hash, status: 'WITHDRAWN' });
    item = (await list('/api/jobs?subscribed_by_me=true&size=100', 'bold@demo.test')).items.find(
      (j: any) => j.hash === job.hash,
    );
    expect(item).toMatchObject({ status: 'WITHDRAWN', subscribed: false });
    expect((await t.api('GET', `/api/jobs/${job.slug}`, as['bold@demo.test'])).json().subscribed).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = (await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['bold@demo.test'])).json();
    expect(again).toMatchObject({ active: true, status: 'PENDING', count: applied.count });
    const renewed = await application(job.hash, bold);
    expect(renewed).toMatchObject({ hash: first!.hash, status: 'PENDING' });
    expect(renewed!.created_at > first!.created_at).toBe(true);
    const rows = await t.app.db
      .selectFrom('applicants')
      .select('hash')
      .where('job_hash', '=', job.hash)
      .where('user_hash', '=', bold)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('shows the company’s decision: ACCEPTED (in process) and CANCELLED (discarded, which cannot be withdrawn)', async () => {
    const bold = await userHash('bold@demo.test');
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'slug'])
      .where('status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('applicants')
              .select('hash')
              .whereRef('applicants.job_hash', '=', 'jobs.hash')
              .where('user_hash', '=', bold),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect((await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['bold@demo.test'])).statusCode).toBe(200);
    const row = (await application(job.hash, bold))!;
    const statusOf = async () =>
      (await list('/api/jobs?subscribed_by_me=true&size=100', 'bold@demo.test')).items.find(
        (j: any) => j.hash === job.hash,
      )?.status;
    await t.app.db.updateTable('applicants').set({ status: 'ACCEPTED' }).where('hash', '=', row.hash).execute();
    expect(await statusOf()).toBe('ACCEPTED');
    await t.app.db.updateTable('applicants').set({ status: 'CANCELLED' }).where('hash', '=', row.hash).execute();
    expect(await statusOf()).toBe('CANCELLED');
    const refused = await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, {
      ...as['bold@demo.test'],
      language: 'en',
    });
    expect(refused.statusCode).toBe(418);
    expect(refused.json()).toMatchObject({
      code: 'jobs.applicationDiscarded',
      message: expect.stringContaining('discarded'),
    });
    expect((await application(job.hash, bold))?.status).toBe('CANCELLED');
    // an accepted application can be withdrawn
    await t.app.db.updateTable('applicants').set({ status: 'ACCEPTED' }).where('hash', '=', row.hash).execute();
    expect((await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['bold@demo.test'])).json()).toMatchObject({
      active: false,
      status: 'WITHDRAWN',
    });
    expect(await statusOf()).toBe('WITHDRAWN');
  });

  it('keeps an application in the list after the offer closes, with the offer’s status', async () => {
    const bold = await userHash('bold@demo.test');
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'slug'])
      .where('status', '=', 'PUBLISHED')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('applicants')
              .select('hash')
              .whereRef('applicants.job_hash', '=', 'jobs.hash')
              .where('user_hash', '=', bold),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect((await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['bold@demo.test'])).statusCode).toBe(200);
    await t.app.db.updateTable('jobs').set({ status: 'CLOSED' }).where('hash', '=', job.hash).execute();
    const item = (await list('/api/jobs?subscribed_by_me=true&size=100', 'bold@demo.test')).items.find(
      (j: any) => j.hash === job.hash,
    );
    expect(item).toMatchObject({ status: 'PENDING', offer_status: 'CLOSED' });
    // the public list and the toggle no longer know the offer
    expect(hashes((await list('/api/jobs?size=100', 'bold@demo.test')).items)).not.toContain(job.hash);
    expect((await t.api('PATCH', `/api/jobs/${job.slug}/subscribe`, as['bold@demo.test'])).statusCode).toBe(404);
  });

  it('answers two simultaneous first applications with one row and no error', async () => {
    const gratis = await userHash('gratis@demo.test');
    await t.app.db
      .updateTable('users')
      .set({
        cv_file: (
          await t.app.db
            .selectFrom('users')
            .select('cv_file')
            .where('email', '=', 'bold@demo.test')
            .executeTakeFirstOrThrow()
        ).cv_file,
      })
      .where('hash', '=', gratis)
      .execute();
    const job = (await list('/api/jobs?size=1', 'gratis@demo.test')).items[0];
    const answers = await Promise.all(
      [1, 2].map(() => t.api('PATCH', `/api/jobs/${job.hash}/subscribe`, as['gratis@demo.test'])),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await t.app.db
      .selectFrom('applicants')
      .select('status')
      .where('job_hash', '=', job.hash)
      .where('user_hash', '=', gratis)
      .execute();
    expect(rows).toHaveLength(1);
    const mine = await list('/api/jobs?subscribed_by_me=true', 'gratis@demo.test');
    expect(mine.items.map((j: any) => [j.hash, j.status])).toEqual([[job.hash, rows[0]!.status]]);
    // bold's list does not pick up gratis's application
    const boldHas = await application(job.hash, await userHash('bold@demo.test'));
    expect(
      hashes((await list('/api/jobs?subscribed_by_me=true&size=100', 'bold@demo.test')).items).includes(job.hash),
    ).toBe(!!boldHas);
  });
});

describe('my groups', () => {
  it('lists exactly the groups the caller runs, belongs to, asked to join or follows, 6 a page', async () => {
    for (const who of MEMBERS) {
      const me = await userHash(who);
      const rows = await t.app.db
        .selectFrom('workgroups')
        .select('hash')
        .where('status', '=', 'PUBLISHED')
        .where((eb) =>
          eb.or([
            eb('admin_hash', '=', me),
            eb.exists(
              eb
                .selectFrom('workgroup_members')
                .select('hash')
                .whereRef('workgroup_members.workgroup_hash', '=', 'workgroups.hash')
                .where('user_hash', '=', me)
                .where('status', 'in', ['ACCEPTED', 'PENDING']),
            ),
            eb.exists(
              eb
                .selectFrom('workgroup_followers')
                .select('user_hash')
                .whereRef('workgroup_followers.workgroup_hash', '=', 'workgroups.hash')
                .where('user_hash', '=', me),
            ),
          ]),
        )
        .execute();
      const body = await list('/api/workgroups?subscribed_by_me=true&size=100', who);
      expect(body.total, who).toBe(rows.length);
      expect(hashes(body.items), who).toEqual(rows.map((r) => r.hash).sort());
    }
    const bold = await list('/api/workgroups?subscribed_by_me=true', 'bold@demo.test');
    expect(bold.total).toBeGreaterThan(0);
    expect(bold.items.length).toBeLessThanOrEqual(6);
    expect(bold.items.every((g: any) => g.membership === 'ACCEPTED' || g.is_admin)).toBe(true);
    expect((await list('/api/workgroups?subscribed_by_me=true', 'regular@demo.test')).total).toBe(0);
  });

  it('follows joining, asking to join and leaving, and never shows another member’s groups', async () => {
    const gratis = await userHash('gratis@demo.test');
    const outside = (type: string) =>
      t.app.db
        .selectFrom('workgroups')
        .select(['hash', 'slug'])
        .where('status', '=', 'PUBLISHED')
        .where('type', '=', type)
        .where('admin_hash', '!=', gratis)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('workgroup_members')
                .select('hash')
                .whereRef('workgroup_members.workgroup_hash', '=', 'workgroups.hash')
                .where('user_hash', '=', gratis),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
    const open = await outside('PUBLIC');
    const closed = await outside('PRIVATE');
    const before = hashes((await list('/api/workgroups?subscribed_by_me=true&size=100', 'gratis@demo.test')).items);
    expect(before).not.toContain(open.hash);
    expect(before).not.toContain(closed.hash);
    expect(
      (await t.api('PATCH', `/api/workgroups/${open.slug}/subscribe`, as['gratis@demo.test'])).json(),
    ).toMatchObject({ active: true, status: 'ACCEPTED' });
    expect(
      (await t.api('PATCH', `/api/workgroups/${closed.slug}/subscribe`, as['gratis@demo.test'])).json(),
    ).toMatchObject({ active: true, status: 'PENDING' });
    const mine = (await list('/api/workgroups?subscribed_by_me=true&size=100', 'gratis@demo.test')).items;
    expect(mine.find((g: any) => g.hash === open.hash)?.membership).toBe('ACCEPTED');
    expect(mine.find((g: any) => g.hash === closed.hash)?.membership).toBe('PENDING');
    // regular's list is untouched by gratis joining
    expect((await list('/api/workgroups?subscribed_by_me=true', 'regular@demo.test')).total).toBe(0);
    for (const group of [open, closed])
      expect(
        (await t.api('PATCH', `/api/workgroups/${group.slug}/subscribe`, as['gratis@demo.test'])).json().active,
      ).toBe(false);
    const after = hashes((await list('/api/workgroups?subscribed_by_me=true&size=100', 'gratis@demo.test')).items);
    expect(after).toEqual(before);
  });
});
