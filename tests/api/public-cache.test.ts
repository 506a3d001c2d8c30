/**
 * The anonymous public-read cache (issue 9 §3, src/server/plugins/publicCache.ts), attacked first: it must never
 * give anyone else's view, never outlive a write (through the API, or straight into the database as another
 * instance or the CLI would), keep each language and each spelling of a URL apart, and stay bounded whatever
 * URLs it is sent. Runs on SQLite and, with TEST_DB=postgres, on PostgreSQL.
 */
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRIVATE_TABLES as PRIVATE_009, PUBLIC_TABLES } from '../../src/server/db/migrations/009_public_cache';
import { PRIVATE_TABLES as PRIVATE_011 } from '../../src/server/db/migrations/011_offers';
import { PRIVATE_TABLES as PRIVATE_015 } from '../../src/server/db/migrations/015_job_views';
import { PRIVATE_TABLES as PRIVATE_016 } from '../../src/server/db/migrations/016_job_alerts';
import { PRIVATE_TABLES as PRIVATE_020 } from '../../src/server/db/migrations/020_wall_reports';
import { PRIVATE_TABLES as PRIVATE_023 } from '../../src/server/db/migrations/023_newsletter';
import { PRIVATE_TABLES as PRIVATE_024 } from '../../src/server/db/migrations/024_payment_sessions';
import { PRIVATE_TABLES as PRIVATE_026 } from '../../src/server/db/migrations/026_membership';
import { PRIVATE_TABLES as PRIVATE_025 } from '../../src/server/db/migrations/025_member_card';
import { PRIVATE_TABLES as PRIVATE_032 } from '../../src/server/db/migrations/032_school_records';
import { PRIVATE_TABLES as PRIVATE_034 } from '../../src/server/db/migrations/034_member_invitations';
import { PRIVATE_TABLES as PRIVATE_035 } from '../../src/server/db/migrations/035_messages';
import { PRIVATE_TABLES as PRIVATE_045 } from '../../src/server/db/migrations/045_message_inboxes';
import { MAX_ENTRIES, MAX_TOTAL_BYTES, publicCachePlugin } from '../../src/server/plugins/publicCache';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { API_KEY, DEMO_PASSWORD, TEST_DEVICE, startTestApp, type CallOptions, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/db';

/** Tables declared private by the migrations that added them. */
const PRIVATE_TABLES = [
  ...PRIVATE_009,
  ...PRIVATE_011,
  ...PRIVATE_015,
  ...PRIVATE_016,
  ...PRIVATE_020,
  ...PRIVATE_023,
  ...PRIVATE_024,
  ...PRIVATE_025,
  ...PRIVATE_026,
  ...PRIVATE_032,
  ...PRIVATE_034,
  ...PRIVATE_035,
  ...PRIVATE_045,
];

let t: TestApp;
const as: Record<string, CallOptions> = {};
const ROLES = {
  regular: ['regular@demo.test', 'usr'],
  bold: ['bold@demo.test', 'usr'],
  gratis: ['gratis@demo.test', 'usr'],
  company: ['company@demo.test', 'com'],
  admin: ['admin@demo.test', 'adm'],
} as const;
let slugs: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  for (const [role, [email, kind]] of Object.entries(ROLES)) as[role] = { token: (await t.login(email, kind)).token };
  const list = await t.api('GET', '/api/jobs?size=20');
  expect(list.statusCode).toBe(200);
  slugs = list.json().items.map((job: { slug: string }) => job.slug);
  expect(slugs.length).toBeGreaterThan(3);
}, 60_000);
afterAll(() => t?.close());
beforeEach(() => t.app.publicCache.clear());

const cacheOf = (res: LightMyRequestResponse) => res.headers['x-public-cache'];
const anon = (url: string, options: CallOptions = {}) => t.api('GET', url, options);

describe('who gets a stored answer', () => {
  it('a second anonymous read of a public route is the same bytes, from the cache', async () => {
    for (const url of [
      '/api/jobs?page=1',
      `/api/jobs/${slugs[0]}`,
      '/api/articles?page=1',
      '/api/users?page=1',
      '/api/workgroups?page=1',
      '/api/countries?with_users=true',
    ]) {
      const first = await anon(url);
      expect(first.statusCode, url).toBe(200);
      expect(cacheOf(first), url).toBe('miss');
      const second = await anon(url);
      expect(cacheOf(second), url).toBe('hit');
      expect(second.rawPayload.equals(first.rawPayload), url).toBe(true);
      expect(second.headers['content-type'], url).toBe(first.headers['content-type']);
      // the headers of the context plugin and the security headers are those of a fresh answer
      for (const header of ['cache-control', 'vary', 'content-security-policy', 'x-content-type-options'])
        expect(second.headers[header], `${url} ${header}`).toBe(first.headers[header]);
    }
  });

  it('misses of one URL arriving together share one computation and all get the same bytes', async () => {
    const url = '/api/articles?page=1';
    const answers = await Promise.all(Array.from({ length: 12 }, () => anon(url)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const kinds = answers.map(cacheOf);
    expect(kinds.filter((kind) => kind === 'miss').length).toBeGreaterThanOrEqual(1);
    expect(kinds.filter((kind) => kind === 'shared').length).toBeGreaterThan(0);
    for (const res of answers) expect(res.body).toBe(answers[0]!.body);
    // a HEAD of the same URL is answered as usual (headers only), never from the cache
    const head = await t.api('HEAD', url);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(cacheOf(head)).toBeUndefined();
  });

  it('a Bold member right after an anonymous visitor gets the full offer; the visitor after them still the teaser', async () => {
    const url = `/api/jobs/${slugs[1]}`;
    expect((await anon(url)).json().locked).toBe(true);
    expect(cacheOf(await anon(url))).toBe('hit');
    for (const role of ['bold', 'gratis', 'company'] as const) {
      const res = await t.api('GET', url, as[role]);
      expect(res.statusCode, role).toBe(200);
      expect(res.json().locked, role).toBe(false);
      expect(cacheOf(res), role).toBeUndefined();
    }
    const after = await anon(url);
    expect(after.json().locked).toBe(true);
    expect(after.json().workstation ?? null).toBeNull();
  });

  it('an anonymous visitor right after a member never gets the member’s view, and members are never served from the cache', async () => {
    const url = `/api/jobs/${slugs[2]}`;
    const bold = await t.api('GET', url, as['bold']);
    expect(bold.json().locked).toBe(false);
    const visitor = await anon(url);
    expect(visitor.json().locked).toBe(true);
    expect(visitor.json().description.length).toBeLessThanOrEqual(bold.json().description.length);
    // every role, after the anonymous answer is stored: never a hit, always its own view
    expect(cacheOf(await anon(url))).toBe('hit');
    const expected: Record<string, boolean | undefined> = { regular: true, bold: false, gratis: false, company: false };
    for (const role of Object.keys(ROLES)) {
      const res = await t.api('GET', url, as[role]);
      expect(res.statusCode, role).toBe(200);
      expect(cacheOf(res), role).toBeUndefined();
      if (expected[role] !== undefined) expect(res.json().locked, role).toBe(expected[role]);
    }
    expect((await anon(url)).json().locked).toBe(true);
  });

  it('anything that could identify someone turns the cache off, even when it resolves to nobody', async () => {
    const url = '/api/jobs?page=1';
    await anon(url);
    expect(cacheOf(await anon(url))).toBe('hit');
    const identified: Array<[string, Record<string, string>]> = [
      ['empty token header', { token: '' }],
      ['deviceId header', { deviceId: TEST_DEVICE }],
      ['authorization header', { authorization: 'Bearer x' }],
      ['token cookie', { cookie: 'token=abc' }],
      ['refreshToken cookie', { cookie: 'i18n_redirected=en; refreshToken=abc' }],
      ['iss cookie', { cookie: 'iss=user' }],
    ];
    for (const [what, headers] of identified) {
      const res = await anon(url, { headers });
      expect(cacheOf(res), what).toBeUndefined();
    }
    // a wrong token is refused, not answered from the cache
    const wrong = await anon(url, { token: 'not-a-token' });
    expect(wrong.statusCode).toBe(401);
    // no apiKey, a wrong apiKey: refused before the cache is looked at
    expect((await anon(url, { apiKey: null })).statusCode).toBe(401);
    expect((await anon(url, { apiKey: `${API_KEY}x` })).statusCode).toBe(401);
    // the cookies a visitor without a session has (language, consent, device) do not
    expect(
      cacheOf(await anon(url, { headers: { cookie: 'i18n_redirected=en; cookie_consent=all; deviceId=abc' } })),
    ).toBe('hit');
  });
});

describe('a write shows in the next anonymous answer', () => {
  it('an admin disabling a member takes them out of the next anonymous directory page and detail', async () => {
    const page = await anon('/api/users?size=100');
    const hashes = page.json().items.map((item: { hash: string }) => item.hash) as string[];
    // someone other than the demo accounts the other tests sign in as
    const member = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('hash', 'in', hashes)
      .where('email', 'not like', '%@demo.test')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(cacheOf(await anon('/api/users?size=100'))).toBe('hit');
    expect((await anon(`/api/users/${member.hash}`)).statusCode).toBe(200);
    expect(cacheOf(await anon(`/api/users/${member.hash}`))).toBe('hit');
    const res = await t.api('PATCH', `/adm/users/${member.hash}`, { ...as['admin'], body: { status: 'DISABLED' } });
    expect(res.statusCode).toBe(200);
    const after = await anon('/api/users?size=100');
    expect(cacheOf(after)).toBe('miss');
    expect(after.json().items.map((item: { hash: string }) => item.hash)).not.toContain(member.hash);
    expect(after.json().total).toBe(page.json().total - 1);
    expect((await anon(`/api/users/${member.hash}`)).statusCode).toBe(404);
  });

  it('a member hiding from the directory is gone from the next anonymous answer, and back when they show again', async () => {
    const me = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    expect((await t.api('PATCH', '/usr/users', { ...as['bold'], body: { is_appear_by_user: true } })).statusCode).toBe(
      200,
    );
    const url = `/api/users/${me.hash}`;
    expect((await anon(url)).statusCode).toBe(200);
    expect(cacheOf(await anon(url))).toBe('hit');
    expect((await t.api('PATCH', '/usr/users', { ...as['bold'], body: { is_appear_by_user: false } })).statusCode).toBe(
      200,
    );
    expect((await anon(url)).statusCode).toBe(404);
    expect((await t.api('PATCH', '/usr/users', { ...as['bold'], body: { is_appear_by_user: true } })).statusCode).toBe(
      200,
    );
    expect((await anon(url)).statusCode).toBe(200);
  });

  it('an offer unpublished straight in the database (another instance, the CLI) is gone from the next list and detail', async () => {
    const slug = slugs[3]!;
    const list = await anon('/api/jobs?size=20');
    expect(list.json().items.map((job: { slug: string }) => job.slug)).toContain(slug);
    expect(cacheOf(await anon('/api/jobs?size=20'))).toBe('hit');
    expect((await anon(`/api/jobs/${slug}`)).statusCode).toBe(200);
    expect(cacheOf(await anon(`/api/jobs/${slug}`))).toBe('hit');
    await t.app.db.updateTable('jobs').set({ status: 'UNPUBLISHED' }).where('slug', '=', slug).execute();
    try {
      const after = await anon('/api/jobs?size=20');
      expect(cacheOf(after)).toBe('miss');
      expect(after.json().items.map((job: { slug: string }) => job.slug)).not.toContain(slug);
      expect(after.json().total).toBe(list.json().total - 1);
      expect((await anon(`/api/jobs/${slug}`)).statusCode).toBe(404);
    } finally {
      await t.app.db.updateTable('jobs').set({ status: 'PUBLISHED' }).where('slug', '=', slug).execute();
    }
    expect((await anon(`/api/jobs/${slug}`)).statusCode).toBe(200);
  });

  it('a write through another instance on the same database shows in this instance’s next anonymous answer', async () => {
    const other = await buildApp(t.app.config, {
      db: createDb(t.app.config.databaseUrl, { poolSize: 2 }),
      migrate: false,
      closeDb: true,
    });
    try {
      const login = await other.inject({
        method: 'POST',
        url: '/adm/login',
        headers: { apikey: API_KEY, language: 'en' },
        payload: {
          email: 'admin@demo.test',
          password: DEMO_PASSWORD,
          deviceId: TEST_DEVICE,
          deviceType: 2,
          push: null,
        },
      });
      expect(login.statusCode).toBe(200);
      const admin = { apikey: API_KEY, language: 'en', token: login.json().token, deviceid: TEST_DEVICE };
      const page = await anon('/api/users?size=100');
      const hashes = page.json().items.map((item: { hash: string }) => item.hash) as string[];
      const member = await t.app.db
        .selectFrom('users')
        .select('hash')
        .where('hash', 'in', hashes)
        .where('email', 'not like', '%@demo.test')
        .offset(1)
        .limit(1)
        .executeTakeFirstOrThrow();
      const url = `/api/users/${member.hash}`;
      expect((await anon(url)).statusCode).toBe(200);
      expect(cacheOf(await anon(url))).toBe('hit');
      const res = await other.inject({
        method: 'PATCH',
        url: `/adm/users/${member.hash}`,
        headers: admin,
        payload: { status: 'DISABLED' },
      });
      expect(res.statusCode).toBe(200);
      // no waiting for a TTL: the next request on this instance reads the new data version
      expect((await anon(url)).statusCode).toBe(404);
      expect((await anon('/api/users?size=100')).json().items.map((item: { hash: string }) => item.hash)).not.toContain(
        member.hash,
      );
    } finally {
      await other.close();
    }
  });

  it('a change to a table only a detail reads (a tag’s title) is seen too', async () => {
    const url = '/api/jobs?size=20';
    const tagged = (await anon(url)).json().items.find((job: { tags?: unknown[] }) => (job.tags ?? []).length > 0);
    expect(tagged).toBeTruthy();
    const tag = tagged.tags[0] as { hash: string; title: string };
    expect(cacheOf(await anon(url))).toBe('hit');
    const original = await t.app.db
      .selectFrom('tags')
      .select('title_en')
      .where('hash', '=', tag.hash)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('tags')
      .set({ title_en: 'Renamed in the database' })
      .where('hash', '=', tag.hash)
      .execute();
    try {
      const after = await anon(url);
      expect(cacheOf(after)).toBe('miss');
      expect(JSON.stringify(after.json())).toContain('Renamed in the database');
    } finally {
      await t.app.db.updateTable('tags').set({ title_en: original.title_en }).where('hash', '=', tag.hash).execute();
    }
  });
});

describe('keys', () => {
  it('each language gets its own answer, whether asked by the language header or Accept-Language', async () => {
    const names: Record<string, string> = {};
    for (const lng of ['en', 'es', 'ca']) {
      for (let i = 0; i < 2; i++) {
        const res = await anon('/api/countries?with_users=true', { language: lng });
        expect(res.statusCode).toBe(200);
        names[lng] = JSON.stringify(res.json().map((c: { name?: string; title?: string }) => c.name ?? c.title));
      }
    }
    expect(new Set(Object.values(names)).size).toBe(3);
    for (const lng of ['en', 'es', 'ca']) {
      const res = await anon('/api/countries?with_users=true', { language: null, headers: { 'accept-language': lng } });
      expect(JSON.stringify(res.json().map((c: { name?: string; title?: string }) => c.name ?? c.title)), lng).toBe(
        names[lng],
      );
    }
  });

  it('odd spellings of a URL each get exactly what they would get with no cache at all', async () => {
    const [a, b] = [slugs[0]!, slugs[1]!];
    const encoded = [...a].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('');
    const urls = [
      '/api/jobs?page=1',
      '/api/jobs?page=2',
      '/api//jobs?page=1',
      '/api/jobs?page=%31',
      '/api/jobs?%70age=2',
      '/API/jobs?page=1',
      '/api/jobs/?page=1',
      '/api/jobs?page=1&page=2',
      '/api/jobs?page=1#x',
      `/api/jobs/${a}`,
      `/api/jobs/${b}`,
      `/api/jobs/${a.toUpperCase()}`,
      `/api/jobs/${encoded}`,
      `/api/jobs/${a}/`,
      `/api/jobs/${a}%2F..%2F${b}`,
      `/api/jobs//${a}`,
      `/api/jobs/${a}?x=1`,
      '/api/countries?with_users=true',
      '/api/countries?with_users=1',
      '/api/countries?with_users=TRUE',
      '/api/countries?with_users=false',
    ];
    const reference = new Map<string, [number, string]>();
    for (const url of urls) {
      t.app.publicCache.clear();
      const res = await anon(url);
      reference.set(url, [res.statusCode, res.body]);
    }
    t.app.publicCache.clear();
    let hits = 0;
    for (let round = 0; round < 2; round++) {
      for (const url of round ? [...urls].reverse() : urls) {
        const res = await anon(url);
        if (cacheOf(res) === 'hit') hits++;
        expect([res.statusCode, res.body], `${url} (round ${round})`).toEqual(reference.get(url));
      }
    }
    expect(hits).toBeGreaterThan(5);
  });

  it('errors are never stored', async () => {
    for (const url of ['/api/jobs/no-such-offer', '/api/jobs?page=0', '/api/jobs?size=1000', '/api/jobs?unknown=1']) {
      const first = await anon(url);
      expect(first.statusCode, url).toBeGreaterThanOrEqual(400);
      const second = await anon(url);
      expect(second.statusCode, url).toBe(first.statusCode);
      expect(cacheOf(second), url).not.toBe('hit');
    }
  });
});

describe('hostile URLs', () => {
  it('a 5,000-character search answers 400 quickly and is not stored', async () => {
    for (const path of ['/api/jobs', '/api/users', '/api/workgroups', '/api/articles']) {
      const url = `${path}?text=${'a'.repeat(5000)}`;
      const started = performance.now();
      const res = await anon(url);
      expect(res.statusCode, path).toBe(400);
      expect(performance.now() - started, path).toBeLessThan(2_000);
      expect(cacheOf(res), path).toBeUndefined();
    }
    expect(t.app.publicCache.stats().entries).toBe(0);
  });

  it(`thousands of distinct URLs keep at most ${MAX_ENTRIES} entries`, async () => {
    for (let i = 0; i < MAX_ENTRIES + 150; i++) {
      const res = await anon(`/api/jobs?text=zq${i}`);
      expect(res.statusCode).toBe(200);
    }
    const stats = t.app.publicCache.stats();
    expect(stats.entries).toBeGreaterThan(0);
    expect(stats.entries).toBeLessThanOrEqual(MAX_ENTRIES);
    expect(stats.bytes).toBeLessThanOrEqual(MAX_TOTAL_BYTES);
  }, 120_000);
});

describe('declarations', () => {
  it('only GET routes of public.browse may use the cache (the app refuses to start otherwise)', async () => {
    for (const [method, permission] of [
      ['GET', 'user.self'],
      ['PATCH', 'public.browse'],
      ['POST', 'public.browse'],
    ] as const) {
      const app = Fastify();
      publicCachePlugin(app);
      expect(
        () =>
          app.route({ method, url: '/api/x', config: { permission, publicCache: true }, handler: async () => ({}) }),
        `${method} ${permission}`,
      ).toThrow(/public cache/);
      await app.close();
    }
  });

  it('every table of the schema either bumps the public version or is declared private', async () => {
    const db = t.app.db;
    const tables = usingPostgres()
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows.map(
          (r) => r.name,
        );
    const own = tables.filter((name) => !/^(kysely_|sqlite_)|_(fts|words)(_|$)/.test(name));
    expect(own.length).toBeGreaterThan(30);
    for (const table of own)
      expect(
        PUBLIC_TABLES.includes(table) || PRIVATE_TABLES.includes(table),
        `${table} is neither public nor private (migration 009)`,
      ).toBe(true);
    const triggers = usingPostgres()
      ? (
          await sql<{
            name: string;
          }>`select distinct trigger_name as name from information_schema.triggers where trigger_name like '%_public_version'`.execute(
            db,
          )
        ).rows.map((r) => r.name.replace(/_public_version$/, ''))
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'trigger' and name like '%_public_%'`.execute(db)
        ).rows.map((r) => r.name.replace(/_public_(insert|update|delete)$/, ''));
    for (const table of PUBLIC_TABLES) expect(triggers, table).toContain(table);
  });
});
