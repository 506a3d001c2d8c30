import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const page = (url: string) => t.app.inject({ url });

describe('page heads rendered by the server', () => {
  it('titles every public section in its language with a description', async () => {
    for (const [url, title] of [
      ['/es/empleo', 'Bolsa de trabajo'],
      ['/en/jobs', 'Job bank'],
      ['/ca/treball', 'Borsa de treball'],
      ['/ca/noticies', 'Notícies i esdeveniments'],
      ['/es/grupos', 'Grupos de trabajo'],
    ]) {
      const res = await page(url!);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<title>${title!.replace("'", '&#39;')}</title>`);
      expect(res.body, url).toMatch(/<meta name="description" content="[^"]{20,}">/);
    }
  });

  it('puts JobPosting JSON-LD on an offer page and Event JSON-LD on an event page', async () => {
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['slug', 'title'])
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const jobPage = await page(`/en/jobs/${job.slug}`);
    expect(jobPage.statusCode).toBe(200);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(jobPage.body)![1]!);
    expect(ld['@type']).toBe('JobPosting');
    expect(ld.title).toBe(job.title);
    const event = await t.app.db
      .selectFrom('articles')
      .innerJoin('article_i18n', 'article_i18n.article_hash', 'articles.hash')
      .select(['article_i18n.slug', 'article_i18n.language'])
      .where('articles.type', '=', 'EVENT')
      .where('articles.status', '=', 'PUBLISHED')
      .where('article_i18n.language', '=', 'ca')
      .executeTakeFirstOrThrow();
    const eventPage = await page(`/ca/noticies/${event.slug}`);
    expect(eventPage.body).toContain('"@type":"Event"');
    expect(eventPage.body).toMatch(/hreflang="es" href="http:\/\/localhost:3000\/es\/noticias\/[a-z0-9-]+"/);
  });

  it('answers unknown slugs and hashes with 404 in the right language', async () => {
    for (const [url, title] of [
      ['/es/empleo/no-existe', 'Página no encontrada'],
      ['/en/news/nothing-here', 'Page not found'],
      ['/ca/grups/cap', 'Pàgina no trobada'],
      ['/en/portfolios/zzzzzz', 'Page not found'],
      ['/en/community/directory/zzzzzz', 'Page not found'],
    ]) {
      const res = await page(url!);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain(`<title>${title}</title>`);
    }
  });

  it('lists the public pages in three languages in sitemap.xml', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('xml');
    for (const path of ['/es/empleo', '/en/jobs', '/ca/treball', '/es/noticias', '/ca/comunitat/directori']) {
      expect(res.body).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
    expect(res.body).not.toContain('/usuario/');
    expect(res.body).toMatch(/<loc>http:\/\/localhost:3000\/en\/jobs\/[a-z0-9-]+<\/loc>/);
  });
});
