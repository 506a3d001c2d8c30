/**
 * Issue 9 §3 (a lean API): the caches of counts and of the country list never outlive a privacy change, on
 * this instance or another; hostile search and paging values answer 400 or an empty list without a scan;
 * the word search (SQLite FTS5 / PostgreSQL tsvector, issue 27 §2) finds every word typed at the start of a word.
 * Runs on SQLite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../src/shared/text';
import { forgetShapes, shapeStats } from '../../src/server/db/shapes';
import { startTestApp, type CallOptions, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, CallOptions> = {};
const MEMBERS = ['regular@demo.test', 'bold@demo.test', 'gratis@demo.test'];

beforeAll(async () => {
  t = await startTestApp();
  as['anonymous'] = {};
  for (const email of MEMBERS) as[email] = { token: (await t.login(email)).token };
  as['company@demo.test'] = { token: (await t.login('company@demo.test', 'com')).token };
}, 60_000);
afterAll(() => t?.close());

async function directoryTotal(who: string, query = '') {
  const res = await t.api('GET', `/api/users?size=1${query}`, as[who]);
  expect(res.statusCode).toBe(200);
  return res.json().total as number;
}

async function countryCount(who: string, code: string) {
  const res = await t.api('GET', '/api/countries', as[who]);
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ hash: string; num_users: number }>).find((c) => c.hash === code)?.num_users ?? 0;
}

async function inDirectory(who: string, hash: string, query = '') {
  const res = await t.api('GET', `/api/users?size=100${query}`, as[who]);
  return (res.json().items as Array<{ hash: string }>).some((item) => item.hash === hash);
}

describe('privacy takes effect on the next request, counts and caches included', () => {
  it('a member who hides from the alumni search leaves the directory, its totals and the country counts at once', async () => {
    const me = await t.app.db
      .selectFrom('users')
      .select(['hash', 'country_code', 'surname1'])
      .where('email', '=', 'regular@demo.test')
      .executeTakeFirstOrThrow();
    expect(me.country_code).toBeTruthy();
    const filter = `&country_code=${me.country_code}`;
    // the seed hides one member in ten at random: start visible to everyone
    expect(
      (
        await t.api('PATCH', '/usr/users', {
          ...as['regular@demo.test'],
          body: { is_appear_by_user: true, is_appear_by_company: true },
        })
      ).statusCode,
    ).toBe(200);
    // warm every cache first
    const before: Record<string, { total: number; filtered: number; country: number }> = {};
    for (const who of ['anonymous', ...MEMBERS, 'company@demo.test']) {
      before[who] = {
        total: await directoryTotal(who),
        filtered: await directoryTotal(who, filter),
        country: await countryCount(who, me.country_code!),
      };
      before[who] = {
        total: await directoryTotal(who),
        filtered: await directoryTotal(who, filter),
        country: await countryCount(who, me.country_code!),
      };
    }
    const narrow = `${filter}&text=${encodeURIComponent(me.surname1)}`;
    expect(await inDirectory('anonymous', me.hash, narrow)).toBe(true);
    expect((await t.api('GET', `/api/users/${me.hash}`)).statusCode).toBe(200);

    const res = await t.api('PATCH', '/usr/users', { ...as['regular@demo.test'], body: { is_appear_by_user: false } });
    expect(res.statusCode).toBe(200);
    for (const who of ['anonymous', ...MEMBERS]) {
      expect(await directoryTotal(who), who).toBe(before[who]!.total - 1);
      expect(await directoryTotal(who, filter), who).toBe(before[who]!.filtered - 1);
      expect(await countryCount(who, me.country_code!), who).toBe(before[who]!.country - 1);
      expect(await inDirectory(who, me.hash, narrow), who).toBe(false);
      expect((await t.api('GET', `/api/users/${me.hash}`, as[who])).statusCode, who).toBe(404);
    }
    // companies read the other flag: unchanged for them
    expect(await directoryTotal('company@demo.test')).toBe(before['company@demo.test']!.total);
    expect(await countryCount('company@demo.test', me.country_code!)).toBe(before['company@demo.test']!.country);

    await t.api('PATCH', '/usr/users', { ...as['regular@demo.test'], body: { is_appear_by_user: true } });
    expect(await directoryTotal('anonymous')).toBe(before['anonymous']!.total);
    expect(await countryCount('anonymous', me.country_code!)).toBe(before['anonymous']!.country);
  });

  it('a change written by another instance (straight to the database, no cache cleared here) shows on the next request', async () => {
    const member = await t.app.db
      .selectFrom('users')
      .select(['hash', 'country_code'])
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_user', '=', 1)
      .where('is_appear_by_company', '=', 1)
      .where('country_code', 'is not', null)
      .where('email', 'not like', '%@demo.test')
      .executeTakeFirstOrThrow();
    const code = member.country_code!;
    const total = await directoryTotal('anonymous');
    const companyTotal = await directoryTotal('company@demo.test');
    const inCountry = await countryCount('anonymous', code);
    const companyInCountry = await countryCount('company@demo.test', code);
    expect(await directoryTotal('anonymous')).toBe(total); // now cached

    await t.app.db.updateTable('users').set({ is_appear_by_company: 0 }).where('hash', '=', member.hash).execute();
    expect(await directoryTotal('company@demo.test')).toBe(companyTotal - 1);
    expect(await countryCount('company@demo.test', code)).toBe(companyInCountry - 1);
    expect(await directoryTotal('anonymous')).toBe(total);

    // the back office suspends the member: out for everyone
    await t.app.db.updateTable('users').set({ status: 'DISABLED' }).where('hash', '=', member.hash).execute();
    expect(await directoryTotal('anonymous')).toBe(total - 1);
    expect(await countryCount('anonymous', code)).toBe(inCountry - 1);
    expect((await t.api('GET', `/api/users/${member.hash}`)).statusCode).toBe(404);

    // moving country moves the count
    await t.app.db
      .updateTable('users')
      .set({ status: 'VALIDATED', is_appear_by_company: 1 })
      .where('hash', '=', member.hash)
      .execute();
    expect(await countryCount('anonymous', code)).toBe(inCountry);
    const other = code === 'ES' ? 'FR' : 'ES';
    const otherBefore = await countryCount('anonymous', other);
    await t.app.db.updateTable('users').set({ country_code: other }).where('hash', '=', member.hash).execute();
    expect(await countryCount('anonymous', code)).toBe(inCountry - 1);
    expect(await countryCount('anonymous', other)).toBe(otherBefore + 1);
    await t.app.db.updateTable('users').set({ country_code: code }).where('hash', '=', member.hash).execute();
  });

  it('a job published or withdrawn changes the job total and the sitemap on the next request', async () => {
    const total = (await t.api('GET', '/api/jobs?size=1')).json().total as number;
    const sitemap = (await t.api('GET', '/sitemap.xml')).body;
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'slug'])
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    expect(sitemap).toContain(job.slug);
    await t.app.db.updateTable('jobs').set({ status: 'CLOSED' }).where('hash', '=', job.hash).execute();
    expect((await t.api('GET', '/api/jobs?size=1')).json().total).toBe(total - 1);
    expect((await t.api('GET', '/sitemap.xml')).body).not.toContain(job.slug);
    await t.app.db.updateTable('jobs').set({ status: 'PUBLISHED' }).where('hash', '=', job.hash).execute();
    expect((await t.api('GET', '/api/jobs?size=1')).json().total).toBe(total);
    expect((await t.api('GET', '/sitemap.xml')).body).toContain(job.slug);
  });
});

describe('hostile values answer 400 or an empty list quickly', () => {
  it('a 5,000-character search is refused (400) on every searched list, whoever asks', async () => {
    const long = 'a'.repeat(5000);
    for (const who of ['anonymous', 'regular@demo.test', 'company@demo.test']) {
      for (const url of [
        `/api/jobs?text=${long}`,
        `/api/users?text=${long}`,
        `/api/workgroups?text=${long}`,
        `/api/articles?text=${long}`,
      ]) {
        const started = performance.now();
        const res = await t.api('GET', url, as[who]);
        expect(res.statusCode, `${who} ${url.slice(0, 16)}`).toBe(400);
        expect(res.json().errors[0].field).toBe('text');
        expect(performance.now() - started).toBeLessThan(1000);
      }
    }
  });

  it('a page beyond maxPages answers an empty list with the real total and maxPages', async () => {
    for (const [url, who] of [
      ['/api/jobs', 'anonymous'],
      ['/api/users', 'bold@demo.test'],
      ['/api/articles', 'anonymous'],
      ['/api/jobs?text=dise', 'anonymous'],
    ] as const) {
      const first = (await t.api('GET', `${url}${url.includes('?') ? '&' : '?'}size=5`, as[who])).json();
      expect(first.total, url).toBeGreaterThan(0);
      const res = await t.api(
        'GET',
        `${url}${url.includes('?') ? '&' : '?'}size=5&page=${first.maxPages + 1}`,
        as[who],
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [], total: first.total, maxPages: first.maxPages });
      const far = await t.api('GET', `${url}${url.includes('?') ? '&' : '?'}size=5&page=100000`, as[who]);
      expect(far.json().items).toEqual([]);
    }
    expect((await t.api('GET', '/api/jobs?page=100001')).statusCode).toBe(400);
    expect((await t.api('GET', '/api/jobs?page=0')).statusCode).toBe(400);
  });

  it('every page of a list, read from either end, joins up to the whole list in order, without repeats', async () => {
    for (const [url, who, key] of [
      ['/api/jobs?size=7', 'anonymous', 'hash'],
      ['/api/users?size=7', 'company@demo.test', 'hash'],
    ] as const) {
      const first = (await t.api('GET', url, as[who])).json();
      const all: string[] = [];
      for (let page = 1; page <= first.maxPages; page++) {
        const body = (await t.api('GET', `${url}&page=${page}`, as[who])).json();
        expect(body.items.length, `${url} page ${page}`).toBe(
          page < first.maxPages ? 7 : first.total - 7 * (first.maxPages - 1),
        );
        all.push(...body.items.map((item: Record<string, string>) => item[key]));
      }
      expect(new Set(all).size).toBe(first.total);
      const whole = (await t.api('GET', url.replace('size=7', 'size=100'), as[who])).json();
      if (whole.total <= 100) expect(all).toEqual(whole.items.map((item: Record<string, string>) => item[key]));
    }
  });
});

describe('the word search finds every word typed at the start of a word (issue 27 §2; it was any part before)', () => {
  it('finds offers by the start of a word, accents and case folded: the total is what the words of search_text give', async () => {
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'title', 'search_text'])
      .where('status', '=', 'PUBLISHED')
      .execute();
    expect(jobs.length).toBeGreaterThan(0);
    const words = (text: string) => text.split(/[^\p{L}\p{N}]+/u);
    const job = jobs[0]!;
    const word = words(job.search_text).find((w) => w.length >= 6)!;
    const startsAWord = (prefix: string) =>
      jobs.filter((row) => words(row.search_text).some((w) => w.startsWith(prefix))).length;
    const part = word.slice(0, 4);
    for (const text of [part, part.toUpperCase(), ` ${part} `]) {
      const res = (await t.api('GET', `/api/jobs?size=100&text=${encodeURIComponent(text)}`)).json();
      expect(res.total, text).toBe(startsAWord(part));
      expect(res.items.map((i: { hash: string }) => i.hash)).toContain(job.hash);
    }
    // two characters: the shortest prefix index, still the same matches
    const two = word.slice(0, 2);
    expect((await t.api('GET', `/api/jobs?size=1&text=${two}`)).json().total).toBe(startsAWord(two));
    // words across a space
    const phrase = job.search_text.split(' ').slice(0, 2).join(' ');
    expect(
      (await t.api('GET', `/api/jobs?size=100&text=${encodeURIComponent(phrase)}`))
        .json()
        .items.map((i: { hash: string }) => i.hash),
    ).toContain(job.hash);
    expect((await t.api('GET', '/api/jobs?text=zzqqxxnotaword')).json()).toEqual({ items: [], total: 0, maxPages: 0 });
    // LIKE's wildcards are signs, not words: no search at all
    expect((await t.api('GET', '/api/jobs?text=%25%25%25')).json().total).toBe(
      (await t.api('GET', '/api/jobs')).json().total,
    );
  });

  it('a member found by an accented name, and found again under a new name after a profile change (the index follows writes)', async () => {
    const session = as['bold@demo.test']!;
    const me = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    const res = await t.api('PATCH', '/usr/users', { ...session, body: { surname1: 'Muñoz-Öztürk' } });
    expect(res.statusCode).toBe(200);
    for (const text of ['muñoz', 'MUNOZ', 'oztürk', 'ozturk', 'muñoz-öz'])
      expect(await inDirectory('regular@demo.test', me.hash, `&text=${encodeURIComponent(text)}`), text).toBe(true);
    expect(foldText('Ñoz-Öz')).toBe('noz-oz');
    await t.api('PATCH', '/usr/users', { ...session, body: { surname1: 'Quintanilla' } });
    expect(await inDirectory('regular@demo.test', me.hash, '&text=ozturk')).toBe(false);
    expect(await inDirectory('regular@demo.test', me.hash, '&text=quintan')).toBe(true);
  });

  it('finds working groups by the start of a word of their name', async () => {
    const group = await t.app.db
      .selectFrom('workgroups')
      .select(['hash', 'name'])
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const part = foldText(group.name)
      .split(/[^\p{L}\p{N}]+/u)
      .find((w) => w.length >= 4)!
      .slice(0, 4);
    const res = (await t.api('GET', `/api/workgroups?size=100&text=${encodeURIComponent(part)}`)).json();
    expect(res.items.map((i: { hash: string }) => i.hash)).toContain(group.hash);
  });
});

describe('SQL built once per query shape', () => {
  it('hot list and detail queries reuse their compiled SQL, none falls back to building each time, and each audience keeps its own', async () => {
    // the cache is the process's: files run before this one in the same worker learned their own shapes
    forgetShapes();
    // the cache is the process's: files run before this one in the same worker learned their own shapes
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'slug'])
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const hiddenFromCompanies = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_company', '=', 0)
      .where('is_appear_by_user', '=', 1)
      .executeTakeFirstOrThrow();
    for (let round = 0; round < 2; round++) {
      expect((await t.api('GET', `/api/jobs/${job.slug}`)).json().hash).toBe(job.hash);
      expect((await t.api('GET', `/api/jobs/${job.hash}`)).json().hash).toBe(job.hash);
      expect((await t.api('GET', '/api/jobs?tags=zzz,yyy&text=dis&location=a&contract=FREELANCE')).statusCode).toBe(
        200,
      );
      expect((await t.api('GET', '/api/users?graduation_year=2015&ambassador=true&text=a')).statusCode).toBe(200);
      // the same shape for two audiences: the company's privacy flag must stay the company's
      expect((await t.api('GET', `/api/users/${hiddenFromCompanies.hash}`)).statusCode).toBe(200);
      expect((await t.api('GET', `/api/users/${hiddenFromCompanies.hash}`, as['company@demo.test'])).statusCode).toBe(
        404,
      );
    }
    // a member applies and withdraws (the same call toggles), twice: the application's insert uses one value twice
    for (let toggle = 0; toggle < 4; toggle++) {
      const answer = await t.api('PATCH', `/api/jobs/${job.hash}/subscribe`, { ...as['bold@demo.test'], body: {} });
      expect(answer.statusCode).toBe(200);
    }
    const stats = shapeStats();
    expect(stats.shapes).toBeGreaterThan(5);
    expect(stats.unsafe).toEqual([]);
  });
});
