/**
 * Groups run by members (issue 12 §1–§3): every route × role (visitor, Regular, Bold, GRATIS, company, site admin, the
 * group's administrator, another group's administrator with this group's hash), bad bodies that write nothing, the
 * review moves (409 otherwise), a private group's join request with its message, accepting twice, the hand-over and the
 * administrator who cannot leave, with the e-mails in each recipient's language and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
const s: Record<string, Session> = {};
let group = '';
const BODY = {
  name: 'Diseño de iluminación',
  typology: 'PROFESSIONAL',
  type: 'PRIVATE',
  description: 'Profesionales y estudiantes de iluminación que comparten proyectos, ferias y ofertas.',
};

const as = (who: string | null) => (who ? { token: s[who]!.token, deviceId: s[who]!.deviceId } : {});
const call = (
  who: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  language = 'en',
) => t.api(method, url, { ...as(who), body, language });
const userHash = async (email: string) =>
  (await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow()).hash;
const mailsTo = (email: string, template: string) =>
  t.app.db
    .selectFrom('email_outbox')
    .select(['language', 'body_text'])
    .where('to_address', '=', email)
    .where('template', '=', template)
    .execute();
const groupRow = (hash: string) =>
  t.app.db.selectFrom('workgroups').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
const groupCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('workgroups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestApp();
  for (const [who, kind] of [
    ['bold', 'usr'],
    ['gratis', 'usr'],
    ['regular', 'usr'],
    ['company', 'com'],
    ['admin', 'adm'],
  ] as const)
    s[who] = await t.login(`${who}@demo.test`, kind);
  // gratis reads the e-mails in Catalan
  await t.app.db.updateTable('users').set({ language: 'ca' }).where('email', '=', 'gratis@demo.test').execute();
});
afterAll(async () => t?.close());

describe('who may run groups', () => {
  it('answers 401 to a visitor, the upgrade rule (418) to a Regular member, 403 to a company and an administrator, writing nothing', async () => {
    const before = await groupCount();
    for (const [who, status] of [
      [null, 401],
      ['regular', 418],
      ['company', 403],
      ['admin', 403],
    ] as const) {
      expect((await call(who, 'GET', '/usr/workgroups')).statusCode, `${who}`).toBe(status);
      expect((await call(who, 'POST', '/usr/workgroups', BODY)).statusCode, `${who}`).toBe(status);
    }
    for (const url of ['/usr/%77orkgroups', '/USR/workgroups', '/usr//workgroups'])
      expect([401, 404], url).toContain((await call(null, 'POST', url, BODY)).statusCode);
    expect(await groupCount()).toBe(before);
  });

  it('refuses bad bodies naming the field, in the member’s language, and writes nothing', async () => {
    const before = await groupCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...BODY, name: 'ab' }, 'name'],
      [{ ...BODY, typology: 'SECRET' }, 'typology'],
      [{ ...BODY, type: 'HIDDEN' }, 'type'],
      [{ ...BODY, description: 'short' }, 'description'],
      [(({ description: _d, ...rest }) => rest)(BODY), 'description'],
      [{ ...BODY, status: 'PENDING' }, 'status'],
      [{ ...BODY, status: 'PUBLISHED' }, 'status'],
      [{ ...BODY, admin_hash: 'x' }, 'admin_hash'],
    ];
    for (const [body, field] of cases) {
      const res = await call('bold', 'POST', '/usr/workgroups', body, 'es');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await groupCount()).toBe(before);
  });
});

describe('a private group from draft to members', () => {
  it('is created as a draft the public cannot see, then sent for review once (409 after)', async () => {
    const created = await call('bold', 'POST', '/usr/workgroups', BODY);
    expect(created.statusCode, created.body).toBe(201);
    group = created.json().hash;
    expect(created.json()).toMatchObject({ status: 'UNPUBLISHED', members: 1, requests: 0, type: 'PRIVATE' }); // its administrator
    expect((await call(null, 'GET', `/api/workgroups/${group}`)).statusCode).toBe(404);
    expect((await call('bold', 'GET', '/usr/workgroups')).json().items.map((g: { hash: string }) => g.hash)).toContain(
      group,
    );
    // another member's group is not theirs to read or change
    for (const [method, url, body] of [
      ['GET', `/usr/workgroups/${group}`],
      ['PATCH', `/usr/workgroups/${group}`, { name: 'Hijacked group' }],
      ['DELETE', `/usr/workgroups/${group}`],
      ['GET', `/usr/workgroups/${group}/users`],
    ] as const) {
      expect((await call('gratis', method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const sent = await call('bold', 'PATCH', `/usr/workgroups/${group}`, {
      status: 'PENDING',
      description: `${BODY.description} Reuniones cada mes.`,
    });
    expect(sent.json()).toMatchObject({ status: 'PENDING' });
    expect((await call('bold', 'PATCH', `/usr/workgroups/${group}`, { status: 'PENDING' })).statusCode).toBe(409);
    expect((await call('bold', 'DELETE', `/usr/workgroups/${group}`)).statusCode).toBe(418);
  });

  it('is reviewed by the association: a rejection needs a reason, publishing e-mails the creator and is audited', async () => {
    expect((await call('bold', 'PATCH', `/adm/workgroups/${group}`, { status: 'PUBLISHED' })).statusCode).toBe(403);
    const queue = await call('admin', 'GET', '/adm/workgroups?status=PENDING');
    expect(queue.json().items.map((g: { hash: string }) => g.hash)).toContain(group);
    const noReason = await call('admin', 'PATCH', `/adm/workgroups/${group}`, { status: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].field).toBe('reason');
    expect((await groupRow(group)).status).toBe('PENDING');
    const published = await call('admin', 'PATCH', `/adm/workgroups/${group}`, { status: 'PUBLISHED' });
    expect(published.statusCode, published.body).toBe(200);
    expect((await call('admin', 'PATCH', `/adm/workgroups/${group}`, { status: 'PUBLISHED' })).statusCode).toBe(409);
    expect((await mailsTo('bold@demo.test', 'workgroup.published')).length).toBe(1);
    const auditRows = (await call('admin', 'GET', `/adm/audit?target=${group}`)).json().items as Array<{
      action: string;
    }>;
    expect(auditRows.map((row) => row.action)).toEqual(['workgroup.published']);
    expect((await call(null, 'GET', `/api/workgroups/${group}`)).statusCode).toBe(200);
  });

  it('takes a request with a message, e-mails the administrator, and never shows the wall to the one asking', async () => {
    const asked = await call('gratis', 'PATCH', `/api/workgroups/${group}/subscribe`, {
      message: 'Trabajo en iluminación de museos y me encantaría participar.',
    });
    expect(asked.json()).toMatchObject({ active: true, status: 'PENDING' });
    expect((await call('gratis', 'GET', `/api/workgroups/${group}/comments`)).statusCode).toBe(404);
    const told = await mailsTo('bold@demo.test', 'workgroup.requested');
    expect(told).toHaveLength(1);
    expect(told[0]!.body_text).toContain('museos');
    const tooLong = await call('regular', 'PATCH', `/api/workgroups/${group}/subscribe`, { message: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(418); // Regular members are asked to upgrade before joining
    const longMessage = await call('bold', 'PATCH', `/api/workgroups/${group}/subscribe`, { message: 'x'.repeat(501) });
    expect(longMessage.statusCode).toBe(400);
    expect(JSON.stringify(longMessage.json().errors)).toContain('message');
    const roster = await call('bold', 'GET', `/usr/workgroups/${group}/users`);
    expect(roster.json().items[0]).toMatchObject({
      hash: await userHash('gratis@demo.test'),
      status: 'PENDING',
      message: expect.stringContaining('museos'),
    });
  });

  it('accepts the request once (409 the second time), e-mailing the member in Catalan, who can now read the wall', async () => {
    const member = await userHash('gratis@demo.test');
    expect(
      (await call('gratis', 'PATCH', `/usr/workgroups/${group}/users/${member}`, { status: 'ACCEPTED' })).statusCode,
    ).toBe(404);
    expect(
      (await call('bold', 'PATCH', `/usr/workgroups/${group}/users/${member}`, { status: 'MAYBE' })).statusCode,
    ).toBe(400);
    expect(
      (await call('bold', 'PATCH', `/usr/workgroups/${group}/users/nosuchmember`, { status: 'ACCEPTED' })).statusCode,
    ).toBe(404);
    const accepted = await call('bold', 'PATCH', `/usr/workgroups/${group}/users/${member}`, { status: 'ACCEPTED' });
    expect(accepted.json()).toEqual({ hash: member, status: 'ACCEPTED' });
    expect(
      (await call('bold', 'PATCH', `/usr/workgroups/${group}/users/${member}`, { status: 'CANCELLED' })).statusCode,
    ).toBe(409);
    const mails = await mailsTo('gratis@demo.test', 'workgroup.accepted');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.language).toBe('ca');
    expect((await call('gratis', 'GET', `/api/workgroups/${group}/comments`)).statusCode).toBe(200);
    expect((await call('bold', 'GET', `/usr/workgroups/${group}`)).json()).toMatchObject({ members: 2, requests: 0 });
  });

  it('keeps its administrator until they hand it over; then the former one may leave', async () => {
    expect((await call('bold', 'PATCH', `/api/workgroups/${group}/subscribe`, {})).statusCode).toBe(418);
    const notMember = await call('bold', 'PATCH', `/usr/workgroups/${group}`, {
      admin: await userHash('regular@demo.test'),
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().errors[0].field).toBe('admin');
    const gratis = await userHash('gratis@demo.test');
    expect((await call('bold', 'PATCH', `/usr/workgroups/${group}`, { admin: gratis })).statusCode).toBe(200);
    expect((await groupRow(group)).admin_hash).toBe(gratis);
    expect((await call('bold', 'GET', `/usr/workgroups/${group}`)).statusCode).toBe(404);
    expect(
      (await call('gratis', 'GET', `/usr/workgroups/${group}/users`)).json().items.map((m: { hash: string }) => m.hash),
    ).toContain(await userHash('bold@demo.test'));
    const left = await call('bold', 'PATCH', `/api/workgroups/${group}/subscribe`, {});
    expect(left.json()).toMatchObject({ active: false });
  });

  it('lets its administrator remove a member, and a rejected draft be edited and sent again', async () => {
    const bold = await userHash('bold@demo.test');
    await call('bold', 'PATCH', `/api/workgroups/${group}/subscribe`, {});
    await call('gratis', 'PATCH', `/usr/workgroups/${group}/users/${bold}`, { status: 'ACCEPTED' });
    expect((await call('gratis', 'DELETE', `/usr/workgroups/${group}/users/${bold}`)).statusCode).toBe(200);
    expect(
      (await call('gratis', 'DELETE', `/usr/workgroups/${group}/users/${await userHash('gratis@demo.test')}`))
        .statusCode,
    ).toBe(418);

    const draft = (
      await call('bold', 'POST', '/usr/workgroups', { ...BODY, name: 'Club de lectura técnica', type: 'PUBLIC' })
    ).json().hash as string;
    await call('bold', 'PATCH', `/usr/workgroups/${draft}`, { status: 'PENDING' });
    const rejected = await call('admin', 'PATCH', `/adm/workgroups/${draft}`, {
      status: 'REJECTED',
      reason: 'Explica qué haréis y cada cuánto os reuniréis.',
    });
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      reason: 'Explica qué haréis y cada cuánto os reuniréis.',
    });
    expect((await mailsTo('bold@demo.test', 'workgroup.rejected'))[0]!.body_text).toContain('cada cuánto');
    expect((await call('bold', 'GET', `/usr/workgroups/${draft}`)).json()).toMatchObject({
      status: 'REJECTED',
      reason: expect.stringContaining('Explica'),
    });
    expect(
      (
        await call('bold', 'PATCH', `/usr/workgroups/${draft}`, {
          status: 'PENDING',
          description: `${BODY.description} Nos vemos el primer martes de cada mes.`,
        })
      ).json(),
    ).toMatchObject({ status: 'PENDING' });
    // bulk: one publish in a batch with a group that cannot move
    const bulk = await call('admin', 'PATCH', '/adm/workgroups', { hashes: [draft, group], status: 'PUBLISHED' });
    expect(bulk.json()).toMatchObject({ ok: 1, failed: 1 });
  });

  it('deletes a draft with its picture', async () => {
    const draft = (await call('gratis', 'POST', '/usr/workgroups', { ...BODY, name: 'Borrador temporal' })).json()
      .hash as string;
    expect((await call('bold', 'DELETE', `/usr/workgroups/${draft}`)).statusCode).toBe(404);
    expect((await call('gratis', 'DELETE', `/usr/workgroups/${draft}`)).statusCode).toBe(200);
    expect(
      await t.app.db.selectFrom('workgroups').select('hash').where('hash', '=', draft).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('the demo', () => {
  it('has bold@demo.test running groups in several states, with members, a conversation, a reported post and a reason, and requests that carry messages', async () => {
    const bold = await userHash('bold@demo.test');
    const groups = await t.app.db
      .selectFrom('workgroups')
      .select(['hash', 'status', 'reason', 'type'])
      .where('admin_hash', '=', bold)
      .where('name', 'in', ['Iluminación y escenografía', 'Club de lectura técnica', 'Mercadillo de materiales'])
      .execute();
    expect(new Set(groups.map((g) => g.status))).toEqual(new Set(['PUBLISHED', 'UNPUBLISHED', 'REJECTED']));
    expect(groups.find((g) => g.status === 'REJECTED')!.reason).toMatch(/\S{10,}/);
    const published = groups.find((g) => g.status === 'PUBLISHED')!;
    expect(
      Number(
        (
          await t.app.db
            .selectFrom('workgroup_members')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('workgroup_hash', '=', published.hash)
            .where('status', '=', 'ACCEPTED')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThanOrEqual(4);
    expect(
      (await t.app.db.selectFrom('comments').select('hash').where('workgroup_hash', '=', published.hash).execute())
        .length,
    ).toBeGreaterThanOrEqual(4);
    // a reported post waits for its administrator, who reads the reason on the wall
    const wall = (await call('bold', 'GET', `/api/workgroups/${published.hash}/comments`)).json().items as Array<{
      reports?: Array<{ reason: string }>;
    }>;
    expect(
      wall
        .flatMap((post) => post.reports ?? [])
        .map((report) => report.reason)
        .join(' '),
    ).toContain('inscripción previa');
    const waiting = await t.app.db
      .selectFrom('workgroup_members')
      .select(['message'])
      .where('status', '=', 'PENDING')
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((row) => (row.message ?? '').length > 20)).toBe(true);
  });
});
