/** Issue 10 §7: the demo reads like a real association's site (content written per item, varied people). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('demo articles', () => {
  it('every article has es, en and ca, and no two published articles share a summary or a title in a language', async () => {
    const rows = await t.app.db
      .selectFrom('article_i18n')
      .innerJoin('articles', 'articles.hash', 'article_i18n.article_hash')
      .select([
        'article_i18n.article_hash as hash',
        'article_i18n.language',
        'article_i18n.title',
        'article_i18n.summary',
        'articles.status',
      ])
      .execute();
    const hashes = new Set(rows.map((r) => r.hash));
    expect(hashes.size).toBeGreaterThanOrEqual(40);
    for (const hash of hashes)
      expect(
        rows
          .filter((r) => r.hash === hash)
          .map((r) => r.language)
          .sort(),
      ).toEqual(['ca', 'en', 'es']);
    for (const language of ['es', 'en', 'ca']) {
      const published = rows.filter((r) => r.language === language && r.status === 'PUBLISHED');
      expect(new Set(published.map((r) => r.summary)).size).toBe(published.length);
      expect(new Set(published.map((r) => r.title)).size).toBe(published.length);
    }
    // a translation is a translation: the three summaries of an article differ
    for (const hash of hashes) expect(new Set(rows.filter((r) => r.hash === hash).map((r) => r.summary)).size).toBe(3);
  });

  it('only events offer registration: no news item has a capacity, a place, an hour or anyone registered', async () => {
    const news = (await t.api('GET', '/api/articles?type=NEWS&size=100')).json().items;
    expect(news.length).toBeGreaterThan(10);
    for (const item of news) {
      const detail = (await t.api('GET', `/api/articles/${item.slugs.en}`, { language: 'en' })).json();
      expect(detail.type).toBe('NEWS');
      expect(detail.capacity ?? null).toBeNull();
      expect(detail.registered ?? 0).toBe(0);
    }
    const events = (await t.api('GET', '/api/articles?type=EVENT&size=100')).json().items;
    expect(events.every((e: { capacity: number | null }) => (e.capacity ?? 0) > 0)).toBe(true);
  });

  it('refuses a registration for a news item (the server, not only the page), and takes one for an event', async () => {
    const bold = await t.login('bold@demo.test', 'usr');
    const news = (await t.api('GET', '/api/articles?type=NEWS&size=1')).json().items[0];
    const refused = await t.api('PATCH', `/api/articles/${news.hash}/subscribe`, { ...bold, body: {}, language: 'es' });
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toBe('Solo te puedes inscribir en los eventos, no en las noticias.');
    expect(
      await t.app.db
        .selectFrom('article_subscriptions')
        .select('user_hash')
        .where('article_hash', '=', news.hash)
        .execute(),
    ).toEqual([]);
    const event = (await t.api('GET', '/api/articles?type=EVENT&size=1')).json().items[0];
    const taken = await t.api('PATCH', `/api/articles/${event.hash}/subscribe`, { ...bold, body: {} });
    expect(taken.statusCode).toBe(200);
    await t.api('PATCH', `/api/articles/${event.hash}/subscribe`, { ...bold, body: {} }); // and back, leaving the demo as it was
  });

  it('has upcoming events and dates spread over several years', async () => {
    const rows = await t.app.db.selectFrom('articles').select(['type', 'date']).execute();
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.filter((r) => r.type === 'EVENT' && String(r.date) > today).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.type === 'NEWS').every((r) => String(r.date) <= today)).toBe(true);
    expect(new Set(rows.map((r) => String(r.date).slice(0, 4))).size).toBeGreaterThanOrEqual(5);
  });
});

describe('demo members', () => {
  it('have mostly distinct full names and first names from a wide pool', async () => {
    const users = await t.app.db
      .selectFrom('users')
      .select(['name', 'surname1', 'surname2'])
      .orderBy('code_numeric')
      .limit(200)
      .execute();
    const full = new Set(users.map((u) => `${u.name} ${u.surname1} ${u.surname2}`));
    expect(full.size / users.length).toBeGreaterThanOrEqual(0.95);
    expect(new Set(users.map((u) => u.name)).size).toBeGreaterThanOrEqual(60);
    expect(new Set(users.map((u) => `${u.name} ${u.surname1}`)).size / users.length).toBeGreaterThanOrEqual(0.9);
  });

  it('each write their own "about me", none repeated, graduation plausible for their age', async () => {
    const users = await t.app.db.selectFrom('users').select(['data', 'graduation_year']).execute();
    const bios = users.map((u) => JSON.parse(u.data ?? '{}').about_me as string).filter(Boolean);
    expect(bios.length).toBe(users.length);
    expect(new Set(bios).size).toBe(bios.length);
    expect(bios.every((b) => b.length > 40 && !b.includes(' · '))).toBe(true);
    for (const u of users) {
      const birth = Number(String(JSON.parse(u.data ?? '{}').birthdate ?? '').slice(-4));
      if (birth) expect(Number(u.graduation_year) - birth).toBeGreaterThanOrEqual(20);
    }
  });
});

describe('demo offers', () => {
  it('read as their own: descriptions differ from offer to offer and name their company', async () => {
    const jobs = await t.app.db
      .selectFrom('jobs')
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      .select(['jobs.description', 'companies.company_name'])
      .execute();
    expect(jobs.length).toBeGreaterThanOrEqual(80);
    expect(new Set(jobs.map((j) => j.description)).size).toBe(jobs.length);
    expect(jobs.every((j) => j.description.includes(j.company_name))).toBe(true);
  });
});

describe('demo pictures', () => {
  it('carry no text: no <text> element anywhere in the seeded pictures', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(t.app.config.dataDir, 'uploads', 'seed');
    let count = 0;
    for (const folder of readdirSync(root)) {
      for (const file of readdirSync(join(root, folder))) {
        const svg = readFileSync(join(root, folder, file), 'utf8');
        expect(svg.startsWith('<svg')).toBe(true);
        expect(svg).not.toMatch(/<text|<tspan|font-family|font-size/);
        count++;
      }
    }
    expect(count).toBeGreaterThan(100);
  });
});
