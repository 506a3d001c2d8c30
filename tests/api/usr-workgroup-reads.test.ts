/**
 * GET /usr/workgroups/{hash}/comments and /files (SPEC §7, issue 25 §15): for the group's members they answer exactly
 * like their /api twins; a visitor gets 401, a company 403, a member of the site outside the group 404 (as the private
 * twin does), and another group's hash or an odd spelling of the path never opens a wall it should not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let insider: Session;
let outsider: Session;
let company: Session;
let group = { hash: '', slug: '' };
let otherPrivate = '';

async function memberOf(type: 'PRIVATE' | 'PUBLIC', notIn: string[] = []) {
  const rows = await t.app.db
    .selectFrom('workgroups')
    .innerJoin('workgroup_members', 'workgroup_members.workgroup_hash', 'workgroups.hash')
    .innerJoin('users', 'users.hash', 'workgroup_members.user_hash')
    .select(['workgroups.hash', 'workgroups.slug', 'users.email', 'users.hash as user'])
    .where('workgroups.type', '=', type)
    .where('workgroups.status', '=', 'PUBLISHED')
    .where('workgroup_members.status', '=', 'ACCEPTED')
    .where('users.role', 'in', ['BOLD', 'GRATIS'])
    .where('users.status', '=', 'VALIDATED')
    .orderBy('workgroups.hash')
    .execute();
  return rows.filter((row) => !notIn.includes(row.hash));
}

beforeAll(async () => {
  t = await startTestApp();
  const members = await memberOf('PRIVATE');
  // the private group with the most files among those with a signed-in-able member
  const counts = new Map<string, number>();
  for (const row of members)
    counts.set(
      row.hash,
      Number(
        (
          await t.app.db
            .selectFrom('files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('workgroup_hash', '=', row.hash)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  const chosen = [...members].sort((a, b) => (counts.get(b.hash) ?? 0) - (counts.get(a.hash) ?? 0))[0]!;
  group = { hash: chosen.hash, slug: chosen.slug };
  insider = await t.login(chosen.email);
  // a private group this member is not in
  const mine = (
    await t.app.db
      .selectFrom('workgroup_members')
      .select('workgroup_hash')
      .where('user_hash', '=', chosen.user)
      .where('status', '=', 'ACCEPTED')
      .execute()
  ).map((r) => r.workgroup_hash);
  otherPrivate = (
    await t.app.db
      .selectFrom('workgroups')
      .select('hash')
      .where('type', '=', 'PRIVATE')
      .where('status', '=', 'PUBLISHED')
      .where('hash', 'not in', mine)
      .executeTakeFirstOrThrow()
  ).hash;
  outsider = await t.login('bold@demo.test'); // seeded in public groups only
  company = await t.login('company@demo.test', 'com');
});
afterAll(async () => t?.close());

const kinds = ['comments', 'files'] as const;

/** An answer with its signed file links' expiry and signature blanked: two reads a second apart sign differently. */
const unsigned = (body: string): unknown =>
  JSON.parse(body.replace(/exp=\d+&by=([^&"]+)&sig=[A-Za-z0-9_-]+/g, 'exp=…&by=$1&sig=…'));

describe("for the group's members", () => {
  for (const kind of kinds) {
    it(`GET /usr/workgroups/{hash}/${kind} answers like /api/workgroups/{hash}/${kind}`, async () => {
      for (const query of ['', '?page=2', '?size=3&page=1', ...(kind === 'comments' ? ['?only_files=true'] : [])]) {
        const mine = await t.api('GET', `/usr/workgroups/${group.hash}/${kind}${query}`, insider);
        const twin = await t.api('GET', `/api/workgroups/${group.hash}/${kind}${query}`, insider);
        expect(mine.statusCode, `${kind}${query} ${mine.body}`).toBe(200);
        expect(twin.statusCode).toBe(200);
        expect(unsigned(mine.body), `${kind}${query}`).toEqual(unsigned(twin.body));
      }
      const first = (await t.api('GET', `/usr/workgroups/${group.hash}/${kind}`, insider)).json();
      expect(first.items.length).toBeGreaterThan(0);
      expect(first).toMatchObject({ total: expect.any(Number), maxPages: expect.any(Number) });
    });
  }

  it('refuses a query the twin refuses, naming the field', async () => {
    const res = await t.api('GET', `/usr/workgroups/${group.hash}/comments?size=1000`, insider);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('size');
  });
});

describe('everyone else', () => {
  for (const kind of kinds) {
    it(`${kind}: a visitor 401, a company 403, a member outside the private group 404 (as its twin)`, async () => {
      const url = `/usr/workgroups/${group.hash}/${kind}`;
      expect((await t.api('GET', url)).statusCode).toBe(401);
      expect((await t.api('GET', url, company)).statusCode).toBe(403);
      const refused = await t.api('GET', url, { ...outsider, language: 'en' });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json()).toMatchObject({ statusCode: 404, code: 'workgroups.membersOnly' });
      expect((await t.api('GET', `/api/workgroups/${group.hash}/${kind}`, outsider)).statusCode).toBe(404);
      expect(refused.body).not.toContain('"items"');
    });

    it(`${kind}: the member cannot read another private group through its hash`, async () => {
      const res = await t.api('GET', `/usr/workgroups/${otherPrivate}/${kind}`, insider);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('"items"');
    });

    it(`${kind}: odd spellings of the path never answer 200 with another wall nor 500`, async () => {
      const spellings = [
        `/usr/workgroups/${group.hash.toUpperCase()}/${kind}`,
        `/usr/workgroups/${group.hash}%00/${kind}`,
        `/usr/workgroups/${group.hash}%2F..%2F${otherPrivate}/${kind}`,
        `/usr/workgroups/..%2F${otherPrivate}/${kind}`,
        `/usr/workgroups//${kind}`,
        `/usr/workgroups/${'a'.repeat(33)}/${kind}`,
        `/usr/workgroups/${otherPrivate}/${kind}/`,
        `/usr/workgroups/%20${otherPrivate}/${kind}`,
      ];
      for (const url of spellings) {
        const res = await t.api('GET', url, insider);
        expect([400, 404], `${url} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        expect(res.body).not.toContain('"items"');
      }
      // the outsider: neither the slug nor a trailing slash opens the private wall
      for (const url of [`/usr/workgroups/${group.slug}/${kind}`, `/usr/workgroups/${group.hash}/${kind}/`]) {
        const res = await t.api('GET', url, outsider);
        expect([400, 404], `${url} → ${res.statusCode}`).toContain(res.statusCode);
      }
    });
  }
});

describe('a public group', () => {
  it("answers its members like the twin, and a member of the site outside it 404 (the /usr area is the group's members')", async () => {
    const rows = (await memberOf('PUBLIC')).filter((row) => row.email === 'bold@demo.test');
    expect(rows.length).toBeGreaterThan(0);
    const hash = rows[0]!.hash;
    const mine = await t.api('GET', `/usr/workgroups/${hash}/comments`, outsider);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(unsigned(mine.body)).toEqual(
      unsigned((await t.api('GET', `/api/workgroups/${hash}/comments`, outsider)).body),
    );
    const notMine = (await memberOf('PUBLIC')).map((row) => row.hash);
    const boldIn = new Set(rows.map((row) => row.hash));
    const foreign = notMine.find((h) => !boldIn.has(h));
    expect(typeof foreign).toBe('string');
    expect((await t.api('GET', `/usr/workgroups/${foreign}/files`, outsider)).statusCode).toBe(404);
  });
});
