import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function publishedCount(where: (q: any) => any = (q) => q): Promise<number> {
  const row = await where(t.app.db.selectFrom('jobs').where('status', '=', 'PUBLISHED'))
    .select((eb: any) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /api/jobs', () => {
  it('lists only published offers, newest first, in pages of 10 with { items, total, maxPages }', async () => {
    const res = await t.api('GET', '/api/jobs');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const total = await publishedCount();
    expect(total).toBeGreaterThan(10);
    expect(body.total).toBe(total);
    expect(body.maxPages).toBe(Math.ceil(total / 10));
    expect(body.items).toHaveLength(10);
    expect(body.items.every((job: any) => job.status === 'PUBLISHED')).toBe(true);
    const dates = body.items.map((job: any) => job.cdate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.items[0]).toMatchObject({
      hash: expect.any(String),
      slug: expect.any(String),
      company: { name: expect.any(String) },
    });
    expect(body.items[0]).not.toHaveProperty('search_text');
    expect(body.items[0]).not.toHaveProperty('company_hash');
  });

  it('pages through every published offer exactly once', async () => {
    const first = (await t.api('GET', '/api/jobs?size=25')).json();
    expect(first.total).toBe(await publishedCount());
    expect(first.maxPages).toBeGreaterThan(1);
    const seen = new Set<string>();
    let listed = 0;
    for (let page = 1; page <= first.maxPages; page++) {
      const body = (await t.api('GET', `/api/jobs?size=25&page=${page}`)).json();
      expect(body.items.length, `page ${page}`).toBe(
        page < first.maxPages ? 25 : first.total - 25 * (first.maxPages - 1),
      );
      listed += body.items.length;
      for (const job of body.items) seen.add(job.hash);
    }
    expect(listed).toBe(first.total);
    expect(seen.size).toBe(first.total);
    const beyond = (await t.api('GET', `/api/jobs?size=25&page=${first.maxPages + 1}`)).json();
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('filters by contract', async () => {
    const body = (await t.api('GET', '/api/jobs?contract=FREELANCE&size=100')).json();
    expect(body.total).toBe(await publishedCount((q) => q.where('contract', '=', 'FREELANCE')));
    expect(body.total).toBeGreaterThan(0);
    expect(body.total).toBeLessThan(await publishedCount());
    expect(body.items).toHaveLength(Math.min(body.total, 100));
    expect(body.items.every((job: any) => job.contract === 'FREELANCE')).toBe(true);
  });

  it('filters by text, ignoring case and accents', async () => {
    const sample = (await t.api('GET', '/api/jobs?size=1')).json().items[0];
    const word = sample.title.split(/\s+/).find((w: string) => w.length > 4) ?? sample.title;
    const upper = word.toUpperCase();
    const body = (await t.api('GET', `/api/jobs?text=${encodeURIComponent(upper)}&size=100`)).json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.some((job: any) => job.hash === sample.hash)).toBe(true);
    const none = (await t.api('GET', '/api/jobs?text=zzqxv-nothing-like-this')).json();
    expect(none).toEqual({ items: [], total: 0, maxPages: 0 });
    // LIKE wildcards in the input are not wildcards
    expect((await t.api('GET', '/api/jobs?text=%25%25%25')).json().total).toBe(await publishedCount());
  });

  it('filters by location', async () => {
    const sample = (await t.api('GET', '/api/jobs?size=1')).json().items[0];
    const body = (
      await t.api('GET', `/api/jobs?location=${encodeURIComponent(sample.location.toLowerCase())}&size=100`)
    ).json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.map((job: any) => job.hash)).toContain(sample.hash);
    expect(body.items.every((job: any) => job.location.toLowerCase().includes(sample.location.toLowerCase()))).toBe(
      true,
    );
  });

  it('filters by tags (any of them) and titles tags in the request language', async () => {
    const tagged = await t.app.db
      .selectFrom('job_tags')
      .innerJoin('jobs', 'jobs.hash', 'job_tags.job_hash')
      .innerJoin('tags', 'tags.hash', 'job_tags.tag_hash')
      .select(['job_tags.tag_hash', 'tags.title_ca'])
      .where('jobs.status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const body = (await t.api('GET', `/api/jobs?tags=${tagged.tag_hash}&size=100`, { language: 'ca' })).json();
    expect(body.total).toBeGreaterThan(0);
    expect(body.items).toHaveLength(Math.min(body.total, 100));
    for (const job of body.items) expect(job.tags.map((tag: any) => tag.hash)).toContain(tagged.tag_hash);
    expect(body.items[0].tags.find((tag: any) => tag.hash === tagged.tag_hash).title).toBe(tagged.title_ca);
  });

  it('answers hostile filters with 400 and the SPEC §8 shape, never 500', async () => {
    for (const query of [
      'page=0',
      'page=1000000000',
      'size=0',
      'size=101',
      'contract=HOURLY',
      'page=abc',
      `text=${'x'.repeat(5000)}`,
      'tags=DROP%20TABLE',
      'unknown=1',
    ]) {
      const res = await t.api('GET', `/api/jobs?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors.length, query).toBeGreaterThan(0);
      expect(res.json().errors[0]).toMatchObject({ field: expect.any(String), message: expect.any(String) });
    }
  });

  it('refuses subscribed_by_me to an anonymous visitor and lists a member’s applications', async () => {
    expect((await t.api('GET', '/api/jobs?subscribed_by_me=true')).statusCode).toBe(401);
    const session = await t.login('bold@demo.test', 'usr');
    const body = (
      await t.api('GET', '/api/jobs?subscribed_by_me=true', { token: session.token, deviceId: session.deviceId })
    ).json();
    const applied = await t.app.db
      .selectFrom('applicants')
      .innerJoin('users', 'users.hash', 'applicants.user_hash')
      .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
      .select('jobs.hash')
      .where('users.email', '=', 'bold@demo.test')
      .where('jobs.status', '=', 'PUBLISHED')
      .execute();
    expect(applied.length).toBeGreaterThan(0);
    expect(body.total).toBe(applied.length);
    expect(body.items.map((job: any) => job.hash).sort()).toEqual(applied.map((row) => row.hash).sort());
  });
});

describe('GET /api/jobs/{id}', () => {
  it('finds a published offer by slug and by hash', async () => {
    const sample = (await t.api('GET', '/api/jobs?size=1')).json().items[0];
    const bySlug = await t.api('GET', `/api/jobs/${sample.slug}`);
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().hash).toBe(sample.hash);
    expect((await t.api('GET', `/api/jobs/${sample.hash}`)).json().slug).toBe(sample.slug);
  });

  it('answers 404 for offers that are not published and for unknown ids', async () => {
    for (const status of ['PENDING', 'UNPUBLISHED', 'CLOSED'] as const) {
      const job = await t.app.db
        .selectFrom('jobs')
        .select(['slug', 'hash'])
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      expect((await t.api('GET', `/api/jobs/${job.slug}`)).statusCode, status).toBe(404);
      expect((await t.api('GET', `/api/jobs/${job.hash}`)).statusCode, status).toBe(404);
    }
    const missing = await t.api('GET', '/api/jobs/does-not-exist', { language: 'es' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No hemos encontrado lo que buscas.');
  });

  it('shows the full offer to Bold, GRATIS and companies, and a teaser to anonymous and Regular (SPEC §6)', async () => {
    const long = await t.app.db
      .selectFrom('jobs')
      .select(['slug', 'description'])
      .where('status', '=', 'PUBLISHED')
      .orderBy('cdate', 'desc')
      .execute()
      .then((rows) => rows.find((row) => row.description.length > 300));
    if (!long) throw new Error('the demo data has no published offer with a long description');
    const anonymous = (await t.api('GET', `/api/jobs/${long.slug}`)).json();
    expect(anonymous.locked).toBe(true);
    expect(anonymous.description.length).toBeLessThan(long.description.length);
    for (const [email, kind, locked] of [
      ['regular@demo.test', 'usr', true],
      ['bold@demo.test', 'usr', false],
      ['gratis@demo.test', 'usr', false],
      ['company@demo.test', 'com', false],
    ] as const) {
      const s = await t.login(email, kind);
      const body = (await t.api('GET', `/api/jobs/${long.slug}`, { token: s.token, deviceId: s.deviceId })).json();
      expect(body.locked, email).toBe(locked);
      // the whole text when unlocked, a shorter teaser when locked
      expect(body.description === long.description, email).toBe(!locked);
      expect(body.description.length < long.description.length, email).toBe(locked);
    }
  });
});

describe('taxonomies', () => {
  it('lists tags and the category tree in the request language', async () => {
    const tags = (await t.api('GET', '/api/tags?type=USER', { language: 'en' })).json();
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((tag: any) => tag.type === 'USER' && tag.title)).toBe(true);
    const tree = (await t.api('GET', '/api/categories/tree', { language: 'ca' })).json();
    expect(tree.length).toBeGreaterThan(0);
    expect(tree[0].lvl).toBe(1);
    expect(tree.some((node: any) => node.children.length > 0)).toBe(true);
  });
});
