/**
 * The member's own portfolio projects (issue 8 §10, DESIGN §4b): /usr/portfolios CRUD for the owner only;
 * others' ids answer 404 and change nothing; drafts never reach the public list.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
const count = async (table: 'portfolios' | 'portfolio_links') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const valid = {
  name: 'Identidad para un festival',
  date: '10/05/2024',
  content: 'Logotipo, cartelería y web.',
  links: [{ url: 'https://example.com/festival' }],
  status: 'PUBLISHED',
};

async function othersPortfolio(): Promise<string> {
  const mine = [await userHash('bold@demo.test'), await userHash('regular@demo.test')];
  const row = await t.app.db
    .selectFrom('portfolios')
    .select('hash')
    .where('user_hash', 'not in', mine)
    .executeTakeFirstOrThrow();
  return row.hash;
}

describe('who may call', () => {
  it('answers 401 to anonymous and 403 to companies and administrators', async () => {
    const before = await count('portfolios');
    const routes: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['GET', '/usr/portfolios', undefined],
      ['POST', '/usr/portfolios', valid],
      ['GET', '/usr/portfolios/abc', undefined],
      ['PATCH', '/usr/portfolios/abc', { name: 'x' }],
      ['DELETE', '/usr/portfolios/abc', undefined],
    ];
    for (const [method, url, body] of routes) {
      expect((await t.api(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.api(method, url, { ...as['company'], body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.api(method, url, { ...as['admin'], body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await count('portfolios')).toBe(before);
  });
});

describe('CRUD by the owner', () => {
  for (const email of ['bold@demo.test', 'regular@demo.test']) {
    it(`${email} creates, reads, lists, edits and deletes a portfolio`, async () => {
      const s = as[email]!;
      const created = await t.api('POST', '/usr/portfolios', { ...s, body: valid });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json();
      expect(item).toMatchObject({ name: valid.name, date: valid.date, content: valid.content, status: 'PUBLISHED' });
      expect(item.links.map((l: { url: string }) => l.url)).toEqual(['https://example.com/festival']);
      expect((await t.api('GET', `/usr/portfolios/${item.hash}`, s)).json()).toMatchObject({
        hash: item.hash,
        name: valid.name,
      });
      const list = (await t.api('GET', '/usr/portfolios?size=100', s)).json();
      expect(list).toMatchObject({ total: expect.any(Number), maxPages: expect.any(Number) });
      expect(list.items.map((p: { hash: string }) => p.hash)).toContain(item.hash);

      const patched = await t.api('PATCH', `/usr/portfolios/${item.hash}`, {
        ...s,
        body: { name: 'Festival 2024', links: [{ url: 'https://a.example/1' }, { url: 'https://a.example/2' }] },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json()).toMatchObject({ name: 'Festival 2024', content: valid.content });
      expect(patched.json().links.map((l: { url: string }) => l.url)).toEqual([
        'https://a.example/1',
        'https://a.example/2',
      ]);

      const removed = await t.api('DELETE', `/usr/portfolios/${item.hash}`, s);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await t.api('GET', `/usr/portfolios/${item.hash}`, s)).statusCode).toBe(404);
      const links = await t.app.db
        .selectFrom('portfolio_links')
        .select('hash')
        .where('portfolio_hash', '=', item.hash)
        .execute();
      expect(links).toEqual([]);
    });
  }

  it("lists only the member's own portfolios, drafts included", async () => {
    const s = as['regular@demo.test']!;
    const draft = (await t.api('POST', '/usr/portfolios', { ...s, body: { ...valid, status: 'UNPUBLISHED' } })).json();
    const list = (await t.api('GET', '/usr/portfolios?size=100', s)).json();
    expect(list.items.map((p: { hash: string }) => p.hash)).toContain(draft.hash);
    const mine = await userHash('regular@demo.test');
    const owners = await t.app.db
      .selectFrom('portfolios')
      .select('user_hash')
      .where(
        'hash',
        'in',
        list.items.map((p: { hash: string }) => p.hash),
      )
      .execute();
    expect(owners.every((o) => o.user_hash === mine)).toBe(true);
    expect(list.total).toBe(owners.length);
  });
});

describe('deleting a project', () => {
  it("removes its image rows and files, and leaves other projects' images alone", async () => {
    const s = as['bold@demo.test']!;
    const item = (await t.api('POST', '/usr/portfolios', { ...s, body: valid })).json();
    const dir = join(t.app.config.dataDir, 'uploads', 'portfolios');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${item.hash}-0.webp`);
    writeFileSync(file, 'image');
    await t.app.db
      .insertInto('portfolio_images')
      .values({
        hash: `img${item.hash}`.slice(0, 32),
        portfolio_hash: item.hash,
        path: `/uploads/portfolios/${item.hash}-0.webp`,
        position: 0,
      })
      .execute();
    expect((await t.api('GET', `/usr/portfolios/${item.hash}`, s)).json().images).toHaveLength(1);
    const other = await othersPortfolio();
    const othersImages = await t.app.db
      .selectFrom('portfolio_images')
      .selectAll()
      .where('portfolio_hash', '=', other)
      .execute();
    expect((await t.api('DELETE', `/usr/portfolios/${item.hash}`, s)).statusCode).toBe(200);
    expect(
      await t.app.db.selectFrom('portfolio_images').select('hash').where('portfolio_hash', '=', item.hash).execute(),
    ).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect(
      await t.app.db.selectFrom('portfolio_images').selectAll().where('portfolio_hash', '=', other).execute(),
    ).toEqual(othersImages);
  });
});

describe("another member's portfolio", () => {
  it('answers 404 to GET, PATCH and DELETE and changes nothing', async () => {
    const other = await othersPortfolio();
    const before = await t.app.db
      .selectFrom('portfolios')
      .selectAll()
      .where('hash', '=', other)
      .executeTakeFirstOrThrow();
    const s = as['bold@demo.test']!;
    expect((await t.api('GET', `/usr/portfolios/${other}`, s)).statusCode).toBe(404);
    expect((await t.api('PATCH', `/usr/portfolios/${other}`, { ...s, body: { name: 'Hijacked' } })).statusCode).toBe(
      404,
    );
    expect((await t.api('DELETE', `/usr/portfolios/${other}`, s)).statusCode).toBe(404);
    expect(
      await t.app.db.selectFrom('portfolios').selectAll().where('hash', '=', other).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['name', { ...valid, name: '' }],
    ['name', { ...valid, name: 'x'.repeat(300) }],
    ['status', { ...valid, status: 'DELETED' }],
    ['date', { ...valid, date: '31/02/2024' }],
    ['links', { ...valid, links: Array.from({ length: 11 }, (_, i) => ({ url: `https://e.example/${i}` })) }],
    ['url', { ...valid, links: [{ url: 'javascript:alert(1)' }] }],
    ['content', { ...valid, content: 42 }],
    ['extra', { ...valid, extra: 1 }],
  ];
  for (const [field, body] of cases) {
    it(`answers 400 naming ${field} and writes nothing`, async () => {
      const [portfolios, links] = [await count('portfolios'), await count('portfolio_links')];
      const res = await t.api('POST', '/usr/portfolios', { ...as['bold@demo.test'], body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(field);
      expect([await count('portfolios'), await count('portfolio_links')]).toEqual([portfolios, links]);
    });
  }

  it('a missing required field on create answers 400 naming it', async () => {
    const { name: _name, ...body } = valid;
    const res = await t.api('POST', '/usr/portfolios', { ...as['bold@demo.test'], body });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('name');
  });

  it('a bad PATCH changes nothing', async () => {
    const s = as['bold@demo.test']!;
    const item = (await t.api('POST', '/usr/portfolios', { ...s, body: valid })).json();
    const res = await t.api('PATCH', `/usr/portfolios/${item.hash}`, {
      ...s,
      body: { name: 'Changed', status: 'NOPE' },
    });
    expect(res.statusCode).toBe(400);
    expect((await t.api('GET', `/usr/portfolios/${item.hash}`, s)).json().name).toBe(valid.name);
  });
});

describe('public visibility', () => {
  it('a published portfolio is public; a draft never is', async () => {
    const s = as['bold@demo.test']!;
    const published = (await t.api('POST', '/usr/portfolios', { ...s, body: { ...valid, name: 'Publicado' } })).json();
    const draft = (
      await t.api('POST', '/usr/portfolios', { ...s, body: { ...valid, name: 'Borrador', status: 'UNPUBLISHED' } })
    ).json();
    const owner = await userHash('bold@demo.test');
    const list = (await t.api('GET', `/api/portfolios?users=${owner}&size=100`)).json();
    const hashes = list.items.map((p: { hash: string }) => p.hash);
    expect(hashes).toContain(published.hash);
    expect(hashes).not.toContain(draft.hash);
    expect((await t.api('GET', `/api/portfolios/${draft.hash}`)).statusCode).toBe(404);
    // unpublishing takes it down at once
    await t.api('PATCH', `/usr/portfolios/${published.hash}`, { ...s, body: { status: 'UNPUBLISHED' } });
    expect((await t.api('GET', `/api/portfolios/${published.hash}`)).statusCode).toBe(404);
  });
});
