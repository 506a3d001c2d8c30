/**
 * Job alerts (issue 11 §8): who may set them, bad bodies that write nothing, an offer reaching the matching members once
 * (two task runners racing, runs repeated), filters honoured, the weekly digest, and the one-click unsubscribe — its
 * headers as the real SMTP peer receives them, the page a person sees, and tokens we did not sign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { startPeer, type Peer } from '../helpers/smtp';
import { MailWorker } from '../../src/server/modules/mail/worker';
import { TaskRunner } from '../../src/server/modules/tasks/runner';
import { jobAlertTasks, sendAlerts } from '../../src/server/modules/jobAlerts/service';
import { unsubscribeToken } from '../../src/server/modules/mail/unsubscribe';
import { dialectOf } from '../../src/server/db/dialect';
import { systemContext } from '../../src/server/serviceContext';

let t: TestApp;
let peer: Peer;
const sessions: Record<string, Session> = {};
const stamp = Date.now().toString(36);
let area = '';
let otherArea = '';
let offerHash = '';
const TITLE = `Acoustic designer ${stamp}`;

const as = (who: string) => ({ token: sessions[who]!.token, deviceId: sessions[who]!.deviceId });
const user = (email: string) =>
  t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const alertsTo = (email: string) =>
  t.app.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('template', '=', 'job.alert')
    .orderBy('created_at')
    .execute();
const alertRows = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('job_alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://alumni.example' });
  peer = await startPeer();
  for (const [who, kind] of [
    ['bold', 'usr'],
    ['gratis', 'usr'],
    ['regular', 'usr'],
    ['company', 'com'],
    ['admin', 'adm'],
  ] as const)
    sessions[who] = await t.login(`${who}@demo.test`, kind);
  const areas = await t.app.db
    .selectFrom('tags')
    .select('hash')
    .where('type', '=', 'USER')
    .where('group', '=', 'area')
    .orderBy('hash')
    .execute();
  [area, otherArea] = [areas[0]!.hash, areas[1]!.hash];
  // both Bold members get offers by e-mail; everybody else with the switch on is turned off, so the outbox speaks of these two
  await t.app.db.updateTable('users').set({ is_receive_jobs: 0 }).execute();
  await t.app.db.deleteFrom('job_alerts').execute(); // the demo's alerts: this file sets its own
  await t.app.db
    .updateTable('users')
    .set({ is_receive_jobs: 1 })
    .where('email', 'in', ['bold@demo.test', 'gratis@demo.test'])
    .execute();
});
afterAll(async () => {
  await peer?.close();
  await t?.close();
});

describe('who may set job alerts', () => {
  it('answers 401 to a visitor, 403 to a company and an administrator, and asks a Regular member to upgrade', async () => {
    const before = await alertRows();
    for (const method of ['GET', 'PATCH'] as const) {
      expect(
        (await t.api(method, '/usr/job-alerts/me', { body: method === 'PATCH' ? { frequency: 'instant' } : undefined }))
          .statusCode,
      ).toBe(401);
      for (const who of ['company', 'admin'])
        expect(
          (
            await t.api(method, '/usr/job-alerts/me', {
              ...as(who),
              body: method === 'PATCH' ? { frequency: 'instant' } : undefined,
            })
          ).statusCode,
          who,
        ).toBe(403);
      const regular = await t.api(method, '/usr/job-alerts/me', {
        ...as('regular'),
        body: method === 'PATCH' ? { frequency: 'instant' } : undefined,
      });
      expect(regular.statusCode).toBe(418);
      expect(regular.json().message).toMatch(/Bold/);
    }
    expect(await alertRows()).toBe(before);
  });

  it('answers a Bold member the defaults (weekly, no filters) and whether offers by e-mail are on', async () => {
    const res = await t.api('GET', '/usr/job-alerts/me', as('bold'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      frequency: 'weekly',
      area: null,
      contract: null,
      working: null,
      location: null,
      text: null,
      workstation: null,
      salary_min: null,
      salary_currency: null,
      salary_period: null,
      active: true,
    });
  });

  it('refuses bad values naming the field, in the member’s language, and writes nothing', async () => {
    const before = await alertRows();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ frequency: 'daily' }, 'frequency'],
      [{ contract: 'FOREVER' }, 'contract'],
      [{ working: 'NIGHTS' }, 'working'],
      [{ location: 'x'.repeat(101) }, 'location'],
      [{ area: 'nosuchtag' }, 'area'],
      [
        {
          area: (
            await t.app.db.selectFrom('tags').select('hash').where('group', '=', 'specialty').executeTakeFirstOrThrow()
          ).hash,
        },
        'area',
      ],
      [{ frequency: 'instant', email: 'x@y.z' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('PATCH', '/usr/job-alerts/me', { ...as('bold'), body, language: 'ca' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await alertRows()).toBe(before);
  });

  it('saves any subset, trims, and clears a filter with null', async () => {
    const saved = await t.api('PATCH', '/usr/job-alerts/me', {
      ...as('bold'),
      body: { frequency: 'instant', area, location: '  Barcelona ', text: 'acoustic' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      frequency: 'instant',
      area,
      location: 'Barcelona',
      text: 'acoustic',
      contract: null,
    });
    const cleared = await t.api('PATCH', '/usr/job-alerts/me', { ...as('bold'), body: { location: null } });
    expect(cleared.json()).toMatchObject({ frequency: 'instant', area, location: null, text: 'acoustic' });
  });
});

describe('sending', () => {
  it('an offer the association publishes reaches the matching instant member once, however many runners', async () => {
    // gratis@demo.test: instant, but another area — gets nothing
    await t.api('PATCH', '/usr/job-alerts/me', { ...as('gratis'), body: { frequency: 'instant', area: otherArea } });
    const created = await t.api('POST', '/com/jobs', {
      ...as('company'),
      body: {
        title: TITLE,
        description: 'Acoustic design of concert halls and offices, with our engineers.',
        location: 'Barcelona',
        contract: 'INDEFINITE',
        area,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    offerHash = created.json().hash;
    expect(
      (await t.api('PATCH', `/adm/jobs/${offerHash}`, { ...as('admin'), body: { status: 'PUBLISHED' } })).statusCode,
    ).toBe(200);

    const now = new Date();
    const runners = [new TaskRunner(t.app.db), new TaskRunner(t.app.db)];
    for (const runner of runners) for (const task of jobAlertTasks(systemContext(t.app))) runner.register(task);
    await Promise.all(runners.map((runner) => runner.runDue(now)));
    await Promise.all([
      sendAlerts(systemContext(t.app), 'instant', now),
      sendAlerts(systemContext(t.app), 'instant', now),
    ]);
    await sendAlerts(systemContext(t.app), 'instant', new Date(now.getTime() + 60_000));

    const mails = await alertsTo('bold@demo.test');
    const withOffer = mails.filter((mail) => mail.body_text.includes(TITLE));
    expect(withOffer).toHaveLength(1);
    expect(withOffer[0]!.body_text).toContain('https://alumni.example/');
    expect((await alertsTo('gratis@demo.test')).filter((mail) => mail.body_text.includes(TITLE))).toHaveLength(0);
    const deliveries = await t.app.db
      .selectFrom('job_alert_deliveries')
      .selectAll()
      .where('job_hash', '=', offerHash)
      .execute();
    expect(deliveries.map((row) => row.user_hash)).toEqual([(await user('bold@demo.test')).hash]);
  });

  it('the weekly digest lists the week’s matching offers once, in the member’s language', async () => {
    await t.api('PATCH', '/usr/job-alerts/me', { ...as('gratis'), body: { frequency: 'weekly', area } });
    await t.app.db.updateTable('users').set({ language: 'ca' }).where('email', '=', 'gratis@demo.test').execute();
    const now = new Date();
    const earlier = (await alertsTo('gratis@demo.test')).length; // instant alerts of its former area
    expect(await sendAlerts(systemContext(t.app), 'weekly', now)).toBeGreaterThanOrEqual(1);
    expect(await sendAlerts(systemContext(t.app), 'weekly', new Date(now.getTime() + 7 * 86_400_000 - 1000))).toBe(0);
    const digests = (await alertsTo('gratis@demo.test')).slice(earlier);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.language).toBe('ca');
    expect(digests[0]!.body_text).toContain(TITLE);
    expect(digests[0]!.body_text).toContain('https://alumni.example/ca/treball/');
  });

  it('stops for a member who is no longer Bold or turned offers by e-mail off', async () => {
    const another = await t.api('POST', '/com/jobs', {
      ...as('company'),
      body: {
        title: `Second acoustic role ${stamp}`,
        description: 'More acoustic design for theatres and studios in Catalonia.',
        location: 'Girona',
        contract: 'INDEFINITE',
        area,
      },
    });
    await t.api('PATCH', `/adm/jobs/${another.json().hash}`, { ...as('admin'), body: { status: 'PUBLISHED' } });
    await t.app.db.updateTable('users').set({ role: 'REGULAR' }).where('email', '=', 'gratis@demo.test').execute();
    await t.app.db.updateTable('users').set({ is_receive_jobs: 0 }).where('email', '=', 'bold@demo.test').execute();
    const before = (await alertsTo('bold@demo.test')).length + (await alertsTo('gratis@demo.test')).length;
    await sendAlerts(systemContext(t.app), 'instant', new Date());
    await sendAlerts(systemContext(t.app), 'weekly', new Date());
    expect((await alertsTo('bold@demo.test')).length + (await alertsTo('gratis@demo.test')).length).toBe(before);
    await t.app.db.updateTable('users').set({ role: 'GRATIS' }).where('email', '=', 'gratis@demo.test').execute();
    await t.app.db.updateTable('users').set({ is_receive_jobs: 1 }).where('email', '=', 'bold@demo.test').execute();
  });
});

describe('one-click unsubscribe', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post in the delivered e-mail', async () => {
    const worker = new MailWorker({
      db: t.app.db,
      dialect: dialectOf(t.app.config.databaseUrl),
      smtpUrl: peer.url,
      from: 'Alumni <alumni@mail.test>',
    });
    await worker.runOnce();
    await worker.stop();
    const received = peer.received.find(
      (mail) =>
        (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address === 'bold@demo.test' &&
        (mail.text ?? '').includes(TITLE),
    );
    expect(received).toBeDefined();
    const header = (name: string) => received!.headerLines.find((line) => line.key === name)?.line ?? '';
    const token = unsubscribeToken(t.app.config.secretKey, 'jobs', (await user('bold@demo.test')).hash);
    expect(header('list-unsubscribe')).toContain(`<https://alumni.example/mail/unsubscribe/jobs/${token}>`);
    expect(header('list-unsubscribe-post')).toContain('List-Unsubscribe=One-Click');
    expect(received!.text).toContain(`/mail/unsubscribe/jobs/${token}`);
  });

  it('shows a page that changes nothing on GET, turns alerts off on POST without signing in, and refuses forged tokens', async () => {
    const bold = await user('bold@demo.test');
    const token = unsubscribeToken(t.app.config.secretKey, 'jobs', bold.hash);
    const page = await t.app.inject({ method: 'GET', url: `/mail/unsubscribe/jobs/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post">');
    expect((await user('bold@demo.test')).is_receive_jobs).toBe(1);

    const gratis = await user('gratis@demo.test');
    const forged = [
      `${gratis.hash}.${token.split('.')[1]}`,
      `${bold.hash}.${'A'.repeat(43)}`,
      `${bold.hash}`,
      'not-a-token-at-all',
      `${token}x`,
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const)
        expect(
          (await t.app.inject({ method, url: `/mail/unsubscribe/jobs/${encodeURIComponent(bad)}` })).statusCode,
          `${method} ${bad}`,
        ).toBe(404);
    }
    expect((await user('gratis@demo.test')).is_receive_jobs).toBe(1);

    const done = await t.app.inject({
      method: 'POST',
      url: `/mail/unsubscribe/jobs/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect((await user('bold@demo.test')).is_receive_jobs).toBe(0);
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/mail/unsubscribe/jobs/${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.body).toContain('<html lang="en">');
    const after = await t.api('GET', '/usr/job-alerts/me', as('bold'));
    expect(after.json().active).toBe(false);
  });
});
