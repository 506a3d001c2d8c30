/**
 * The info pages and the association's texts in the back office (issue 14 §2). Hostile first: every other role, odd
 * spellings, unknown keys, an empty translation and an address another page uses (named, nothing written); then an
 * edit the public reads at once on its new address, audited with what changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KEYS } from '../../src/shared/constants';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: Session;
let member: Session;
let company: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
  member = await t.login('bold@demo.test', 'usr');
  company = await t.login('company@demo.test', 'com');
});
afterAll(async () => t?.close());

const as = (session: Session | null) => (session ? { token: session.token, deviceId: session.deviceId } : {});
const asAdmin = (method: 'GET' | 'PATCH', url: string, body?: unknown, language = 'en') =>
  t.api(method, url, { ...as(admin), body, language });
const snapshot = async () =>
  JSON.stringify(await t.app.db.selectFrom('content_pages').selectAll().orderBy('key').orderBy('language').execute());
const textsOf = async (key: string) =>
  (await asAdmin('GET', `/adm/pages/${key}`)).json().texts as Record<
    'es' | 'en' | 'ca',
    { title: string; body: string; slug: string }
  >;

describe('who may edit the pages', () => {
  it('answers 401 to a visitor and 403 to a member and a company; odd spellings and unknown keys write nothing', async () => {
    const before = await snapshot();
    const texts = await textsOf('faqs');
    for (const [session, status] of [
      [null, 401],
      [member, 403],
      [company, 403],
    ] as const) {
      for (const [method, url, body] of [
        ['GET', '/adm/pages'],
        ['GET', '/adm/pages/faqs'],
        ['PATCH', '/adm/pages/faqs', { texts }],
      ] as const) {
        expect((await t.api(method, url, { ...as(session), body })).statusCode, `${method} ${url}`).toBe(status);
      }
    }
    for (const url of ['/adm/%70ages/faqs', '/ADM/pages/faqs', '/adm//pages/faqs'])
      expect([401, 403, 404], url).toContain(
        (await t.api('PATCH', url, { ...as(member), body: { texts } })).statusCode,
      );
    for (const key of ['nosuch', 'FAQS', '..%2Ffaqs'])
      expect([400, 404], key).toContain((await asAdmin('PATCH', `/adm/pages/${key}`, { texts })).statusCode);
    expect(await snapshot()).toBe(before);
  });

  it('lists every page with its three titles and addresses', async () => {
    const pages = (await asAdmin('GET', '/adm/pages')).json() as Array<{
      key: string;
      group: string;
      titles: Record<string, string>;
    }>;
    expect(pages.map((page) => page.key)).toEqual([...PAGE_KEYS]);
    expect(pages.find((page) => page.key === 'board')!.group).toBe('association');
    expect(Object.keys(pages[0]!.titles).sort()).toEqual(['ca', 'en', 'es']);
  });
});

describe('editing a page', () => {
  it('refuses an empty translation and an address another page uses, naming the field, and writes nothing', async () => {
    const before = await snapshot();
    const texts = await textsOf('faqs');
    const privacy = await textsOf('privacy');
    const cases: Array<[unknown, string]> = [
      [{ texts: { es: texts.es, en: texts.en } }, 'ca'],
      [{ texts: { ...texts, en: { ...texts.en, body: '   ' } } }, 'body'],
      [{ texts: { ...texts, ca: { ...texts.ca, title: '' } } }, 'title'],
      [{ texts: { ...texts, en: { ...texts.en, slug: privacy.en.slug } } }, 'texts.en.slug'],
      [{ texts, colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await asAdmin('PATCH', '/adm/pages/faqs', body, 'ca');
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json().errors), field).toContain(field);
    }
    expect(await snapshot()).toBe(before);
  });

  it('saves the three languages; the public reads the new text on its new address at once; the audit keeps what changed', async () => {
    const texts = await textsOf('board');
    const saved = await asAdmin('PATCH', '/adm/pages/board', {
      texts: {
        ...texts,
        en: { title: 'The board of directors', body: `${texts.en.body}\n\n- **Pau Ferrer**, board member`, slug: '' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().texts.en.slug).toBe('the-board-of-directors');
    const read = await t.api('POST', '/api/content/query', { language: 'en', body: { where: { key: 'board' } } });
    expect(read.json().items[0].title).toBe('The board of directors');
    expect(read.json().items[0].body).toContain('Pau Ferrer');
    const audit = (await asAdmin('GET', '/adm/audit?target=board')).json().items as Array<{
      action: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }>;
    expect(audit[0]!.action).toBe('page.updated');
    expect(audit[0]!.changes['texts.en.title']).toEqual({ before: texts.en.title, after: 'The board of directors' });
    expect(audit[0]!.changes['texts.es.title']).toBeUndefined();
  });
});
