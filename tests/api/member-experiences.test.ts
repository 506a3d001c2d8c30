/**
 * The member's own work experiences (issue 8 §10, DESIGN §4b): /usr/workExperiences CRUD for the owner only;
 * others' ids answer 404 and change nothing; `end` may be empty (current job) but never before `start`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, Session> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['regular@demo.test', 'bold@demo.test']) as[email] = await t.login(email);
  as['company'] = await t.login('company@demo.test', 'com');
  as['admin'] = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
const count = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('work_experiences')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const valid = {
  name: 'Diseñadora UX',
  contract: 'FULL-TIME',
  company_name: 'Estudio Norte',
  start: '01/03/2021',
  end: '30/06/2023',
  location: 'Barcelona',
  content: 'Investigación y prototipos.',
};

describe('who may call', () => {
  it('answers 401 to anonymous and 403 to companies and administrators', async () => {
    const before = await count();
    const routes: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['GET', '/usr/workExperiences', undefined],
      ['POST', '/usr/workExperiences', valid],
      ['GET', '/usr/workExperiences/abc', undefined],
      ['PATCH', '/usr/workExperiences/abc', { name: 'x' }],
      ['DELETE', '/usr/workExperiences/abc', undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await t.api(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.api(method, url, { ...as['company'], body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.api(method, url, { ...as['admin'], body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await count()).toBe(before);
  });
});

describe('CRUD by the owner', () => {
  for (const email of ['bold@demo.test', 'regular@demo.test']) {
    it(`${email} creates, reads, lists, edits and deletes an experience`, async () => {
      const s = as[email]!;
      const created = await t.api('POST', '/usr/workExperiences', { ...s, body: valid });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json();
      expect(item).toMatchObject(valid);
      expect((await t.api('GET', `/usr/workExperiences/${item.hash}`, s)).json()).toMatchObject({
        hash: item.hash,
        ...valid,
      });
      const list = (await t.api('GET', '/usr/workExperiences?size=100', s)).json();
      expect(list).toMatchObject({ total: expect.any(Number), maxPages: expect.any(Number) });
      expect(list.items.map((e: { hash: string }) => e.hash)).toContain(item.hash);
      const mine = await userHash(email);
      const owners = await t.app.db
        .selectFrom('work_experiences')
        .select('user_hash')
        .where(
          'hash',
          'in',
          list.items.map((e: { hash: string }) => e.hash),
        )
        .execute();
      expect(owners.every((o) => o.user_hash === mine)).toBe(true);

      // end: null means "current job"
      const patched = await t.api('PATCH', `/usr/workExperiences/${item.hash}`, {
        ...s,
        body: { name: 'Lead UX', end: null },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ name: 'Lead UX', end: null, company_name: valid.company_name });

      expect((await t.api('DELETE', `/usr/workExperiences/${item.hash}`, s)).statusCode).toBe(200);
      expect((await t.api('GET', `/usr/workExperiences/${item.hash}`, s)).statusCode).toBe(404);
    });
  }

  it('end may be left out on create (a current job)', async () => {
    const { end: _end, ...body } = valid;
    const res = await t.api('POST', '/usr/workExperiences', { ...as['bold@demo.test'], body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().end).toBeNull();
  });
});

describe("another member's experience", () => {
  it('answers 404 to GET, PATCH and DELETE and changes nothing', async () => {
    const mine = [await userHash('bold@demo.test'), await userHash('regular@demo.test')];
    const other = (
      await t.app.db
        .selectFrom('work_experiences')
        .select('hash')
        .where('user_hash', 'not in', mine)
        .executeTakeFirstOrThrow()
    ).hash;
    const before = await t.app.db
      .selectFrom('work_experiences')
      .selectAll()
      .where('hash', '=', other)
      .executeTakeFirstOrThrow();
    const s = as['bold@demo.test']!;
    expect((await t.api('GET', `/usr/workExperiences/${other}`, s)).statusCode).toBe(404);
    expect(
      (await t.api('PATCH', `/usr/workExperiences/${other}`, { ...s, body: { name: 'Hijacked' } })).statusCode,
    ).toBe(404);
    expect((await t.api('DELETE', `/usr/workExperiences/${other}`, s)).statusCode).toBe(404);
    expect(
      await t.app.db.selectFrom('work_experiences').selectAll().where('hash', '=', other).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['name', { ...valid, name: '' }],
    ['contract', { ...valid, contract: 'FOREVER' }],
    ['company_name', { ...valid, company_name: 'x'.repeat(300) }],
    ['start', { ...valid, start: '2021-03-01' }],
    ['end', { ...valid, end: '01/01/2020' }],
    ['location', { ...valid, location: ['Barcelona'] }],
    ['extra', { ...valid, extra: true }],
  ];
  for (const [field, body] of cases) {
    it(`answers 400 naming ${field} and writes nothing`, async () => {
      const before = await count();
      const res = await t.api('POST', '/usr/workExperiences', { ...as['bold@demo.test'], body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(field);
      expect(await count()).toBe(before);
    });
  }

  it("an end before the stored start on PATCH answers 400 naming end, in the member's language", async () => {
    const s = as['bold@demo.test']!;
    const item = (await t.api('POST', '/usr/workExperiences', { ...s, body: valid })).json();
    const res = await t.api('PATCH', `/usr/workExperiences/${item.hash}`, { ...s, body: { end: '31/12/2019' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('end');
    const es = await t.api('PATCH', `/usr/workExperiences/${item.hash}`, {
      ...s,
      body: { start: '01/01/2024' },
      language: 'es',
    });
    expect(es.statusCode).toBe(400);
    expect(es.json().errors[0]).toMatchObject({ field: 'end' });
    expect((await t.api('GET', `/usr/workExperiences/${item.hash}`, s)).json()).toMatchObject({
      start: valid.start,
      end: valid.end,
    });
  });
});

describe('an incomplete profile (issue 25 §14, SPEC §5: adding a job experience is blocked)', () => {
  const messages = {
    es: 'Completa tu perfil para añadir una experiencia laboral.',
    en: 'Complete your profile to add a job experience.',
    ca: 'Completa el teu perfil per afegir una experiència laboral.',
  } as const;
  const setComplete = async (email: string, complete: 0 | 1) =>
    t.app.db.updateTable('users').set({ profile_complete: complete }).where('email', '=', email).execute();

  it("POST answers 418 with the message in the member's language and writes nothing; PATCH likewise; list, read and delete still work", async () => {
    const s = as['regular@demo.test']!;
    const kept = (await t.api('POST', '/usr/workExperiences', { ...s, body: valid })).json();
    expect(typeof kept.hash).toBe('string');
    await setComplete('regular@demo.test', 0);
    try {
      const before = await count();
      for (const lng of ['es', 'en', 'ca'] as const) {
        const res = await t.api('POST', '/usr/workExperiences', { ...s, body: valid, language: lng });
        expect(res.statusCode, res.body).toBe(418);
        expect(res.json()).toEqual({ statusCode: 418, code: 'experiences.profileIncomplete', message: messages[lng] });
      }
      expect(await count()).toBe(before);

      const stored = await t.app.db
        .selectFrom('work_experiences')
        .selectAll()
        .where('hash', '=', kept.hash)
        .executeTakeFirstOrThrow();
      const patched = await t.api('PATCH', `/usr/workExperiences/${kept.hash}`, {
        ...s,
        body: { name: 'Changed' },
        language: 'en',
      });
      expect(patched.statusCode, patched.body).toBe(418);
      expect(patched.json().message).toBe(messages.en);
      expect(
        await t.app.db
          .selectFrom('work_experiences')
          .selectAll()
          .where('hash', '=', kept.hash)
          .executeTakeFirstOrThrow(),
      ).toEqual(stored);

      expect((await t.api('GET', '/usr/workExperiences', s)).statusCode).toBe(200);
      expect((await t.api('GET', `/usr/workExperiences/${kept.hash}`, s)).statusCode).toBe(200);
      expect((await t.api('DELETE', `/usr/workExperiences/${kept.hash}`, s)).statusCode).toBe(200);
      expect(await count()).toBe(before - 1);
    } finally {
      await setComplete('regular@demo.test', 1);
    }
    const again = await t.api('POST', '/usr/workExperiences', { ...s, body: valid });
    expect(again.statusCode, again.body).toBe(201);
  });
});
