/** GET /adm/audit (issue 8 §4): who did what to whom, when and why, newest first; filters; route × role. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeMember } from '../helpers/admin';

let t: TestApp;
const as: Record<string, { token?: string }> = { anonymous: {} };
const NON_ADMINS = [
  ['regular@demo.test', 'usr'],
  ['bold@demo.test', 'usr'],
  ['gratis@demo.test', 'usr'],
  ['company@demo.test', 'com'],
] as const;

beforeAll(async () => {
  t = await startTestApp();
  for (const [email, kind] of NON_ADMINS) as[email] = await t.login(email, kind);
  as['admin'] = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const admin = () => as['admin']!;
const decide = async (hash: string, body: unknown) => {
  const res = await t.api('PATCH', `/adm/users/${hash}`, { ...admin(), body });
  expect(res.statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 5)); // distinct timestamps: the order under test is by time
};

describe('GET /adm/audit', () => {
  it('answers 401 to visitors, 403 to members and companies, 200 to administrators', async () => {
    expect((await t.api('GET', '/adm/audit')).statusCode).toBe(401);
    for (const [email] of NON_ADMINS) expect((await t.api('GET', '/adm/audit', as[email])).statusCode, email).toBe(403);
    expect((await t.api('GET', '/adm/audit', admin())).statusCode).toBe(200);
  });

  it('lists the decisions newest first: administrator, action, target, reason, time', async () => {
    const a = await makeMember(t);
    const b = await makeMember(t);
    const c = await makeMember(t, { status: 'VALIDATED' });
    const started = new Date().toISOString();
    await decide(a.hash, { status: 'VALIDATED' });
    await decide(b.hash, { status: 'REJECTED', reason: 'Not a graduate' });
    await decide(c.hash, { status: 'DISABLED' });
    const body = (await t.api('GET', '/adm/audit?size=3', admin())).json();
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.maxPages).toBe(Math.ceil(body.total / 3));
    expect(body.items.map((i: { target: { hash: string } }) => i.target.hash)).toEqual([c.hash, b.hash, a.hash]);
    expect(body.items.map((i: { action: string }) => i.action)).toEqual([
      'user.disabled',
      'user.rejected',
      'user.validated',
    ]);
    const rejected = body.items[1];
    expect(rejected).toMatchObject({
      admin: { email: 'admin@demo.test' },
      target: { type: 'user', hash: b.hash, email: b.email },
      from: 'PENDING',
      to: 'REJECTED',
      reason: 'Not a graduate',
    });
    expect(rejected.admin.name).toBeTruthy();
    expect(rejected.target.label).toMatch(/^Queue\d+ Tester$/);
    expect(rejected.created_at >= started).toBe(true);
    expect(body.items[2].reason).toBeNull();
  });

  it('filters by action and by target, and keeps the label of a member who was since deleted', async () => {
    const a = await makeMember(t);
    await decide(a.hash, { status: 'REJECTED', reason: 'Duplicate account' });
    const byAction = (await t.api('GET', '/adm/audit?action=user.rejected&size=100', admin())).json();
    expect(byAction.items.length).toBeGreaterThan(0);
    for (const item of byAction.items) expect(item.action).toBe('user.rejected');
    const byTarget = (await t.api('GET', `/adm/audit?target=${a.hash}`, admin())).json();
    expect(byTarget.total).toBe(1);
    expect(byTarget.items[0].reason).toBe('Duplicate account');
    const label = byTarget.items[0].target.label;
    await t.app.db.deleteFrom('users').where('hash', '=', a.hash).execute();
    const after = (await t.api('GET', `/adm/audit?target=${a.hash}`, admin())).json();
    expect(after.items[0].target).toMatchObject({ hash: a.hash, label, email: null });
  });

  it('shows a member the history of decisions on them in their detail', async () => {
    const a = await makeMember(t);
    await decide(a.hash, { status: 'VALIDATED' });
    await decide(a.hash, { status: 'DISABLED', reason: 'Asked to leave' });
    const detail = (await t.api('GET', `/adm/users/${a.hash}`, admin())).json();
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['user.disabled', 'user.validated']);
    expect(detail.history[0].reason).toBe('Asked to leave');
  });

  it('refuses hostile queries with 400', async () => {
    for (const query of [
      'action=DROP%20TABLE',
      'action=' + 'a.'.repeat(40),
      'target=%27%20OR%201%3D1',
      'size=0',
      'size=1000',
      'page=-1',
      'page=1e309',
      'admin=x',
    ]) {
      expect((await t.api('GET', `/adm/audit?${query}`, admin())).statusCode, query).toBe(400);
    }
  });
});
