/**
 * Issue 27 §2: the public list pages a signed-in member reads (offers, news and events) are computed once and shared
 * by every caller (src/server/lib/sharedPages.ts). Hostile cases first: one member's marks never reach another's
 * page, a change anywhere is seen on the next request, a member's own lists are never shared, and the sharing does
 * happen (the second member's page is not computed again).
 * Runs on SQLite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPageStats } from '../../src/server/lib/sharedPages';
import { startTestApp, type CallOptions, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, CallOptions> = {};
const MEMBERS = ['bold@demo.test', 'gratis@demo.test', 'regular@demo.test'] as const;

interface ArticleItem {
  hash: string;
  type: string;
  title: string;
  saved: boolean;
  subscribed: boolean;
  registered: number;
}

beforeAll(async () => {
  t = await startTestApp();
  as['anonymous'] = {};
  for (const email of MEMBERS) as[email] = { token: (await t.login(email)).token };
}, 60_000);
afterAll(() => t?.close());

async function articles(who: string, query = 'page=1&size=50'): Promise<ArticleItem[]> {
  const res = await t.api('GET', `/api/articles?${query}`, as[who]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as ArticleItem[];
}

async function toggle(who: string, hash: string, action: 'save' | 'subscribe') {
  const res = await t.api('PATCH', `/api/articles/${hash}/${action}`, as[who]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { active: boolean };
}

const find = (items: ArticleItem[], hash: string) => items.find((item) => item.hash === hash)!;

describe('a shared public page carries each member their own marks', () => {
  it("one member's bookmark and registration never show on another member's page", async () => {
    const first = await articles('bold@demo.test');
    const event = first.find((item) => item.type === 'EVENT');
    const news = first.find((item) => item.type !== 'EVENT') ?? first[0]!;
    expect(event, 'the demo data has an event on the first page').toBeTruthy();
    // start from nobody's marks on these two, whatever the seed gave
    for (const who of ['bold@demo.test', 'gratis@demo.test'] as const) {
      const mine = await articles(who);
      if (find(mine, news.hash).saved) await toggle(who, news.hash, 'save');
      if (find(mine, event!.hash).subscribed) await toggle(who, event!.hash, 'subscribe');
    }
    // every caller's page is warm before the marks change
    for (const who of ['anonymous', ...MEMBERS]) await articles(who);

    expect((await toggle('bold@demo.test', news.hash, 'save')).active).toBe(true);
    expect((await toggle('gratis@demo.test', event!.hash, 'subscribe')).active).toBe(true);

    const bold = await articles('bold@demo.test');
    const gratis = await articles('gratis@demo.test');
    const regular = await articles('regular@demo.test');
    const anonymous = await articles('anonymous');
    expect(find(bold, news.hash).saved).toBe(true);
    expect(find(bold, event!.hash).subscribed).toBe(false);
    expect(find(gratis, news.hash).saved).toBe(false);
    expect(find(gratis, event!.hash).subscribed).toBe(true);
    for (const page of [regular, anonymous]) {
      expect(find(page, news.hash).saved).toBe(false);
      expect(find(page, event!.hash).subscribed).toBe(false);
    }
    // the registered count is everybody's: all see gratis's registration
    const registered = find(gratis, event!.hash).registered;
    for (const page of [bold, regular, anonymous]) expect(find(page, event!.hash).registered).toBe(registered);

    // and a mark taken back is gone from the next page, the other member's page still not touched
    expect((await toggle('bold@demo.test', news.hash, 'save')).active).toBe(false);
    expect(find(await articles('bold@demo.test'), news.hash).saved).toBe(false);
    expect(find(await articles('gratis@demo.test'), event!.hash).subscribed).toBe(true);
  });

  it('the same page asked again by the first member still holds their marks after another member read it', async () => {
    const page = await articles('bold@demo.test', 'page=1&size=5');
    const target = page[0]!;
    if (!target.saved) await toggle('bold@demo.test', target.hash, 'save');
    await articles('regular@demo.test', 'page=1&size=5');
    expect(find(await articles('bold@demo.test', 'page=1&size=5'), target.hash).saved).toBe(true);
    expect(find(await articles('regular@demo.test', 'page=1&size=5'), target.hash).saved).toBe(false);
    await toggle('bold@demo.test', target.hash, 'save');
  });
});

describe('a shared page follows every change at once', () => {
  it("an offer's new title and a withdrawn article show on every member's next page", async () => {
    const jobsUrl = '/api/jobs?page=1&size=10';
    const jobs = (await t.api('GET', jobsUrl, as['bold@demo.test'])).json().items as Array<{
      hash: string;
      title: string;
    }>;
    const job = jobs[0]!;
    await t.api('GET', jobsUrl, as['regular@demo.test']);
    await t.app.db
      .updateTable('jobs')
      .set({ title: 'A title changed behind the cache' })
      .where('hash', '=', job.hash)
      .execute();
    for (const who of MEMBERS) {
      const items = (await t.api('GET', jobsUrl, as[who])).json().items as Array<{ hash: string; title: string }>;
      expect(items.find((item) => item.hash === job.hash)?.title, who).toBe('A title changed behind the cache');
    }
    await t.app.db.updateTable('jobs').set({ title: job.title }).where('hash', '=', job.hash).execute();

    const page = await articles('bold@demo.test', 'page=1&size=10');
    const gone = page[0]!;
    await articles('gratis@demo.test', 'page=1&size=10');
    await t.app.db.updateTable('articles').set({ status: 'DRAFT' }).where('hash', '=', gone.hash).execute();
    try {
      for (const who of ['anonymous', ...MEMBERS]) {
        const items = await articles(who, 'page=1&size=10');
        expect(
          items.some((item) => item.hash === gone.hash),
          who,
        ).toBe(false);
      }
    } finally {
      await t.app.db.updateTable('articles').set({ status: 'PUBLISHED' }).where('hash', '=', gone.hash).execute();
    }
    expect((await articles('regular@demo.test', 'page=1&size=10')).some((item) => item.hash === gone.hash)).toBe(true);
  });

  it("a member's own lists (saved, applied) are never a shared page", async () => {
    const before = sharedPageStats(t.app.db);
    await t.api('GET', '/api/articles?saved_by_me=true', as['bold@demo.test']);
    await t.api('GET', '/api/articles?saved_by_me=true', as['gratis@demo.test']);
    await t.api('GET', '/api/jobs?subscribed_by_me=true', as['bold@demo.test']);
    await t.api('GET', '/api/jobs?subscribed_by_me=true', as['gratis@demo.test']);
    const after = sharedPageStats(t.app.db);
    expect(after.hits + after.misses).toBe(before.hits + before.misses);
  });
});

describe('the reference tables every directory page names', () => {
  it("a category's new title and a country's new name show on the next directory page", async () => {
    type Person = {
      category: { hash: string; title: string } | null;
      country_code: string | null;
      country_name: string;
    };
    const people = async () => {
      const res = await t.api('GET', '/api/users?page=1&size=50', as['bold@demo.test']);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as Person[];
    };
    const someone = (await people()).find((p) => p.category && p.country_code)!;
    expect(someone, 'a member with a category and a country on the first page').toBeTruthy();
    const category = someone.category!.hash;
    const code = someone.country_code!;
    const old = await t.app.db
      .selectFrom('categories')
      .select('title_en')
      .where('hash', '=', category)
      .executeTakeFirstOrThrow();
    const oldCountry = await t.app.db
      .selectFrom('countries')
      .select('name_en')
      .where('code', '=', code.toUpperCase())
      .executeTakeFirstOrThrow();
    await people(); // warm
    await t.app.db
      .updateTable('categories')
      .set({ title_en: 'Renamed category' })
      .where('hash', '=', category)
      .execute();
    await t.app.db
      .updateTable('countries')
      .set({ name_en: 'Renamed country' })
      .where('code', '=', code.toUpperCase())
      .execute();
    try {
      const after = (await people()).filter((p) => p.category?.hash === category);
      expect(after.length).toBeGreaterThan(0);
      for (const p of after) expect(p.category!.title).toBe('Renamed category');
      for (const p of (await people()).filter((p) => p.country_code === code))
        expect(p.country_name).toBe('Renamed country');
    } finally {
      await t.app.db.updateTable('categories').set({ title_en: old.title_en }).where('hash', '=', category).execute();
      await t.app.db
        .updateTable('countries')
        .set({ name_en: oldCountry.name_en })
        .where('code', '=', code.toUpperCase())
        .execute();
    }
    expect((await people()).find((p) => p.category?.hash === category)!.category!.title).toBe(old.title_en);
  });
});

describe('the page is computed once for every member', () => {
  it('the second, third and fourth callers of a page reuse the first one’s', async () => {
    for (const list of ['/api/jobs', '/api/articles']) {
      const url = `${list}?page=2&size=3`;
      const before = sharedPageStats(t.app.db);
      const answers = [];
      for (const who of ['bold@demo.test', 'gratis@demo.test', 'regular@demo.test', 'anonymous'])
        answers.push((await t.api('GET', url, as[who])).json().items.map((item: { hash: string }) => item.hash));
      const after = sharedPageStats(t.app.db);
      expect(after.misses - before.misses, list).toBe(1);
      expect(after.hits - before.hits, list).toBe(3);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
  });
});
