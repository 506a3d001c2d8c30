/**
 * Issue 10 §2: coded values are codes, answered so the web shows them in the visitor's language — an offer's working
 * day and workstation are codes, its area and specialty USER tags titled in the request's language, a group's
 * typology a code, a member's country named in the request's language — and migration 010 turns the labels older
 * databases hold into those codes (anything unknown into NULL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_WORKING, JOB_WORKSTATION, WORKGROUP_TYPOLOGIES } from '../../src/shared/codes';
import { up as migrate010 } from '../../src/server/db/migrations/010_coded_values';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, { token?: string; deviceId?: string }> = { anonymous: {} };
const ROLES = [
  'anonymous',
  'regular@demo.test',
  'bold@demo.test',
  'gratis@demo.test',
  'company@demo.test',
  'admin@demo.test',
] as const;
beforeAll(async () => {
  t = await startTestApp();
  for (const [email, kind] of [
    ['regular@demo.test', 'usr'],
    ['bold@demo.test', 'usr'],
    ['gratis@demo.test', 'usr'],
    ['company@demo.test', 'com'],
    ['admin@demo.test', 'adm'],
  ] as const) {
    as[email] = await t.login(email, kind);
  }
});
afterAll(async () => t?.close());

const SPANISH_LABELS =
  /Jornada|Media jornada|Estudio|Oficina|Taller|Híbrido|Diseño|Ingeniería|Comunicación|Producción|Temático|Profesional|Emprendimiento|Técnico|Comunidad|Promoción/;

async function tagTitles(hash: string) {
  return t.app.db
    .selectFrom('tags')
    .select(['title_es', 'title_en', 'title_ca', 'group', 'type'])
    .where('hash', '=', hash)
    .executeTakeFirstOrThrow();
}

describe('an offer (GET /api/jobs, /api/jobs/{slug})', () => {
  it('stores and answers the working day as a code, in every list item', async () => {
    const body = (await t.api('GET', '/api/jobs?size=100', { language: 'en' })).json();
    expect(body.items.length).toBeGreaterThan(10);
    for (const job of body.items) expect([...JOB_WORKING, null], job.slug).toContain(job.working);
    expect(body.items.some((job: any) => job.working !== null)).toBe(true);
    const stored = await t.app.db.selectFrom('jobs').select(['working', 'workstation']).execute();
    for (const row of stored) {
      expect([...JOB_WORKING, null]).toContain(row.working);
      expect([...JOB_WORKSTATION, null]).toContain(row.workstation);
    }
  });

  it('answers area and specialty as USER tags titled in the request language, for every role', async () => {
    const row = await t.app.db
      .selectFrom('jobs')
      .select(['slug', 'area', 'specialty'])
      .where('status', '=', 'PUBLISHED')
      .where('area', 'is not', null)
      .where('specialty', 'is not', null)
      .executeTakeFirstOrThrow();
    const area = await tagTitles(row.area!);
    const specialty = await tagTitles(row.specialty!);
    expect([area.group, area.type, specialty.group, specialty.type]).toEqual(['area', 'USER', 'specialty', 'USER']);
    for (const role of ROLES) {
      for (const lng of ['en', 'ca', 'es'] as const) {
        const res = await t.api('GET', `/api/jobs/${row.slug}`, { ...as[role], language: lng });
        expect(res.statusCode, `${role} ${lng}`).toBe(200);
        const job = res.json();
        expect(job.area, `${role} ${lng}`).toEqual({ hash: row.area, title: area[`title_${lng}`] });
        expect(job.specialty, `${role} ${lng}`).toEqual({ hash: row.specialty, title: specialty[`title_${lng}`] });
        expect([...JOB_WORKING, null]).toContain(job.working);
        // the workstation is part of the full offer (locked for who may not read it), and a code when shown
        expect([...JOB_WORKSTATION, null]).toContain(job.workstation);
      }
    }
    const english = (await t.api('GET', `/api/jobs/${row.slug}`, { ...as['bold@demo.test'], language: 'en' })).json();
    expect(english.locked).toBe(false);
    expect(english.workstation).not.toBeNull();
    expect(
      JSON.stringify({ w: english.working, s: english.workstation, a: english.area, p: english.specialty }),
    ).not.toMatch(SPANISH_LABELS);
  });

  it('answers an odd stored value as nothing, never raw and never a 500', async () => {
    const row = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'slug', 'working', 'workstation', 'area', 'specialty'])
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('jobs')
      .set({ working: 'Jornada rara', workstation: 'Luna', area: 'nohash000000000', specialty: 'Diseño' })
      .where('hash', '=', row.hash)
      .execute();
    try {
      const res = await t.api('GET', `/api/jobs/${row.slug}`, { ...as['bold@demo.test'], language: 'en' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ working: null, workstation: null, area: null, specialty: null });
    } finally {
      await t.app.db
        .updateTable('jobs')
        .set({ working: row.working, workstation: row.workstation, area: row.area, specialty: row.specialty })
        .where('hash', '=', row.hash)
        .execute();
    }
  });
});

describe('a working group (GET /api/workgroups)', () => {
  it('answers its typology as a code', async () => {
    for (const role of ROLES) {
      const body = (await t.api('GET', '/api/workgroups?size=100', { ...as[role], language: 'en' })).json();
      expect(body.items.length, role).toBeGreaterThan(0);
      for (const group of body.items) expect([...WORKGROUP_TYPOLOGIES, null], group.slug).toContain(group.typology);
      expect(body.items.some((group: any) => group.typology !== null)).toBe(true);
      const one = (await t.api('GET', `/api/workgroups/${body.items[0].slug}`, { ...as[role], language: 'ca' })).json();
      expect(WORKGROUP_TYPOLOGIES).toContain(one.typology);
    }
  });
});

describe('a member (GET /api/users, /api/users/{hash})', () => {
  it('carries country_name in the request language next to country_code, for every role', async () => {
    const member = await t.app.db
      .selectFrom('users')
      .select(['hash'])
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_user', '=', 1)
      .where('is_appear_by_company', '=', 1)
      .where('country_code', '=', 'ES')
      .executeTakeFirstOrThrow();
    const names = { en: 'Spain', es: 'España', ca: 'Espanya' } as const;
    for (const role of ROLES) {
      for (const lng of ['en', 'es', 'ca'] as const) {
        const res = await t.api('GET', `/api/users/${member.hash}`, { ...as[role], language: lng });
        expect(res.statusCode, `${role} ${lng}`).toBe(200);
        expect(res.json(), `${role} ${lng}`).toMatchObject({ country_code: 'ES', country_name: names[lng] });
      }
      const list = (await t.api('GET', '/api/users?country_code=ES&size=5', { ...as[role], language: 'en' })).json();
      expect(list.items.length, role).toBeGreaterThan(0);
      for (const item of list.items) expect(item).toMatchObject({ country_code: 'ES', country_name: 'Spain' });
    }
  });

  it('names no country for a code no language knows, and none for a member without one', async () => {
    const member = await t.app.db
      .selectFrom('users')
      .select(['hash', 'country_code'])
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_user', '=', 1)
      .executeTakeFirstOrThrow();
    try {
      // a country the reference table names: its name (as the directory's country filter shows it), per language
      await t.app.db.updateTable('users').set({ country_code: 'US' }).where('hash', '=', member.hash).execute();
      expect((await t.api('GET', `/api/users/${member.hash}`, { language: 'en' })).json()).toMatchObject({
        country_code: 'US',
        country_name: 'United States',
      });
      expect((await t.api('GET', `/api/users/${member.hash}`, { language: 'ca' })).json()).toMatchObject({
        country_name: 'Estats Units',
      });
      // one it does not hold: i18n-iso-countries' name
      await t.app.db.updateTable('users').set({ country_code: 'MN' }).where('hash', '=', member.hash).execute();
      expect((await t.api('GET', `/api/users/${member.hash}`, { language: 'ca' })).json()).toMatchObject({
        country_code: 'MN',
        country_name: 'Mongòlia',
      });
      await t.app.db.updateTable('users').set({ country_code: 'ZZ' }).where('hash', '=', member.hash).execute();
      const odd = (await t.api('GET', `/api/users/${member.hash}`, { language: 'en' })).json();
      expect(odd).toMatchObject({ country_code: 'ZZ', country_name: null });
      await t.app.db.updateTable('users').set({ country_code: null }).where('hash', '=', member.hash).execute();
      const none = (await t.api('GET', `/api/users/${member.hash}`, { language: 'ca' })).json();
      expect(none).toMatchObject({ country_code: null, country_name: null });
    } finally {
      await t.app.db
        .updateTable('users')
        .set({ country_code: member.country_code })
        .where('hash', '=', member.hash)
        .execute();
    }
  });
});

describe('migration 010 (coded values)', () => {
  it('turns known labels in any language into codes and tag hashes, anything else into NULL', async () => {
    const db = t.app.db;
    const company = await db.selectFrom('companies').select('hash').executeTakeFirstOrThrow();
    const admin = await db
      .selectFrom('users')
      .select('hash')
      .where('status', '=', 'VALIDATED')
      .executeTakeFirstOrThrow();
    const areaTag = await db
      .selectFrom('tags')
      .select(['hash', 'title_es', 'title_en', 'title_ca'])
      .where('type', '=', 'USER')
      .where('group', '=', 'area')
      .executeTakeFirstOrThrow();
    const specialtyTag = await db
      .selectFrom('tags')
      .select(['hash', 'title_en'])
      .where('type', '=', 'USER')
      .where('group', '=', 'specialty')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const old = [
      {
        key: 'a',
        working: 'Jornada completa',
        workstation: 'Híbrido',
        area: areaTag.title_es,
        specialty: specialtyTag.title_en!.toUpperCase(),
      },
      { key: 'b', working: 'Part time', workstation: 'Oficina técnica', area: areaTag.title_ca, specialty: 'Diseño' },
      { key: 'c', working: 'jornada  INTENSIVA', workstation: 'Remote', area: 'Ingeniería', specialty: null },
      { key: 'd', working: 'Mitja jornada', workstation: 'Marte', area: areaTag.hash, specialty: specialtyTag.hash },
      { key: 'e', working: '???', workstation: '', area: '', specialty: 'x'.repeat(200) },
      { key: 'f', working: 'FLEXIBLE', workstation: 'ON_SITE', area: null, specialty: null },
    ];
    await db
      .insertInto('jobs')
      .values(
        old.map((o) => ({
          hash: `oldjob${o.key}000000000`,
          slug: `old-job-${o.key}`,
          company_hash: company.hash,
          status: 'PUBLISHED',
          title: `Old ${o.key}`,
          description: 'Old offer',
          location: 'Barcelona',
          contract: 'INDEFINITE',
          working: o.working,
          date_incorporation: null,
          workstation: o.workstation,
          area: o.area,
          specialty: o.specialty,
          file: null,
          search_text: 'old',
          data: '{}',
          cdate: now,
          updated_at: now,
        })),
      )
      .execute();
    const groups = [
      ['a', 'Temático'],
      ['b', 'Community'],
      ['c', 'Promoció'],
      ['d', 'Otra cosa'],
      ['e', 'TECHNICAL'],
    ] as const;
    await db
      .insertInto('workgroups')
      .values(
        groups.map(([key, typology]) => ({
          hash: `oldgrp${key}000000000`,
          slug: `old-group-${key}`,
          name: `Old ${key}`,
          typology,
          type: 'PUBLIC',
          status: 'PUBLISHED',
          image: null,
          admin_hash: admin.hash,
          description: 'Old',
          search_text: 'old',
          data: '{}',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    await migrate010(db as never);

    const jobs = await db
      .selectFrom('jobs')
      .select(['slug', 'working', 'workstation', 'area', 'specialty'])
      .where('slug', 'like', 'old-job-%')
      .orderBy('slug')
      .execute();
    expect(jobs).toEqual([
      {
        slug: 'old-job-a',
        working: 'FULL_TIME',
        workstation: 'HYBRID',
        area: areaTag.hash,
        specialty: specialtyTag.hash,
      },
      { slug: 'old-job-b', working: 'PART_TIME', workstation: 'ON_SITE', area: areaTag.hash, specialty: null },
      { slug: 'old-job-c', working: 'INTENSIVE', workstation: 'REMOTE', area: null, specialty: null },
      { slug: 'old-job-d', working: 'PART_TIME', workstation: null, area: areaTag.hash, specialty: specialtyTag.hash },
      { slug: 'old-job-e', working: null, workstation: null, area: null, specialty: null },
      { slug: 'old-job-f', working: 'FLEXIBLE', workstation: 'ON_SITE', area: null, specialty: null },
    ]);
    const typologies = await db
      .selectFrom('workgroups')
      .select(['slug', 'typology'])
      .where('slug', 'like', 'old-group-%')
      .orderBy('slug')
      .execute();
    expect(typologies).toEqual([
      { slug: 'old-group-a', typology: 'THEMATIC' },
      { slug: 'old-group-b', typology: 'COMMUNITY' },
      { slug: 'old-group-c', typology: 'CLASS_YEAR' },
      { slug: 'old-group-d', typology: null },
      { slug: 'old-group-e', typology: 'TECHNICAL' },
    ]);
    // what the seed wrote is already coded: the migration leaves it as it was
    const seeded = await db
      .selectFrom('workgroups')
      .select('typology')
      .where('slug', 'not like', 'old-group-%')
      .execute();
    expect(seeded.length).toBeGreaterThan(0);
    for (const row of seeded) expect(WORKGROUP_TYPOLOGIES).toContain(row.typology);
    // and the converted offer reads translated
    const answer = (await t.api('GET', '/api/jobs/old-job-a', { ...as['bold@demo.test'], language: 'en' })).json();
    expect(answer).toMatchObject({
      working: 'FULL_TIME',
      workstation: 'HYBRID',
      area: { hash: areaTag.hash, title: areaTag.title_en },
    });
  });
});
