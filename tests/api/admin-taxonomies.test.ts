/**
 * The category tree and the tags in the back office (issue 14 §3). Hostile first: every other role, bad bodies that
 * write nothing, a category moved under itself, deleting what is in use (refused with how many use it), merging across
 * groups; then adding, renaming, moving and reordering, merging, and the public filters answering the change at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, language = 'en') =>
  t.api(method, url, { ...as(admin), body, language });
const texts = (name: string) => ({
  es: { title: `${name} (es)` },
  en: { title: `${name} (en)` },
  ca: { title: `${name} (ca)` },
});
const categoryCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const tagCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
type Node = {
  hash: string;
  parent: string | null;
  position: number;
  lvl: number;
  members: number;
  texts: { en: { title: string } };
  children: Node[];
};
const flat = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
const tree = async () => (await asAdmin('GET', '/adm/categories')).json() as Node[];

describe('who may edit the taxonomies', () => {
  it('answers 401 to a visitor and 403 to a member and a company on every route, writing nothing', async () => {
    const [categories, tags] = [await categoryCount(), await tagCount()];
    const some = flat(await tree())[0]!.hash;
    const tag = (await t.app.db.selectFrom('tags').select('hash').executeTakeFirstOrThrow()).hash;
    for (const [session, status] of [
      [null, 401],
      [member, 403],
      [company, 403],
    ] as const) {
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/adm/categories'],
        ['POST', '/adm/categories', { texts: texts('Hijack') }],
        ['PATCH', `/adm/categories/${some}`, { texts: texts('Hijack') }],
        ['DELETE', `/adm/categories/${some}`],
        ['GET', '/adm/tags'],
        ['POST', '/adm/tags', { type: 'USER', group: 'area', texts: texts('Hijack') }],
        ['PATCH', `/adm/tags/${tag}`, { texts: texts('Hijack') }],
        ['DELETE', `/adm/tags/${tag}`],
        ['POST', `/adm/tags/${tag}/merge`, { into: tag }],
      ];
      for (const [method, url, body] of calls)
        expect((await t.api(method as 'GET', url, { ...as(session), body })).statusCode, `${method} ${url}`).toBe(
          status,
        );
    }
    for (const url of ['/adm/%63ategories', '/ADM/categories', '/adm//categories'])
      expect([401, 404], url).toContain((await t.api('POST', url, { body: { texts: texts('Odd') } })).statusCode);
    expect([await categoryCount(), await tagCount()]).toEqual([categories, tags]);
  });
});

describe('categories', () => {
  it('refuse bad bodies naming the field, in the administrator’s language, and write nothing', async () => {
    const before = await categoryCount();
    const cases: Array<[unknown, string]> = [
      [{ texts: { es: { title: 'Solo español' } } }, 'texts'],
      [{ texts: { ...texts('X'), en: { title: ' ' } } }, 'texts'],
      [{ texts: texts('X'), parent: 'nope' }, 'parent'],
      [{ texts: texts('X'), position: -1 }, 'position'],
      [{ texts: texts('X'), color: 'red' }, 'color'],
      [{ parent: null }, 'texts'],
    ];
    for (const [body, field] of cases) {
      const res = await asAdmin('POST', '/adm/categories', body, 'es');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await categoryCount()).toBe(before);
  });

  it('adds one under a parent, renames it, reorders and moves it, keeping positions 0…n and levels', async () => {
    const roots = await tree();
    const parent = roots[0]!;
    const created = await asAdmin('POST', '/adm/categories', {
      parent: parent.hash,
      texts: texts('Lighting design'),
      position: 0,
    });
    expect(created.statusCode, created.body).toBe(201);
    const hash = created.json().hash as string;
    expect(created.json()).toMatchObject({ parent: parent.hash, lvl: parent.lvl + 1, position: 0, members: 0 });
    let siblings = flat(await tree()).find((n) => n.hash === parent.hash)!.children;
    expect(siblings.map((n) => n.position)).toEqual(siblings.map((_, i) => i));
    expect(siblings[0]!.hash).toBe(hash);

    const renamed = await asAdmin('PATCH', `/adm/categories/${hash}`, { texts: texts('Light design'), position: 99 });
    expect(renamed.json()).toMatchObject({ texts: { en: { title: 'Light design (en)' } } });
    siblings = flat(await tree()).find((n) => n.hash === parent.hash)!.children;
    expect(siblings.at(-1)!.hash).toBe(hash);
    expect(siblings.map((n) => n.position)).toEqual(siblings.map((_, i) => i));

    // to the root, then under another root: the levels follow
    const moved = await asAdmin('PATCH', `/adm/categories/${hash}`, { parent: null, position: 0 });
    expect(moved.json()).toMatchObject({ parent: null, lvl: 0, position: 0 });
    const oldSiblings = flat(await tree()).find((n) => n.hash === parent.hash)!.children;
    expect(oldSiblings.map((n) => n.position)).toEqual(oldSiblings.map((_, i) => i));
    const audit = (await asAdmin('GET', `/adm/audit?target=${hash}`)).json().items as Array<{ action: string }>;
    expect(audit.map((row) => row.action).sort()).toEqual(['category.created', 'category.updated', 'category.updated']);
  });

  it('refuses to move a category under itself or its own subcategory', async () => {
    const parent = (await tree()).find((n) => n.children.length)!;
    const child = parent.children[0]!;
    for (const target of [parent.hash, child.hash]) {
      const res = await asAdmin('PATCH', `/adm/categories/${parent.hash}`, { parent: target });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('parent');
    }
    expect(flat(await tree()).find((n) => n.hash === parent.hash)!.parent).toBe(parent.parent);
  });

  it('refuses to delete one in use or with subcategories, saying how many; deletes an unused one', async () => {
    const all = flat(await tree());
    const used = all.find((n) => n.members > 0 && n.children.length === 0)!;
    const inUse = await asAdmin('DELETE', `/adm/categories/${used.hash}`);
    expect(inUse.statusCode).toBe(418);
    expect(inUse.json().message).toContain(String(used.members));
    const withChildren = all.find((n) => n.children.length > 0)!;
    expect((await asAdmin('DELETE', `/adm/categories/${withChildren.hash}`)).statusCode).toBe(418);
    const fresh = (await asAdmin('POST', '/adm/categories', { texts: texts('Temporary') })).json().hash as string;
    expect((await asAdmin('DELETE', `/adm/categories/${fresh}`)).statusCode).toBe(200);
    expect(flat(await tree()).some((n) => n.hash === fresh)).toBe(false);
    expect((await asAdmin('DELETE', `/adm/categories/${fresh}`)).statusCode).toBe(404);
  });

  it('shows a new category in the public tree (the directory filter) at once, in each language', async () => {
    const created = (await asAdmin('POST', '/adm/categories', { texts: texts('Naval engineering') })).json()
      .hash as string;
    for (const lng of ['es', 'en', 'ca']) {
      const publicTree = (await t.api('GET', '/api/categories/tree', { language: lng })).json() as Array<{
        hash: string;
        title: string;
      }>;
      expect(publicTree.find((n) => n.hash === created)?.title).toBe(`Naval engineering (${lng})`);
    }
  });
});

describe('tags', () => {
  const area = async () =>
    (await asAdmin('GET', '/adm/tags?group=area&size=100')).json().items as Array<{
      hash: string;
      texts: { es: { title: string } };
      uses: { members: number; offers: number; articles: number };
    }>;

  it('lists a group with where each tag is used, and adds one (group and type must agree)', async () => {
    const items = await area();
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((tag) => tag.uses.members + tag.uses.offers > 0)).toBe(true);
    const bad = await asAdmin('POST', '/adm/tags', { type: 'USER', group: 'article', texts: texts('Wrong') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('group');
    const created = await asAdmin('POST', '/adm/tags', { type: 'USER', group: 'area', texts: texts('Acoustics') });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ group: 'area', uses: { members: 0, offers: 0, articles: 0 } });
    const publicTags = (await t.api('GET', '/api/tags?type=USER&group=area', { language: 'ca' })).json() as Array<{
      title: string;
    }>;
    expect(publicTags.map((tag) => tag.title)).toContain('Acoustics (ca)');
  });

  it('renames a tag but never moves it to another group', async () => {
    const tag = (await area())[0]!;
    expect((await asAdmin('PATCH', `/adm/tags/${tag.hash}`, { group: 'specialty' })).statusCode).toBe(400);
    const res = await asAdmin('PATCH', `/adm/tags/${tag.hash}`, { texts: texts('Renamed area') });
    expect(res.json()).toMatchObject({ group: 'area', texts: { es: { title: 'Renamed area (es)' } } });
  });

  it('refuses to delete a tag in use, saying where; merges it into another of its group instead', async () => {
    const items = await area();
    const used = items.find((tag) => tag.uses.members > 0)!;
    const into = items.find((tag) => tag.hash !== used.hash)!;
    const refused = await asAdmin('DELETE', `/adm/tags/${used.hash}`);
    expect(refused.statusCode).toBe(418);
    expect(refused.json().message).toContain(`${used.uses.members} members`);
    const otherGroup = (
      await t.app.db.selectFrom('tags').select('hash').where('group', '=', 'specialty').executeTakeFirstOrThrow()
    ).hash;
    expect((await asAdmin('POST', `/adm/tags/${used.hash}/merge`, { into: otherGroup })).statusCode).toBe(400);
    expect((await asAdmin('POST', `/adm/tags/${used.hash}/merge`, { into: used.hash })).statusCode).toBe(400);
    const membersOfUsed = await t.app.db
      .selectFrom('user_tags')
      .select('user_hash')
      .where('tag_hash', '=', used.hash)
      .execute();
    const merged = await asAdmin('POST', `/adm/tags/${used.hash}/merge`, { into: into.hash });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(
      await t.app.db.selectFrom('tags').select('hash').where('hash', '=', used.hash).executeTakeFirst(),
    ).toBeUndefined();
    const nowInto = new Set(
      (await t.app.db.selectFrom('user_tags').select('user_hash').where('tag_hash', '=', into.hash).execute()).map(
        (row) => row.user_hash,
      ),
    );
    for (const row of membersOfUsed) expect(nowInto.has(row.user_hash)).toBe(true);
    expect(
      Number(
        (
          await t.app.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('area', '=', used.hash)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
    const fresh = (
      await asAdmin('POST', '/adm/tags', { type: 'ARTICLE', group: 'article', texts: texts('Unused') })
    ).json().hash as string;
    expect((await asAdmin('DELETE', `/adm/tags/${fresh}`)).statusCode).toBe(200);
  });
});
