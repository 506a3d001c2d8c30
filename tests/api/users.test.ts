import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, { token?: string; deviceId?: string }> = { anonymous: {} };
beforeAll(async () => {
  t = await startTestApp();
  for (const [email, kind] of [
    ['regular@demo.test', 'usr'],
    ['bold@demo.test', 'usr'],
    ['company@demo.test', 'com'],
  ] as const) {
    as[email] = await t.login(email, kind);
  }
});
afterAll(async () => t?.close());

const listAll = async (who: string, query = '') => {
  const hashes: string[] = [];
  let page = 1;
  for (;;) {
    const body = (await t.api('GET', `/api/users?size=100&page=${page}${query}`, as[who])).json();
    hashes.push(...body.items.map((u: { hash: string }) => u.hash));
    if (page >= body.maxPages) return { hashes, total: body.total };
    page++;
  }
};

describe('GET /api/users (alumni directory)', () => {
  it('pages 10 at a time with { items, total, maxPages } and shows only validated members', async () => {
    const body = (await t.api('GET', '/api/users')).json();
    expect(body.items).toHaveLength(10);
    expect(body.maxPages).toBe(Math.ceil(body.total / 10));
    const pending = await t.app.db.selectFrom('users').select('hash').where('status', '=', 'PENDING').execute();
    expect(pending.length).toBeGreaterThan(0);
    const { hashes, total } = await listAll('anonymous');
    expect(hashes.length).toBe(total);
    expect(new Set(hashes).size).toBe(total);
    for (const user of pending) expect(hashes).not.toContain(user.hash);
    expect(body.items[0]).not.toHaveProperty('email');
    expect(body.items[0]).not.toHaveProperty('password_hash');
  });

  it('hides members who opted out of the alumni search from the public and members, but not from companies', async () => {
    const hidden = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_user', '=', 0)
      .where('is_appear_by_company', '=', 1)
      .executeTakeFirstOrThrow();
    for (const who of ['anonymous', 'regular@demo.test', 'bold@demo.test']) {
      expect((await listAll(who)).hashes, who).not.toContain(hidden.hash);
      expect((await t.api('GET', `/api/users/${hidden.hash}`, as[who])).statusCode, who).toBe(404);
    }
    expect((await listAll('company@demo.test')).hashes).toContain(hidden.hash);
  });

  it('hides members who opted out of the company directory from companies', async () => {
    const hidden = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_company', '=', 0)
      .where('is_appear_by_user', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await listAll('company@demo.test')).hashes).not.toContain(hidden.hash);
    expect((await t.api('GET', `/api/users/${hidden.hash}`, as['company@demo.test'])).statusCode).toBe(404);
    expect((await listAll('bold@demo.test')).hashes).toContain(hidden.hash);
  });

  it('gives details only to Bold members and companies (SPEC §6)', async () => {
    const someone = (await t.api('GET', '/api/users?size=1')).json().items[0];
    const anonymous = (await t.api('GET', `/api/users/${someone.hash}`)).json();
    expect(anonymous.locked).toBe(true);
    expect(anonymous).not.toHaveProperty('current_job');
    expect((await t.api('GET', `/api/users/${someone.hash}`, as['regular@demo.test'])).json()).not.toHaveProperty(
      'current_company',
    );
    for (const who of ['bold@demo.test', 'company@demo.test']) {
      const body = (await t.api('GET', `/api/users/${someone.hash}`, as[who])).json();
      expect(body.locked, who).toBe(false);
      expect(body, who).toHaveProperty('current_job');
      expect(Array.isArray(body.tags), who).toBe(true);
    }
  });

  it('filters by country, graduation year, category and text', async () => {
    const sample = await t.app.db
      .selectFrom('users')
      .select(['country_code', 'graduation_year', 'category_hash', 'surname1'])
      .where('status', '=', 'VALIDATED')
      .where('is_appear_by_user', '=', 1)
      .where('category_hash', 'is not', null)
      .executeTakeFirstOrThrow();
    const byCountry = (await t.api('GET', `/api/users?country_code=${sample.country_code}&size=100`)).json();
    expect(byCountry.total).toBeGreaterThan(0);
    expect(byCountry.items).toHaveLength(Math.min(byCountry.total, 100));
    expect(byCountry.items.every((u: any) => u.country_code === sample.country_code)).toBe(true);
    const byYear = (await t.api('GET', `/api/users?graduation_year=${sample.graduation_year}&size=100`)).json();
    expect(byYear.items.length).toBeGreaterThan(0);
    expect(byYear.items.every((u: any) => u.graduation_year === sample.graduation_year)).toBe(true);
    const byCategory = (await t.api('GET', `/api/users?category=${sample.category_hash}&size=100`)).json();
    expect(byCategory.items.length).toBeGreaterThan(0);
    expect(byCategory.items.every((u: any) => u.category.hash === sample.category_hash)).toBe(true);
    const byText = (
      await t.api('GET', `/api/users?text=${encodeURIComponent(sample.surname1.toUpperCase())}&size=100`)
    ).json();
    expect(byText.items.some((u: any) => u.surname1 === sample.surname1)).toBe(true);
  });

  it('answers hostile filters with 400, never 500', async () => {
    for (const query of [
      'page=0',
      'size=1000',
      'country_code=spain',
      'graduation_year=abc',
      'category=%27%20or%201=1',
    ]) {
      expect((await t.api('GET', `/api/users?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('ambassadors and entrepreneurs', () => {
  it('lists only ambassadors (or entrepreneurs) and finds one by slug', async () => {
    for (const kind of ['ambassador', 'entrepreneur'] as const) {
      const body = (await t.api('GET', `/api/users?${kind}=true&size=100`)).json();
      expect(body.total, kind).toBeGreaterThan(0);
      expect(body.items, kind).toHaveLength(Math.min(body.total, 100));
      expect(
        body.items.every((u: any) => u[`is_${kind}`] === true),
        kind,
      ).toBe(true);
      const bySlug = await t.api('GET', `/api/users/${body.items[0].slug}`);
      expect(bySlug.statusCode, kind).toBe(200);
      expect(bySlug.json().hash).toBe(body.items[0].hash);
    }
  });
});
