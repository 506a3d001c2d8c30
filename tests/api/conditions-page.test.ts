/**
 * Issue 25 §7: the conditions of use that both registration forms ask to accept are a page of their own — in es, en
 * and ca, read by the public like the other info pages, editable in the back office — and a site seeded before them
 * receives them on its next start (the reference seed's version), without touching the pages its administrators edited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_MARKER, REFERENCE_VERSION, seedReference } from '../../src/server/db/seed/reference';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const TITLES = { es: 'Condiciones de uso', en: 'Conditions of use', ca: 'Condicions d’ús' } as const;

describe('the conditions of use', () => {
  it('are an info page in the three languages, each with its own address and a real text', async () => {
    for (const [language, title] of Object.entries(TITLES)) {
      const answer = await t.api('POST', '/api/content/query', { body: { where: { key: 'conditions' } }, language });
      expect(answer.statusCode).toBe(200);
      const items = answer.json().items as Array<{ title: string; body: string; slug: string }>;
      expect(items).toHaveLength(1);
      expect(items[0]!.title).toBe(title);
      expect(items[0]!.body.length).toBeGreaterThan(500);
      expect(items[0]!.slug).toMatch(/^condi/);
    }
  });

  it('are edited in the back office like the other info pages', async () => {
    const listed = await t.api('GET', '/adm/pages', { token: admin.token, deviceId: admin.deviceId, language: 'en' });
    expect(listed.statusCode).toBe(200);
    const page = (listed.json() as Array<{ key: string; group: string; titles: Record<string, string> }>).find(
      (one) => one.key === 'conditions',
    );
    expect(page).toMatchObject({ group: 'info', titles: TITLES });
    const one = await t.api('GET', '/adm/pages/conditions', { token: admin.token, deviceId: admin.deviceId });
    expect(one.statusCode).toBe(200);
    const texts = one.json().texts as Record<string, { title: string; body: string; slug: string }>;
    const edited = { ...texts, en: { ...texts['en']!, body: `${texts['en']!.body}\n\n## Contact\nWrite to us.` } };
    const saved = await t.api('PATCH', '/adm/pages/conditions', {
      token: admin.token,
      deviceId: admin.deviceId,
      body: { texts: edited },
    });
    expect(saved.statusCode).toBe(200);
    const read = await t.api('POST', '/api/content/query', {
      body: { where: { key: 'conditions' } },
      language: 'en',
    });
    expect(read.json().items[0].body).toContain('## Contact');
  });

  it('reach a site seeded before them on its next start, leaving the pages it edited as they are', async () => {
    const db = t.app.db;
    await db.deleteFrom('content_pages').where('key', '=', 'conditions').execute();
    await db.updateTable('content_pages').set({ title: 'Our FAQ' }).where('key', '=', 'faqs').execute();
    await db.updateTable('settings').set({ value: '2' }).where('key', '=', REFERENCE_MARKER).execute();
    const result = await seedReference(db);
    expect(result.applied).toBe(true);
    const rows = await db
      .selectFrom('content_pages')
      .select(['language', 'title'])
      .where('key', '=', 'conditions')
      .orderBy('language')
      .execute();
    expect(rows).toEqual([
      { language: 'ca', title: TITLES.ca },
      { language: 'en', title: TITLES.en },
      { language: 'es', title: TITLES.es },
    ]);
    const faqs = await db.selectFrom('content_pages').select('title').where('key', '=', 'faqs').execute();
    expect(faqs.map((row) => row.title)).toEqual(['Our FAQ', 'Our FAQ', 'Our FAQ']);
    const marker = await db.selectFrom('settings').select('value').where('key', '=', REFERENCE_MARKER).execute();
    expect(marker).toEqual([{ value: String(REFERENCE_VERSION) }]);
  });
});
