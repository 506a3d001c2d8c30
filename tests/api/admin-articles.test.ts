/**
 * News and events in the back office (issue 14 §1). Hostile first: every other role on every route, odd spellings,
 * bad bodies that write nothing (slug collisions and empty translations naming the field, a schedule in the past, a
 * file that is not an image); then the story: an event in three languages with a cover, public on each language's
 * slug; a language left out falls back to Spanish; a scheduled article goes out when its time comes (once, whatever
 * the runners); a member registers and the attendees come out as CSV; an event with attendees is not deleted.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';
import { TaskRunner } from '../../src/server/modules/tasks/runner';
import { scheduledArticlesTask } from '../../src/server/modules/articles/admin/service';
import { systemContext } from '../../src/server/serviceContext';

let t: TestApp;
let admin: Session;
let member: Session;
let company: Session;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
  member = await t.login('bold@demo.test', 'usr');
  company = await t.login('company@demo.test', 'com');
});
afterAll(async () => t?.close());

const as = (session: Session | null) => (session ? { token: session.token, deviceId: session.deviceId } : {});
const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, language = 'en') =>
  t.api(method, url, { ...as(admin), body, language });
const count = async (table: 'articles' | 'article_i18n' | 'audit_log') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const text = (title: string, body = `Texto de ${title}.`) => ({ title, summary: `Resumen: ${title}`, body });
const event = (title: string) => ({
  type: 'EVENT',
  status: 'PUBLISHED',
  date: '12/12/2026',
  hour: '18:30',
  location: 'Disseny Hub, Barcelona',
  capacity: 80,
  texts: { es: text(`${title} es`), en: text(`${title} en`), ca: text(`${title} ca`) },
});

describe('who may write the news', () => {
  it('answers 401 to a visitor and 403 to a member and a company on every route, and odd spellings write nothing', async () => {
    const before = [await count('articles'), await count('article_i18n')];
    const some = (await t.app.db.selectFrom('articles').select('hash').executeTakeFirstOrThrow()).hash;
    for (const [session, status] of [
      [null, 401],
      [member, 403],
      [company, 403],
    ] as const) {
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/adm/articles'],
        ['GET', `/adm/articles/${some}`],
        ['POST', '/adm/articles', event('Hijack')],
        ['PATCH', `/adm/articles/${some}`, { status: 'DRAFT' }],
        ['DELETE', `/adm/articles/${some}`],
        ['DELETE', `/adm/articles/${some}/image`],
        ['GET', `/adm/articles/${some}/attendees`],
        ['GET', `/adm/articles/${some}/attendees/export`],
      ];
      for (const [method, url, body] of calls)
        expect((await t.api(method as 'GET', url, { ...as(session), body })).statusCode, `${method} ${url}`).toBe(
          status,
        );
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      expect(
        (
          await uploadAs(t, `/adm/articles/${some}/image`, session, [
            { name: 'image', filename: 'a.png', type: 'image/png', data: png },
          ])
        ).statusCode,
      ).toBe(status);
    }
    for (const url of ['/adm/%61rticles', '/ADM/articles', '/adm//articles', '/adm/articles/']) {
      expect([401, 403, 404], url).toContain(
        (await t.api('POST', url, { ...as(member), body: event('Odd') })).statusCode,
      );
    }
    expect([await count('articles'), await count('article_i18n')]).toEqual(before);
  });
});

describe('bad articles', () => {
  it('are refused naming the field, in the administrator’s language, and write nothing', async () => {
    const taken = (
      await t.app.db.selectFrom('article_i18n').select('slug').where('language', '=', 'en').executeTakeFirstOrThrow()
    ).slug;
    const before = [await count('articles'), await count('article_i18n'), await count('audit_log')];
    const good = event(`Bad ${stamp}`);
    const cases: Array<[unknown, string]> = [
      [{ ...good, texts: { en: good.texts.en } }, 'texts.es'],
      [{ ...good, texts: { ...good.texts, en: { ...good.texts.en, title: '  ' } } }, 'title'],
      [{ ...good, texts: { ...good.texts, ca: { title: 'Sense cos' } } }, 'body'],
      [{ ...good, texts: { ...good.texts, en: { ...good.texts.en, slug: taken } } }, 'texts.en.slug'],
      [{ ...good, texts: { ...good.texts, en: { ...good.texts.en, slug: 'Not A Slug!' } } }, 'slug'],
      [{ ...good, status: 'SCHEDULED' }, 'publish_at'],
      [{ ...good, status: 'SCHEDULED', publish_at: '2020-01-01T10:00:00Z' }, 'publish_at'],
      [{ ...good, hour: '25:00' }, 'hour'],
      [{ ...good, date: '2026-12-12' }, 'date'],
      [{ ...good, tags: ['nosuchtag'] }, 'tags'],
      [{ ...good, status: 'LIVE' }, 'status'],
      [{ ...good, colour: 'red' }, 'colour'],
      [{ type: 'NEWS', status: 'DRAFT', texts: good.texts }, 'date'],
    ];
    for (const [body, field] of cases) {
      const res = await asAdmin('POST', '/adm/articles', body, 'es');
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json().errors), field).toContain(field);
    }
    const collision = await asAdmin(
      'POST',
      '/adm/articles',
      { ...good, texts: { ...good.texts, en: { ...good.texts.en, slug: taken } } },
      'es',
    );
    expect(collision.json().errors[0].message).toContain('ya la usa otro artículo');
    expect([await count('articles'), await count('article_i18n'), await count('audit_log')]).toEqual(before);
  });
});

describe('an event in three languages', () => {
  let hash = '';
  it('is published with a cover and read by the public on each language’s slug', async () => {
    const created = await asAdmin('POST', '/adm/articles', {
      ...event(`Jornada ${stamp}`),
      texts: {
        es: { ...text(`Jornada de diseño ${stamp}`), slug: `jornada-diseno-${stamp}` },
        en: text(`Design day ${stamp}`),
        ca: text(`Jornada de disseny ${stamp}`),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    hash = created.json().hash;
    expect(created.json().texts.es.slug).toBe(`jornada-diseno-${stamp}`);
    expect(created.json().texts.en.slug).toBe(`design-day-${stamp}`);
    // a cover: a real picture is stored as WebP; a file that is not an image is refused naming `image`
    const notImage = await uploadAs(t, `/adm/articles/${hash}/image`, admin, [
      { name: 'image', filename: 'cover.png', type: 'image/png', data: Buffer.from('not really a png') },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors[0].field).toBe('image');
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#ff7a00' } })
      .png()
      .toBuffer();
    const cover = await uploadAs(t, `/adm/articles/${hash}/image`, admin, [
      { name: 'image', filename: 'cover.png', type: 'image/png', data: png },
    ]);
    expect(cover.statusCode, cover.body).toBe(200);
    expect(cover.json().image).toMatch(/^\/uploads\/articles\/[a-z0-9]{24}\.webp$/);
    for (const [lng, slug, title] of [
      ['es', `jornada-diseno-${stamp}`, 'Jornada de diseño'],
      ['en', `design-day-${stamp}`, 'Design day'],
      ['ca', `jornada-de-disseny-${stamp}`, 'Jornada de disseny'],
    ] as const) {
      const res = await t.api('GET', `/api/articles/${slug}`, { language: lng });
      expect(res.statusCode, `${lng} ${res.body}`).toBe(200);
      expect(res.json().title).toContain(title);
      expect(res.json().image).toBe(cover.json().image);
    }
    const audit = await asAdmin('GET', `/adm/audit?target=${hash}`);
    expect(audit.json().items.map((row: { action: string }) => row.action)).toEqual(
      expect.arrayContaining(['article.created', 'article.updated']),
    );
  });

  it('falls back to Spanish where a translation is missing, and the editor sees it missing', async () => {
    const current = (await asAdmin('GET', `/adm/articles/${hash}`)).json();
    const removed = await asAdmin('PATCH', `/adm/articles/${hash}`, {
      texts: { es: current.texts.es, en: current.texts.en },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(Object.keys(removed.json().texts).sort()).toEqual(['en', 'es']);
    const list = (await asAdmin('GET', `/adm/articles?text=${stamp}`)).json();
    expect(list.items[0].languages.sort()).toEqual(['en', 'es']);
    const catalan = await t.api('GET', `/api/articles/${hash}`, { language: 'ca' });
    expect(catalan.json().title).toContain('Jornada de diseño');
    // Spanish cannot be removed; an edit is audited field by field
    expect((await asAdmin('PATCH', `/adm/articles/${hash}`, { texts: { en: current.texts.en } })).statusCode).toBe(400);
    await asAdmin('PATCH', `/adm/articles/${hash}`, { location: 'Museu del Disseny' });
    const rows = (await asAdmin('GET', `/adm/audit?target=${hash}`)).json().items as Array<{
      action: string;
      changes: Record<string, { before: unknown; after: unknown }> | null;
    }>;
    expect(rows.find((row) => row.changes?.['location'])?.changes?.['location']).toEqual({
      before: 'Disseny Hub, Barcelona',
      after: 'Museu del Disseny',
    });
  });

  it('takes a member’s registration; the administrator lists and exports the attendees; it is then not deleted', async () => {
    const joined = await t.api('PATCH', `/api/articles/${hash}/subscribe`, { ...as(member), body: {} });
    expect(joined.statusCode, joined.body).toBe(200);
    const attendees = (await asAdmin('GET', `/adm/articles/${hash}/attendees`)).json();
    expect(attendees.total).toBe(1);
    expect(attendees.items[0].email).toBe('bold@demo.test');
    const csv = await asAdmin('GET', `/adm/articles/${hash}/attendees/export`, undefined, 'ca');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('inscrits.csv');
    expect(csv.body.startsWith('\ufeff')).toBe(true);
    expect(csv.body).toContain('Número de soci');
    expect(csv.body).toContain('bold@demo.test');
    const refused = await asAdmin('DELETE', `/adm/articles/${hash}`, undefined, 'es');
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toContain('1');
    expect(
      await t.app.db.selectFrom('articles').select('hash').where('hash', '=', hash).executeTakeFirst(),
    ).toBeTruthy();
  });
});

describe('a scheduled article', () => {
  it('stays off the public pages until its time, then one of two racing runners publishes it', async () => {
    const at = new Date(Date.now() + 60 * 60_000).toISOString();
    const created = await asAdmin('POST', '/adm/articles', {
      type: 'NEWS',
      status: 'SCHEDULED',
      publish_at: at,
      date: '01/12/2026',
      texts: { es: text(`Programada ${stamp}`) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const hash = created.json().hash;
    expect((await t.api('GET', `/api/articles/${hash}`, { language: 'es' })).statusCode).toBe(404);
    const runners = [
      new TaskRunner(t.app.db).register(scheduledArticlesTask(systemContext(t.app))),
      new TaskRunner(t.app.db).register(scheduledArticlesTask(systemContext(t.app))),
    ];
    await Promise.all(runners.map((runner) => runner.runDue(new Date())));
    expect((await t.api('GET', `/api/articles/${hash}`, { language: 'es' })).statusCode).toBe(404); // not yet
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    await t.app.db
      .updateTable('tasks')
      .set({ next_run_at: later.toISOString() })
      .where('name', '=', 'articles.publish-scheduled')
      .execute();
    await Promise.all(runners.map((runner) => runner.runDue(later)));
    const row = await t.app.db
      .selectFrom('articles')
      .select(['status'])
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PUBLISHED');
    expect((await t.api('GET', `/api/articles/${hash}`, { language: 'en' })).json().title).toBe(`Programada ${stamp}`);
  });

  it('a draft is deleted with its texts and cover', async () => {
    const draft = (
      await asAdmin('POST', '/adm/articles', {
        type: 'NEWS',
        status: 'DRAFT',
        date: '30/11/2026',
        texts: { es: text(`Borrador ${stamp}`) },
      })
    ).json();
    const removed = await asAdmin('DELETE', `/adm/articles/${draft.hash}`);
    expect(removed.statusCode).toBe(200);
    expect(
      await t.app.db.selectFrom('article_i18n').select('slug').where('article_hash', '=', draft.hash).execute(),
    ).toEqual([]);
  });
});
