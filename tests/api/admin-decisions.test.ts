/**
 * Decisions on members (PATCH /adm/users/{hash}, PATCH /adm/users): the move table, the reason rule, one
 * transaction for decision + audit row + e-mail in the member's language, sessions ended at once, the
 * guarded UPDATE under concurrency, the free period of a Bold request, bulk, hostile bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, TEST_DEVICE, type TestApp } from '../helpers/app';
import { counts, makeMember, outboxFor, statusOf } from '../helpers/admin';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const patch = (hash: string, body: unknown, language = 'en') =>
  t.api('PATCH', `/adm/users/${hash}`, { ...admin, body, language });
const bulk = (body: unknown, language = 'en') => t.api('PATCH', '/adm/users', { ...admin, body, language });
const signIn = (email: string) =>
  t.api('POST', '/usr/login', {
    body: { email, password: DEMO_PASSWORD, deviceId: TEST_DEVICE, deviceType: 2, push: null },
  });
const auditFor = (hash: string) =>
  t.app.db.selectFrom('audit_log').selectAll().where('target_hash', '=', hash).execute();
const MONTH = 30 * 86400000;

describe('validating a member', () => {
  it('lets them sign in and e-mails them in their language, with an audit row, all at once', async () => {
    const member = await makeMember(t, { language: 'ca' });
    expect((await signIn(member.email)).statusCode).toBe(403);
    const res = await patch(member.hash, { status: 'VALIDATED' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hash: member.hash, status: 'VALIDATED', role: 'REGULAR', moves: ['DISABLED'] });
    expect((await signIn(member.email)).statusCode).toBe(200);
    const mail = await outboxFor(t, member.email);
    expect(mail.map((m) => [m.template, m.language])).toEqual([['account.validated', 'ca']]);
    expect(mail[0]!.body_text).toContain('/ca/usuari/acces');
    const audit = await auditFor(member.hash);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.validated', target_type: 'user' });
    expect(JSON.parse(audit[0]!.data)).toMatchObject({ from: 'PENDING', to: 'VALIDATED' });
  });

  it('starts the free period of a Bold request: GRATIS until now + 3 months, or the `membership` setting', async () => {
    const bold = await makeMember(t, { requested: 'BOLD' });
    const before = Date.now();
    expect((await patch(bold.hash, { status: 'VALIDATED' })).statusCode).toBe(200);
    const row = await statusOf(t, bold.hash);
    expect(row.role).toBe('GRATIS');
    const end = Date.parse(row.subscription_end!);
    expect(end).toBeGreaterThan(before + 2.9 * MONTH);
    expect(end).toBeLessThan(Date.now() + 3.1 * MONTH);

    await t.app.db
      .insertInto('settings')
      .values({ key: 'membership', value: JSON.stringify({ freePeriodMonths: 6 }) })
      .execute();
    try {
      const other = await makeMember(t, { requested: 'BOLD' });
      expect((await patch(other.hash, { status: 'VALIDATED' })).statusCode).toBe(200);
      const six = Date.parse((await statusOf(t, other.hash)).subscription_end!);
      expect(six).toBeGreaterThan(Date.now() + 5.9 * MONTH);
    } finally {
      await t.app.db.deleteFrom('settings').where('key', '=', 'membership').execute();
    }
    const regular = await makeMember(t, { requested: 'REGULAR' });
    expect((await patch(regular.hash, { status: 'VALIDATED' })).statusCode).toBe(200);
    expect(await statusOf(t, regular.hash)).toMatchObject({ role: 'REGULAR', subscription_end: null });
  });
});

describe('rejecting a member', () => {
  it('needs a reason: 400 naming `reason` in the request language, and nothing changes', async () => {
    const member = await makeMember(t);
    const before = await counts(t);
    for (const body of [
      { status: 'REJECTED' },
      { status: 'REJECTED', reason: '' },
      { status: 'REJECTED', reason: '   \n ' },
    ]) {
      const res = await patch(member.hash, body, 'es');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'reason', message: 'Indica el motivo: se enviará por correo a quien lo pidió.' },
      ]);
    }
    expect((await statusOf(t, member.hash)).status).toBe('PENDING');
    expect(await counts(t)).toEqual(before);
  });

  it('with a reason: e-mails the reason, and the member cannot sign in', async () => {
    const member = await makeMember(t, { language: 'es' });
    const res = await patch(member.hash, { status: 'REJECTED', reason: 'No consta en el registro de titulados.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REJECTED', moves: [] });
    const mail = await outboxFor(t, member.email);
    expect(mail.map((m) => [m.template, m.language])).toEqual([['account.rejected', 'es']]);
    expect(mail[0]!.body_text).toContain('No consta en el registro de titulados.');
    expect((await signIn(member.email)).statusCode).toBe(403);
    expect(JSON.parse((await auditFor(member.hash))[0]!.data).reason).toBe('No consta en el registro de titulados.');
  });
});

describe('disabling a member', () => {
  it("ends the member's sessions at once, e-mails them, and re-validating lets them back", async () => {
    const member = await makeMember(t, { status: 'VALIDATED', language: 'en' });
    const session = await t.login(member.email);
    expect((await t.api('GET', '/usr/users/me', session)).statusCode).toBe(200);
    expect((await patch(member.hash, { status: 'DISABLED', reason: 'Unpaid fees' })).statusCode).toBe(200);
    expect((await t.api('GET', '/usr/users/me', session)).statusCode).toBe(401);
    expect(
      (
        await t.api('POST', '/usr/refresh', {
          body: { refreshToken: session.refreshToken, deviceId: session.deviceId },
        })
      ).statusCode,
    ).toBe(401);
    const revoked = await t.app.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('actor_hash', '=', member.hash)
      .execute();
    expect(revoked.length).toBeGreaterThan(0);
    for (const row of revoked) expect(row.revoked_at).not.toBeNull();
    expect((await signIn(member.email)).statusCode).toBe(403);
    expect((await outboxFor(t, member.email)).map((m) => m.template)).toEqual(['account.disabled']);
    expect((await patch(member.hash, { status: 'VALIDATED' })).statusCode).toBe(200);
    expect((await signIn(member.email)).statusCode).toBe(200);
  });
});

describe('the move table', () => {
  it('answers 409 to any move it does not hold, and writes nothing', async () => {
    const cases = [
      ['PENDING', 'DISABLED'],
      ['VALIDATED', 'VALIDATED'],
      ['VALIDATED', 'REJECTED'],
      ['REJECTED', 'VALIDATED'],
      ['REJECTED', 'DISABLED'],
      ['DISABLED', 'DISABLED'],
      ['DISABLED', 'REJECTED'],
    ];
    for (const [from, to] of cases) {
      const member = await makeMember(t, { status: from });
      const before = await counts(t);
      const res = await patch(member.hash, { status: to, reason: 'because' });
      expect(res.statusCode, `${from}→${to}`).toBe(409);
      expect(res.json().message).toBe(`An account cannot go from ${from} to ${to}.`);
      expect((await statusOf(t, member.hash)).status).toBe(from);
      expect(await counts(t)).toEqual(before);
    }
  });

  it('answers 404 for an unknown member', async () => {
    expect((await patch('zzzzzzzzzzzzzzzz', { status: 'VALIDATED' })).statusCode).toBe(404);
  });

  it('lets exactly one of two administrators deciding at once win', async () => {
    for (let round = 0; round < 5; round++) {
      const member = await makeMember(t);
      const answers = await Promise.all([
        patch(member.hash, { status: 'VALIDATED' }),
        patch(member.hash, { status: 'REJECTED', reason: 'duplicate' }),
        patch(member.hash, { status: 'VALIDATED' }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      expect(await auditFor(member.hash)).toHaveLength(1);
      expect(await outboxFor(t, member.email)).toHaveLength(1);
    }
  });
});

describe('bulk decisions', () => {
  it('applies the same rule to each member and answers per hash', async () => {
    const a = await makeMember(t);
    const b = await makeMember(t, { language: 'ca' });
    const validated = await makeMember(t, { status: 'VALIDATED' });
    const res = await bulk({
      hashes: [a.hash, b.hash, validated.hash, 'zzzzzzzzzzzzzzzz'],
      status: 'REJECTED',
      reason: 'Not eligible',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: 2, failed: 2 });
    expect(body.results.map((r: { hash: string; statusCode: number }) => [r.hash, r.statusCode])).toEqual([
      [a.hash, 200],
      [b.hash, 200],
      [validated.hash, 409],
      ['zzzzzzzzzzzzzzzz', 404],
    ]);
    expect(body.results[2].message).toBe('An account cannot go from VALIDATED to REJECTED.');
    expect((await statusOf(t, a.hash)).status).toBe('REJECTED');
    expect((await outboxFor(t, b.email)).map((m) => [m.template, m.language])).toEqual([['account.rejected', 'ca']]);
    expect((await statusOf(t, validated.hash)).status).toBe('VALIDATED');
  });

  it('refuses a rejection without reason before touching anyone', async () => {
    const a = await makeMember(t);
    const before = await counts(t);
    const res = await bulk({ hashes: [a.hash], status: 'REJECTED' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('reason');
    expect((await statusOf(t, a.hash)).status).toBe('PENDING');
    expect(await counts(t)).toEqual(before);
  });
});

describe('hostile bodies', () => {
  it('answer 400 and write nothing', async () => {
    const member = await makeMember(t);
    const before = await counts(t);
    const single = [
      {},
      { status: 'PENDING' },
      { status: 'validated' },
      { status: ['VALIDATED'] },
      { status: ['VALIDATED', 'REJECTED'] },
      { status: 'REJECTED', reason: 42 },
      { status: 'REJECTED', reason: ['why'] },
      { status: { $ne: 'x' } },
      { status: 'VALIDATED', role: 'BOLD' },
      { status: 'VALIDATED', reason: 'x'.repeat(2001) },
      [],
      'VALIDATED',
      null,
    ];
    for (const body of single) {
      const res = await t.api('PATCH', `/adm/users/${member.hash}`, {
        ...admin,
        body: JSON.stringify(body),
        json: true,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const many = [
      { status: 'VALIDATED' },
      { hashes: [], status: 'VALIDATED' },
      { hashes: [member.hash, member.hash], status: 'VALIDATED' },
      { hashes: member.hash, status: 'VALIDATED' },
      { hashes: [member.hash], status: ['VALIDATED'] },
      { hashes: ['ABC'], status: 'VALIDATED' },
      { hashes: Array.from({ length: 101 }, (_, i) => `h${i}`), status: 'VALIDATED' },
      { hashes: [member.hash], status: 'VALIDATED', extra: 1 },
    ];
    for (const body of many) {
      const res = await bulk(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await statusOf(t, member.hash)).status).toBe('PENDING');
    expect(await counts(t)).toEqual(before);
  });
});
