/**
 * A search's total (issue 27, big dataset): on SQLite a search of offers (with a contract or not) and of the
 * directory is counted inside the word index, whose `facets` column (migration 046) says who is listed to whom and
 * which offers are published with which contract. The total must be exactly what the list holds, after every
 * write that moves a row in or out: a member hiding, a status change, an offer unpublished or its contract changed,
 * a row inserted or deleted; and a word that happens to be a facet ("members", "published") is only a word.
 * Run on SQLite and PostgreSQL (where the count reads the table, the same answers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type CallOptions, type TestApp } from '../helpers/app';

let t: TestApp;
let member: CallOptions;
let company: CallOptions;
beforeAll(async () => {
  t = await startTestApp();
  member = { token: (await t.login('regular@demo.test')).token };
  company = { token: (await t.login('company@demo.test', 'com')).token };
}, 240_000);
afterAll(() => t?.close());

/** The total a page of one answers (counted: a full page cannot tell it) and the rows of every page. */
async function totalAndRows(url: string, options: CallOptions = {}): Promise<{ total: number; rows: string[] }> {
  const join = url.includes('?') ? '&' : '?';
  const first = await t.api('GET', `${url}${join}size=1`, { language: 'es', ...options });
  expect(first.statusCode, first.body).toBe(200);
  const rows: string[] = [];
  for (let page = 1; page <= 20; page++) {
    const res = await t.api('GET', `${url}${join}size=100&page=${page}`, { language: 'es', ...options });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Array<{ hash: string }>;
    rows.push(...items.map((item) => item.hash));
    if (items.length < 100) break;
  }
  return { total: first.json().total as number, rows };
}

async function expectExact(url: string, options: CallOptions = {}): Promise<string[]> {
  const { total, rows } = await totalAndRows(url, options);
  expect(total, url).toBe(rows.length);
  return rows;
}

async function userHash(email: string): Promise<string> {
  const row = await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow();
  return row.hash;
}

describe('a search total is the list', () => {
  it('offers and the directory: a few words, each alone, with every contract, for each audience', async () => {
    const words = ['a', 'de', 'dis', 'ma', 'ingen', 'garc', 'e'];
    let nonEmpty = 0;
    for (const word of words) {
      nonEmpty += (await expectExact(`/api/jobs?text=${word}`)).length > 0 ? 1 : 0;
      for (const contract of ['INDEFINITE', 'PART-TIME', 'FREELANCE'])
        await expectExact(`/api/jobs?text=${word}&contract=${contract}`);
      nonEmpty += (await expectExact(`/api/users?text=${word}`, member)).length > 0 ? 1 : 0;
      await expectExact(`/api/users?text=${word}`, company);
      await expectExact(`/api/users?text=${word}`);
    }
    expect(nonEmpty).toBeGreaterThan(4);
  });

  it('a word that is also a facet ("members", "companies", "published", "cindefinite") is only a word', async () => {
    for (const word of ['members', 'companies', 'published', 'cindefinite', 'cparttime']) {
      const jobs = await totalAndRows(`/api/jobs?text=${word}`);
      expect(jobs.total, word).toBe(jobs.rows.length);
      expect(jobs.total, word).toBe(0);
      const users = await totalAndRows(`/api/users?text=${word}`, member);
      expect(users.total, word).toBe(users.rows.length);
      expect(users.total, word).toBe(0);
    }
  });
});

describe('the total follows every write', () => {
  it('a member who hides from members, or from companies, or loses their validation, leaves that total', async () => {
    const gratis = { token: (await t.login('gratis@demo.test')).token };
    const me = await userHash('gratis@demo.test');
    let res = await t.api('PATCH', '/usr/users', {
      ...gratis,
      body: { name: 'Wenceslada', surname1: 'Ybarrondo', is_appear_by_user: true, is_appear_by_company: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const byMembers = () => totalAndRows('/api/users?text=wencesl', member);
    const byCompanies = () => totalAndRows('/api/users?text=wencesl', company);
    expect(await byMembers()).toEqual({ total: 1, rows: [me] });
    expect(await byCompanies()).toEqual({ total: 1, rows: [me] });

    res = await t.api('PATCH', '/usr/users', { ...gratis, body: { is_appear_by_user: false } });
    expect(res.statusCode).toBe(200);
    expect(await byMembers()).toEqual({ total: 0, rows: [] });
    expect(await byCompanies()).toEqual({ total: 1, rows: [me] });

    res = await t.api('PATCH', '/usr/users', {
      ...gratis,
      body: { is_appear_by_user: true, is_appear_by_company: false },
    });
    expect(res.statusCode).toBe(200);
    expect(await byMembers()).toEqual({ total: 1, rows: [me] });
    expect(await byCompanies()).toEqual({ total: 0, rows: [] });

    // a status change made by anyone (the back office, the CLI): straight in the table
    await t.app.db.updateTable('users').set({ status: 'PENDING' }).where('hash', '=', me).execute();
    expect(await byMembers()).toEqual({ total: 0, rows: [] });
    await t.app.db.updateTable('users').set({ status: 'VALIDATED' }).where('hash', '=', me).execute();
    expect(await byMembers()).toEqual({ total: 1, rows: [me] });
  });

  it('an offer unpublished, its contract changed, a new one inserted and one deleted move the totals', async () => {
    const job = await t.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('status', '=', 'PUBLISHED')
      .where('contract', '=', 'INDEFINITE')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('jobs')
      .set({ search_text: `${job.search_text} xilofonista` })
      .where('hash', '=', job.hash)
      .execute();
    const all = () => totalAndRows('/api/jobs?text=xilof');
    const indefinite = () => totalAndRows('/api/jobs?text=xilof&contract=INDEFINITE');
    const partTime = () => totalAndRows('/api/jobs?text=xilof&contract=PART-TIME');
    expect(await all()).toEqual({ total: 1, rows: [job.hash] });
    expect(await indefinite()).toEqual({ total: 1, rows: [job.hash] });
    expect(await partTime()).toEqual({ total: 0, rows: [] });

    await t.app.db.updateTable('jobs').set({ contract: 'PART-TIME' }).where('hash', '=', job.hash).execute();
    expect(await indefinite()).toEqual({ total: 0, rows: [] });
    expect(await partTime()).toEqual({ total: 1, rows: [job.hash] });

    await t.app.db.updateTable('jobs').set({ status: 'UNPUBLISHED' }).where('hash', '=', job.hash).execute();
    expect(await all()).toEqual({ total: 0, rows: [] });
    expect(await partTime()).toEqual({ total: 0, rows: [] });
    await t.app.db.updateTable('jobs').set({ status: 'PUBLISHED' }).where('hash', '=', job.hash).execute();
    expect(await all()).toEqual({ total: 1, rows: [job.hash] });

    const copy = {
      ...job,
      hash: 'xilofcopy0000001',
      slug: `${job.slug}-xilof-copy`,
      contract: 'INDEFINITE',
      search_text: `${job.search_text} xilofonista`,
    };
    await t.app.db.insertInto('jobs').values(copy).execute();
    const both = await all();
    expect(both.total).toBe(2);
    expect([...both.rows].sort()).toEqual([job.hash, copy.hash].sort());
    expect(await indefinite()).toEqual({ total: 1, rows: [copy.hash] });

    await t.app.db.deleteFrom('jobs').where('hash', '=', copy.hash).execute();
    expect(await all()).toEqual({ total: 1, rows: [job.hash] });
    expect(await indefinite()).toEqual({ total: 0, rows: [] });
  });
});
