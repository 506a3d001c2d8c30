/**
 * Search ignores accents (issue 25 §20, issue 27 §2): a word typed without its accents ('disenador', 'garcia')
 * finds the text that has them ('Diseñador', 'García'), and the accented word finds it too — in the offers,
 * the directory and the news/events (articles), on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../src/shared/text';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The first word of `text` (≥ 4 letters) that carries an accent, or undefined. */
const accentedWord = (text: string) =>
  text.split(/[^\p{L}]+/u).find((word) => word.length >= 4 && foldText(word) !== word.toLowerCase());

async function hashesFound(path: string, text: string, options = {}): Promise<string[]> {
  const res = await t.api(
    'GET',
    `${path}${path.includes('?') ? '&' : '?'}size=100&text=${encodeURIComponent(text)}`,
    options,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((item: { hash: string }) => item.hash);
}

describe('search ignores accents', () => {
  it("offers: 'disenador' finds 'Diseñador'", async () => {
    const jobs = (await t.api('GET', '/api/jobs?size=100', { language: 'es' })).json().items as Array<{
      hash: string;
      title: string;
    }>;
    const job = jobs.find((item) => /diseñador/i.test(item.title));
    expect(job, 'a demo offer titled Diseñador…').toBeDefined();
    for (const text of ['disenador', 'diseñador', 'DISEÑADOR'])
      expect(await hashesFound('/api/jobs', text, { language: 'es' }), text).toContain(job!.hash);
  });

  it("the directory: a surname typed without accents ('garcia') finds 'García'", async () => {
    const session = await t.login('bold@demo.test');
    const me = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    expect(
      (await t.api('PATCH', '/usr/users', { token: session.token, body: { surname1: 'García' } })).statusCode,
    ).toBe(200);
    const reader = await t.login('regular@demo.test');
    for (const text of ['garcia', 'García', 'GARCIA'])
      expect(await hashesFound('/api/users', text, { token: reader.token }), text).toContain(me.hash);
  });

  it('news and events: an accented word of a title found without its accents, and with them', async () => {
    const articles = (await t.api('GET', '/api/articles?size=100', { language: 'es' })).json().items as Array<{
      hash: string;
      title: string;
      summary?: string;
    }>;
    expect(articles.length).toBeGreaterThan(0);
    const article = articles.find((item) => accentedWord(item.title));
    expect(article, 'a demo article with an accented word in its title').toBeDefined();
    const word = accentedWord(article!.title)!;
    for (const text of [foldText(word), word, word.toUpperCase()])
      expect(await hashesFound('/api/articles', text, { language: 'es' }), text).toContain(article!.hash);
  });
});
