/**
 * Search through a word index (issue 27 §2): SQLite FTS5 (`unicode61 remove_diacritics 2`), PostgreSQL
 * `to_tsvector('simple', …)` with `unaccent`. Every word typed must be in the text, in any order, each as the start
 * of a word ("disen" finds "Diseño"), accents and case ignored; what the user types is text, never FTS syntax
 * (quotes, `*`, `-`, OR, NEAR(, parentheses answer 200 and match as words); a hidden member is never found by any
 * field; the index follows edits and deletes. Offers, the directory, news/events and groups; SQLite and PostgreSQL.
 */
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../src/shared/text';
import { articleWordsMatch, matchText, wordsMatch } from '../../src/server/db/search';
import { startTestApp, type CallOptions, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/db';

let t: TestApp;
let member: CallOptions;
let company: CallOptions;
beforeAll(async () => {
  t = await startTestApp();
  member = { token: (await t.login('regular@demo.test')).token };
  company = { token: (await t.login('company@demo.test', 'com')).token };
}, 60_000);
afterAll(() => t?.close());

const LISTS = ['/api/jobs', '/api/users', '/api/articles', '/api/workgroups'];

async function found(path: string, text: string, options: CallOptions = {}): Promise<string[]> {
  const res = await t.api('GET', `${path}?size=100&text=${encodeURIComponent(text)}`, { language: 'es', ...options });
  expect(res.statusCode, `${path} ${text}: ${res.body}`).toBe(200);
  return res.json().items.map((item: { hash: string }) => item.hash);
}

/** The words of a text of at least `min` letters, folded. */
const wordsOf = (text: string, min = 4) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= min);

async function publishedOffer() {
  const jobs = (await t.api('GET', '/api/jobs?size=100', { language: 'es' })).json().items as Array<{
    hash: string;
    title: string;
  }>;
  const job = jobs.find((item) => /diseñ/i.test(item.title) && wordsOf(item.title).length >= 2);
  expect(job, 'a demo offer with "Diseñ…" and another word in its title').toBeDefined();
  return job!;
}

describe('words, accents, case and prefixes', () => {
  it('offers: "disen" and "DISEÑ" find "Diseñ…"; the title\'s words found in reverse order', async () => {
    const job = await publishedOffer();
    for (const text of ['disen', 'DISEÑ', 'diseñ', ' Disen '])
      expect(await found('/api/jobs', text), text).toContain(job.hash);
    const reversed = wordsOf(job.title).reverse().join(' ');
    expect(await found('/api/jobs', reversed), reversed).toContain(job.hash);
    // every word must be there
    expect(await found('/api/jobs', `${reversed} zzqqxx`)).toEqual([]);
  });

  it('the directory: surname and name in either order, accents and case ignored, the last word a prefix', async () => {
    const me = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    const bold = { token: (await t.login('bold@demo.test')).token };
    const res = await t.api('PATCH', '/usr/users', {
      ...bold,
      body: { name: 'Begoña', surname1: 'Núñez', is_appear_by_user: true, is_appear_by_company: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const text of ['begona nunez', 'NUÑEZ BEGOÑA', 'nunez bego', 'Núñ', 'begoña núñez'])
      expect(await found('/api/users', text, member), text).toContain(me.hash);
  });

  it('news and events: two words of a title in reverse order, without accents', async () => {
    const articles = (await t.api('GET', '/api/articles?size=100', { language: 'es' })).json().items as Array<{
      hash: string;
      title: string;
    }>;
    const article = articles.find((item) => wordsOf(item.title).length >= 2);
    expect(article, 'a demo article with two long words in its title').toBeDefined();
    const words = wordsOf(article!.title);
    const text = `${words[1]} ${words[0]!.slice(0, 4)}`;
    expect(await found('/api/articles', text), text).toContain(article!.hash);
  });

  it('groups: two words of a name in reverse order', async () => {
    const groups = (await t.api('GET', '/api/workgroups?size=100', { language: 'es' })).json().items as Array<{
      hash: string;
      name: string;
    }>;
    const group = groups.find((item) => wordsOf(item.name, 3).length >= 2);
    expect(group, 'a demo group with two words in its name').toBeDefined();
    const text = wordsOf(group!.name, 3).reverse().join(' ');
    expect(await found('/api/workgroups', text), text).toContain(group!.hash);
  });
});

describe('what the user types is text, never search syntax', () => {
  const HOSTILE = [
    '"',
    '""',
    '"disen',
    'disen"',
    '*',
    'disen*',
    '-',
    '-disen',
    'NOT disen',
    'disen OR',
    'OR',
    'AND',
    'NEAR(',
    'NEAR(disen grafico)',
    'NEAR(disen, 2)',
    '(',
    ')',
    '(disen)',
    '^disen',
    'title:disen',
    '{title search_text}: disen',
    "'",
    "'disen'",
    'disen & x | !y',
    '<->',
    'disen:*',
    '\\',
    '%',
    '_',
    '+disen',
    'd.i.s.e.n',
    'señor@ejemplo.com',
    'c++',
    '🙂',
    '· · ·',
  ];

  it('every FTS or tsquery operator answers 200 on every searched list, for anyone', async () => {
    expect(HOSTILE.length).toBeGreaterThan(30);
    for (const path of LISTS)
      for (const who of [{}, member, company])
        for (const text of HOSTILE) {
          const res = await t.api('GET', `${path}?size=5&text=${encodeURIComponent(text)}`, who);
          expect(res.statusCode, `${path} ${JSON.stringify(text)}: ${res.body}`).toBe(200);
        }
  });

  it('quotes, stars, a minus, parentheses and NEAR( around a word still find that word', async () => {
    const job = await publishedOffer();
    for (const text of [
      '"disen',
      '"disen"',
      'disen*',
      '-disen',
      '(disen)',
      '(disen',
      'disen)',
      '^disen',
      'disen:*',
      '+disen',
    ])
      expect(await found('/api/jobs', text), text).toContain(job.hash);
    // NEAR( and OR are words like any other: NEAR( groups nothing, OR does not widen the search
    expect(await found('/api/jobs', 'NEAR(disen')).toEqual(await found('/api/jobs', 'near disen'));
    expect(await found('/api/jobs', 'zzqqxx OR disen')).toEqual([]);
    expect(await found('/api/jobs', 'zzqqxx | disen')).toEqual([]);
  });

  it('a search with no word in it (only signs) is no search: the whole list', async () => {
    const all = (await t.api('GET', '/api/jobs?size=1')).json().total as number;
    expect(all).toBeGreaterThan(0);
    for (const text of ['*', '"', '-', '()', '· · ·'])
      expect((await t.api('GET', `/api/jobs?size=1&text=${encodeURIComponent(text)}`)).json().total, text).toBe(all);
  });
});

describe('privacy and writes', () => {
  it('a member hidden from members (or from companies) is found by no field by them', async () => {
    const gratis = { token: (await t.login('gratis@demo.test')).token };
    const me = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'gratis@demo.test')
      .executeTakeFirstOrThrow();
    const profile = {
      name: 'Zenobia',
      surname1: 'Quiñonero',
      surname2: 'Xirgu',
      current_job: 'Ebanistería',
      current_company: 'Vórtice',
      city: 'Ogíjares',
    };
    const fields = ['zenobia', 'quinonero', 'xirgu', 'ebanisteria', 'vortice', 'ogijares', 'zeno quino'];
    let res = await t.api('PATCH', '/usr/users', {
      ...gratis,
      body: { ...profile, is_appear_by_user: true, is_appear_by_company: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const text of fields) {
      expect(await found('/api/users', text, member), text).toEqual([me.hash]);
      expect(await found('/api/users', text, company), text).toEqual([me.hash]);
    }
    res = await t.api('PATCH', '/usr/users', { ...gratis, body: { is_appear_by_user: false } });
    expect(res.statusCode).toBe(200);
    for (const text of fields) {
      expect(await found('/api/users', text, member), text).toEqual([]);
      expect(await found('/api/users', text, {}), text).toEqual([]);
      expect(await found('/api/users', text, company), text).toEqual([me.hash]);
    }
    res = await t.api('PATCH', '/usr/users', {
      ...gratis,
      body: { is_appear_by_user: true, is_appear_by_company: false },
    });
    expect(res.statusCode).toBe(200);
    for (const text of fields) {
      expect(await found('/api/users', text, company), text).toEqual([]);
      expect(await found('/api/users', text, member), text).toEqual([me.hash]);
    }
  });

  it('an edited offer, group and article are found by their new words and no longer by the old; deleted, by none', async () => {
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['hash'])
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('jobs')
      .set({ search_text: foldText('Tornería artesanal Xúquer') })
      .where('hash', '=', job.hash)
      .execute();
    expect(await found('/api/jobs', 'torneria xuq')).toEqual([job.hash]);
    await t.app.db
      .updateTable('jobs')
      .set({ search_text: foldText('Cerámica Quíxote') })
      .where('hash', '=', job.hash)
      .execute();
    expect(await found('/api/jobs', 'torneria')).toEqual([]);
    expect(await found('/api/jobs', 'quixote ceram')).toEqual([job.hash]);

    const group = await t.app.db
      .selectFrom('workgroups')
      .select(['hash'])
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('workgroups')
      .set({ search_text: foldText('Orfebrería Zúñiga') })
      .where('hash', '=', group.hash)
      .execute();
    expect(await found('/api/workgroups', 'zuniga orfeb')).toEqual([group.hash]);

    const article = await t.app.db
      .selectFrom('articles')
      .innerJoin('article_i18n as i', 'i.article_hash', 'articles.hash')
      .select(['articles.hash'])
      .where('articles.status', '=', 'PUBLISHED')
      .where('i.language', '=', 'es')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('article_i18n')
      .set({ title: 'Exposición de marquetería', summary: 'Taller de ñandutí' })
      .where('article_hash', '=', article.hash)
      .where('language', '=', 'es')
      .execute();
    expect(await found('/api/articles', 'marqueteria expo')).toEqual([article.hash]);
    expect(await found('/api/articles', 'nanduti')).toEqual([article.hash]);
    // only the language asked for
    expect(await found('/api/articles', 'marqueteria', { language: 'en' })).toEqual([]);

    await t.app.db.deleteFrom('job_tags').where('job_hash', '=', job.hash).execute();
    await t.app.db.deleteFrom('job_views').where('job_hash', '=', job.hash).execute();
    await t.app.db.deleteFrom('applicants').where('job_hash', '=', job.hash).execute();
    await t.app.db.deleteFrom('jobs').where('hash', '=', job.hash).execute();
    expect(await found('/api/jobs', 'quixote')).toEqual([]);
    await t.app.db.deleteFrom('article_i18n').where('article_hash', '=', article.hash).execute();
    expect(await found('/api/articles', 'marqueteria')).toEqual([]);
  });
});

describe('the index answers', () => {
  it('each search reads its word index (the query expression is the indexed one)', async () => {
    const db = t.app.db;
    const postgres = usingPostgres();
    const plans: Record<string, string> = {};
    const explain = async (name: string, query: Compilable) => {
      const compiled = query.compile();
      const rows = await db.transaction().execute(async (trx) => {
        // a handful of demo rows: a sequential scan would be the cheaper plan, the question is whether the index can serve
        if (postgres) await sql`set local enable_seqscan = off`.execute(trx);
        const prefix = postgres ? 'explain ' : 'explain query plan ';
        return (await trx.executeQuery(CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]))).rows;
      });
      plans[name] = JSON.stringify(rows);
    };
    const match = matchText(db, 'disen graf')!;
    for (const table of ['jobs', 'users', 'workgroups'] as const)
      await explain(
        table,
        db
          .selectFrom(table)
          .select('hash')
          .where(wordsMatch(db, table, match)),
      );
    await explain(
      'article_i18n',
      db
        .selectFrom('article_i18n as t')
        .select('t.article_hash')
        .where(articleWordsMatch(db, 't', match, 'es')),
    );
    expect(Object.keys(plans)).toHaveLength(4);
    for (const [table, plan] of Object.entries(plans))
      expect(plan, table).toMatch(
        postgres ? new RegExp(`${table}_search_words`) : new RegExp(`VIRTUAL TABLE INDEX \\d+:M`),
      );
  });
});
