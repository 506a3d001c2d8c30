/**
 * Offer views (issue 11 §3): counted from the page's report, buffered per instance and added to `job_views` in
 * batches; the company reads them with its offers. Hostile cases first: an offer that is not published, the same
 * reader again, companies and administrators reading offers, odd bodies and spellings, and the anonymous cache of
 * the offer itself, which a view must not break.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let company: Session;
let admin: Session;
let bold: Session;
let published = { hash: '', slug: '' };
let pending = '';
let foreign = '';

/** A visitor from `ip` reports a view (light-my-request lets the test pick the address). */
const viewFrom = (ip: string, id: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/jobs/${id}/view`,
    remoteAddress: ip,
    headers: { apiKey: API_KEY, language: 'en', 'content-type': 'application/json', ...headers },
    payload: '{}',
  });
const viewsInTable = async (hash: string) =>
  Number(
    (await t.app.db.selectFrom('job_views').select('views').where('job_hash', '=', hash).executeTakeFirst())?.views ??
      0,
  );
const viewsSeenByCompany = async (hash: string) => {
  const res = await t.api('GET', `/com/jobs/${hash}`, { ...company });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().views as number;
};

beforeAll(async () => {
  t = await startTestApp();
  company = await t.login('company@demo.test', 'com');
  admin = await t.login('admin@demo.test', 'adm');
  bold = await t.login('bold@demo.test', 'usr');
  const db = t.app.db;
  const own = (
    await db.selectFrom('companies').select('hash').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow()
  ).hash;
  published = await db
    .selectFrom('jobs')
    .select(['hash', 'slug'])
    .where('company_hash', '=', own)
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();
  pending = (
    await db
      .selectFrom('jobs')
      .select('hash')
      .where('company_hash', '=', own)
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow()
  ).hash;
  foreign = (
    await db
      .selectFrom('jobs')
      .select('hash')
      .where('company_hash', '!=', own)
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow()
  ).hash;
  await t.app.jobViews.flush();
});
afterAll(async () => t?.close());

describe('counting a view', () => {
  it('counts a visitor once an hour, by slug or hash, and shows the sum to the company after a flush', async () => {
    const before = await viewsSeenByCompany(published.hash);
    expect((await viewFrom('203.0.113.1', published.slug)).statusCode).toBe(204);
    expect((await viewFrom('203.0.113.1', published.hash)).statusCode).toBe(204); // the same reader: not again
    expect((await viewFrom('203.0.113.2', published.hash)).statusCode).toBe(204);
    expect(await viewsSeenByCompany(published.hash)).toBe(before); // buffered: nothing written per request
    expect(await t.app.jobViews.flush()).toBe(2);
    expect(await viewsSeenByCompany(published.hash)).toBe(before + 2);
    expect(await t.app.jobViews.flush()).toBe(0); // the buffer was emptied
  });

  it('counts a signed-in member by who they are, and never a company or an administrator', async () => {
    const before = await viewsInTable(published.hash);
    const member = { token: bold.token, deviceId: bold.deviceId, type: '2' };
    expect((await viewFrom('203.0.113.9', published.hash, member)).statusCode).toBe(204);
    expect((await viewFrom('198.51.100.7', published.hash, member)).statusCode).toBe(204); // another address, the same member
    for (const session of [company, admin]) {
      expect(
        (
          await viewFrom('203.0.113.50', published.hash, {
            token: session.token,
            deviceId: session.deviceId,
            type: '2',
          })
        ).statusCode,
      ).toBe(204);
    }
    await t.app.jobViews.flush();
    expect(await viewsInTable(published.hash)).toBe(before + 1);
  });

  it('answers 404 for an offer that is not published or does not exist, and writes nothing', async () => {
    for (const id of [pending, 'no-such-offer', '%2e%2e', `${published.hash}x`]) {
      const res = await viewFrom('203.0.113.3', id);
      expect(res.statusCode, id).toBe(404);
    }
    expect(await t.app.jobViews.flush()).toBe(0);
    expect(await viewsInTable(pending)).toBe(0);
  });

  it('refuses a view without the apiKey, a body with fields, and other methods', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/jobs/${published.hash}/view`,
          remoteAddress: '203.0.113.4',
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(401);
    const withBody = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${published.hash}/view`,
      remoteAddress: '203.0.113.4',
      headers: { apiKey: API_KEY, 'content-type': 'application/json' },
      payload: JSON.stringify({ views: 1000 }),
    });
    expect(withBody.statusCode).toBe(400);
    expect((await t.api('GET', `/api/jobs/${published.hash}/view`)).statusCode).toBe(404);
    expect(await t.app.jobViews.flush()).toBe(0);
  });

  it('keeps the offer in the anonymous cache: a view changes no public version', async () => {
    const url = `/api/jobs/${published.slug}`;
    await t.api('GET', url);
    expect((await t.api('GET', url)).headers['x-public-cache']).toBe('hit');
    await viewFrom('203.0.113.77', published.hash);
    await t.app.jobViews.flush();
    expect((await t.api('GET', url)).headers['x-public-cache']).toBe('hit');
  });

  it('shows views only with the company’s own offers; another company’s offer answers 404', async () => {
    await viewFrom('203.0.113.88', foreign);
    await t.app.jobViews.flush();
    expect(await viewsInTable(foreign)).toBeGreaterThan(0);
    expect((await t.api('GET', `/com/jobs/${foreign}`, { ...company })).statusCode).toBe(404);
    const list = await t.api('GET', '/com/jobs?size=50', { ...company });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Array<{ hash: string; views: number; status: string }>;
    expect(items.every((item) => Number.isInteger(item.views))).toBe(true);
    expect(items.find((item) => item.hash === published.hash)!.views).toBe(await viewsInTable(published.hash));
  });

  it('the demo offers that were published have been read', async () => {
    const list = (await t.api('GET', '/com/jobs?size=50&status=CLOSED', { ...company })).json().items as Array<{
      views: number;
    }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((item) => item.views > 0)).toBe(true);
  });
});
