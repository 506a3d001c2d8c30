/**
 * Member writes in the fewest statements (issue 27: "writes in one transaction, the fewest statements"): saving an
 * article, applying to an offer and posting on a group wall are each answered from one read of what the write needs
 * and one write — no re-read of the article, the offer or the group and their counts — and still answer right.
 * The statements are counted with Kysely's query log on a second app over the same database (the session's check
 * included: the `auth` data version, the session itself being remembered once this app has resolved it; on
 * PostgreSQL the shared rate-limit counter adds one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { API_KEY, TEST_DEVICE, startTestApp, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/db';
import { multipart } from '../helpers/multipart';

let t: TestApp;
let counted: FastifyInstance;
const statements: string[] = [];
let member: Record<string, string>;
// the session's check (auth data version) + one read + one write (+ the shared rate counter on PostgreSQL)
const BUDGET = 3 + (usingPostgres() ? 1 : 0);

beforeAll(async () => {
  t = await startTestApp();
  const db = createDb(t.app.config.databaseUrl, {
    poolSize: 2,
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql);
    },
  });
  counted = await buildApp(t.app.config, { db, migrate: false, closeDb: true });
  const { token } = await t.login('bold@demo.test');
  member = { apikey: API_KEY, language: 'en', token, deviceid: TEST_DEVICE, type: '2' };
  // the member's first request on this app looks the session up (then remembered, modules/auth/sessionCache.ts): a
  // member writes after having read a page, so the writes below are counted as they come in use
  const first = await counted.inject({ method: 'GET', url: '/usr/users/me', headers: member });
  expect(first.statusCode, first.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await counted?.close();
  await t?.close();
});

async function write(method: 'PATCH' | 'POST', url: string, extra: { payload?: unknown; headers?: object } = {}) {
  statements.length = 0;
  const res = await counted.inject({
    method,
    url,
    headers: { ...member, ...extra.headers },
    payload: extra.payload as string,
  });
  return { res, statements: [...statements] };
}

describe('a member write runs one read and one write', () => {
  it('saving and unsaving an article; registering for an event answers the new count', async () => {
    const items = (await t.api('GET', '/api/articles?page=1&size=50', { token: member.token })).json().items as Array<{
      hash: string;
      type: string;
      registered: number;
      subscribed: boolean;
      slug: string;
    }>;
    const event = items.find((a) => a.type === 'EVENT' && !a.subscribed);
    expect(event).toBeDefined();
    const save = await write('PATCH', `/api/articles/${event!.hash}/save`);
    expect(save.res.json()).toEqual({ active: true, count: event!.registered });
    expect(save.statements.length).toBeLessThanOrEqual(BUDGET);
    const unsave = await write('PATCH', `/api/articles/${event!.slug}/save`);
    expect(unsave.res.json()).toEqual({ active: false, count: event!.registered });
    expect(unsave.statements.length).toBeLessThanOrEqual(BUDGET);
    const register = await write('PATCH', `/api/articles/${event!.hash}/subscribe`);
    expect(register.res.json()).toEqual({ active: true, count: event!.registered + 1 });
    expect(register.statements.length).toBeLessThanOrEqual(BUDGET);
    const shown = (await t.api('GET', `/api/articles/${event!.hash}`, { token: member.token })).json();
    expect([shown.registered, shown.subscribed]).toEqual([event!.registered + 1, true]);
    const unregister = await write('PATCH', `/api/articles/${event!.hash}/subscribe`);
    expect(unregister.res.json()).toEqual({ active: false, count: event!.registered });
  });

  it('applying to an offer and withdrawing', async () => {
    const jobs = (await t.api('GET', '/api/jobs?page=1&size=20', { token: member.token })).json().items as Array<{
      slug: string;
      hash: string;
      subscribed: boolean;
    }>;
    const job = jobs.find((j) => !j.subscribed);
    expect(job).toBeDefined();
    const apply = await write('PATCH', `/api/jobs/${job!.slug}/subscribe`);
    expect(apply.res.statusCode).toBe(200);
    const applied = apply.res.json();
    expect([applied.active, applied.status]).toEqual([true, 'PENDING']);
    expect(apply.statements.length).toBeLessThanOrEqual(BUDGET);
    const withdraw = await write('PATCH', `/api/jobs/${job!.hash}/subscribe`);
    expect(withdraw.res.json()).toEqual({ active: false, status: 'WITHDRAWN', count: applied.count - 1 });
    expect(withdraw.statements.length).toBeLessThanOrEqual(BUDGET);
  });

  it('a text post on a group wall', async () => {
    const groups = (await t.api('GET', '/usr/workgroups', { token: member.token })).json().items as Array<{
      slug: string;
      status: string;
    }>;
    const group = groups.find((g) => g.status === 'PUBLISHED');
    expect(group).toBeDefined();
    const form = multipart([{ name: 'content', data: 'a post counted statement by statement' }]);
    const post = await write('POST', `/api/workgroups/${group!.slug}/comments`, {
      payload: form.body,
      headers: form.headers,
    });
    expect(post.res.statusCode).toBe(201);
    const body = post.res.json();
    expect(body).toMatchObject({
      content: 'a post counted statement by statement',
      parent: null,
      file: null,
      likes: 0,
      liked: false,
      replies: [],
    });
    expect(body.user.hash).toBeTruthy();
    expect(post.statements.length).toBeLessThanOrEqual(BUDGET);
  });
});
