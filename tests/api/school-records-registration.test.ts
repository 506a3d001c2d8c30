/**
 * Eligibility checked on registration (issue 28 §2): once the e-mail is confirmed, a registration whose document
 * number and surname match an eligible person of the school's records is validated on its own, with the usual
 * e-mail; the others wait in the queue, which says why. The office can turn it off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';

let t: TestApp;
let admin: Session;

const lastYear = new Date().getUTCFullYear() - 1;
const RECORDS = [
  'DNI;Nombre;Apellidos;Segundo apellido;Primer curso;Último curso;Tipo',
  `11111111H;Laia;Puig;Serra;${lastYear - 4};${lastYear - 1};alumna`,
  `22222222J;Pere;Vidal;;${lastYear - 2};;alumno`,
  `33333333P;Rosa;Nou;;${lastYear + 1};;estudiante`,
  '44444444A;Marc;Font;;;;personal',
].join('\n');

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
  const res = await uploadAs(t, '/adm/schoolRecords/import', admin, [
    { name: 'file', filename: 'records.csv', data: RECORDS },
  ]);
  expect(res.json().counts.add).toBe(4);
});
afterAll(() => t?.close());

let serial = 0;
async function register(document: string, surname1: string, surname2?: string, role = 'regular') {
  const email = `person.${++serial}@example.com`;
  const res = await t.api('POST', '/usr/register', {
    body: {
      name: 'Someone',
      surname1,
      ...(surname2 ? { surname2 } : {}),
      gender: 'female',
      birthdate: '14/03/1995',
      document_type: 'DNI',
      document_number: document,
      mobile: '+34 612 345 678',
      email,
      email_repeat: email,
      password: 'a long enough passphrase',
      password_repeat: 'a long enough passphrase',
      language: 'ca',
      role,
      profile_type: 'student',
      eligibility_basis: 'year_completed',
      is_conditions: true,
      is_privacy: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return email;
}

async function registerAndConfirm(document: string, surname1: string, surname2?: string, role = 'regular') {
  const email = await register(document, surname1, surname2, role);
  const mail = await t.app.db
    .selectFrom('email_outbox')
    .select('body_text')
    .where('to_address', '=', email)
    .where('template', '=', 'account.confirmEmail')
    .executeTakeFirstOrThrow();
  const token = /[?&]confirm=([A-Za-z0-9_-]{43})/.exec(mail.body_text)![1]!;
  const confirmed = await t.api('POST', '/usr/register/confirm', { body: { token } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const user = await t.app.db
    .selectFrom('users')
    .select(['hash', 'status', 'role'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const validatedMails = await t.app.db
    .selectFrom('email_outbox')
    .select('language')
    .where('to_address', '=', email)
    .where('template', '=', 'account.validated')
    .execute();
  const queued = await t.api('GET', `/adm/users/${user.hash}`, { token: admin.token });
  return { answer: confirmed.json(), user, validatedMails, queued: queued.json() };
}

describe('automatic validation on e-mail confirmation', () => {
  it('validates a match (document in lower case, surnames in any case and accents) with the usual e-mail', async () => {
    const { answer, user, validatedMails, queued } = await registerAndConfirm(' 11111111h', 'PUIG', 'Serra');
    expect(answer).toEqual({ ok: true, validated: true });
    expect(user.status).toBe('VALIDATED');
    expect(validatedMails).toEqual([{ language: 'ca' }]);
    expect(queued).toMatchObject({ registry_check: 'validated', eligibility_basis: 'year_completed' });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['admin_hash', 'action'])
      .where('target_hash', '=', user.hash)
      .execute();
    expect(audit).toEqual([{ admin_hash: 'system', action: expect.stringMatching(/validated/i) }]);
  });

  it('staff match; a Bold registration starts its free period as when an administrator validates', async () => {
    const { user } = await registerAndConfirm('44444444A', 'Font', undefined, 'bold');
    expect(user).toMatchObject({ status: 'VALIDATED', role: 'GRATIS' });
  });

  it('a near match (same document, other surname) waits in the queue, which says why', async () => {
    const { answer, user, validatedMails, queued } = await registerAndConfirm('22222222J', 'Vidalet');
    expect(answer).toEqual({ ok: true });
    expect(user.status).toBe('PENDING');
    expect(validatedMails).toHaveLength(0);
    expect(queued.registry_check).toBe('nearMatch');
    const list = await t.api('GET', '/adm/users?status=PENDING&text=vidalet', { token: admin.token });
    expect(list.json().items).toHaveLength(1);
    expect(list.json().items[0]).toMatchObject({ registry_check: 'nearMatch', eligibility_basis: 'year_completed' });
  });

  it('no match, and a match without a completed academic year, wait in the queue', async () => {
    const none = await registerAndConfirm('99999999R', 'Puig');
    expect([none.user.status, none.queued.registry_check]).toEqual(['PENDING', 'noMatch']);
    const young = await registerAndConfirm('33333333P', 'Nou');
    expect([young.user.status, young.queued.registry_check, young.validatedMails.length]).toEqual([
      'PENDING',
      'notEligible',
      0,
    ]);
  });

  it('the office turns it off in the settings: a match then waits too; on again, it validates', async () => {
    const settings = (await t.api('GET', '/adm/settings/site', { token: admin.token })).json();
    expect(settings.autoValidation).toBe(true);
    const off = await t.api('PATCH', '/adm/settings/site', {
      token: admin.token,
      body: { ...settings, autoValidation: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().autoValidation).toBe(false);
    // a PATCH that leaves it out keeps it
    const { autoValidation: _left, ...rest } = settings;
    expect((await t.api('PATCH', '/adm/settings/site', { token: admin.token, body: rest })).json().autoValidation).toBe(
      false,
    );
    const waiting = await registerAndConfirm('11111111H', 'Puig');
    expect([waiting.user.status, waiting.queued.registry_check, waiting.validatedMails.length]).toEqual([
      'PENDING',
      'off',
      0,
    ]);
    await t.api('PATCH', '/adm/settings/site', { token: admin.token, body: { ...settings, autoValidation: true } });
    expect((await registerAndConfirm('44444444A', 'Font')).user.status).toBe('VALIDATED');
  });
});

describe('an import of the records re-checks the queue', () => {
  it('validates the confirmed registrations the new records make eligible, with the usual e-mail, and says how many', async () => {
    const roca = await registerAndConfirm('55555555K', 'Roca');
    expect([roca.user.status, roca.queued.registry_check]).toEqual(['PENDING', 'noMatch']);
    const unconfirmed = await register('66666666Q', 'Mas');
    const waiting = await t.app.db
      .selectFrom('users')
      .select(['hash', 'email', 'surname1', 'data'])
      .where('status', '=', 'PENDING')
      .orderBy('surname1')
      .execute();
    // two Puig wait: 99999999R (no match) and 11111111H (left waiting while automatic validation was off)
    const bySurname = (surname: string) =>
      waiting.find((row) => row.surname1 === surname && !row.data.includes('99999999R'))!;
    // Nou (no year completed yet), Puig (left waiting while automatic validation was off), Vidalet (near match)
    expect(waiting.map((row) => row.surname1)).toEqual(
      expect.arrayContaining(['Mas', 'Nou', 'Puig', 'Roca', 'Vidalet']),
    );
    const records = [
      'DNI;Nombre;Apellidos;Primer curso;Último curso;Tipo',
      `55555555K;Jana;Roca;${lastYear - 3};${lastYear - 1};alumna`,
      `66666666Q;Pau;Mas;${lastYear - 3};${lastYear - 1};alumno`,
      `33333333P;Rosa;Nou;${lastYear - 2};;estudiante`,
    ].join('\n');
    const file = [{ name: 'file', filename: 'more.csv', data: records }];
    const preview = await uploadAs(t, '/adm/schoolRecords/preview', admin, file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().validated).toBeUndefined();
    const statusOf = async (email: string) =>
      (await t.app.db.selectFrom('users').select('status').where('email', '=', email).executeTakeFirstOrThrow()).status;
    expect(await statusOf(bySurname('Roca').email)).toBe('PENDING');

    const imported = await uploadAs(t, '/adm/schoolRecords/import', admin, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ written: true, validated: 3 });
    const validated = ['Nou', 'Puig', 'Roca'].map((surname) => bySurname(surname).email);
    for (const email of validated) expect(await statusOf(email)).toBe('VALIDATED');
    expect(await statusOf(bySurname('Vidalet').email)).toBe('PENDING');
    expect(await statusOf(unconfirmed)).toBe('PENDING'); // its address is not proven yet: checked when it is confirmed
    const mails = await t.app.db
      .selectFrom('email_outbox')
      .select('to_address')
      .where('template', '=', 'account.validated')
      .where('to_address', 'in', [...validated, unconfirmed, bySurname('Vidalet').email])
      .execute();
    expect(mails.map((row) => row.to_address).sort()).toEqual([...validated].sort());
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('admin_hash')
      .where(
        'target_hash',
        'in',
        validated.map((email) => waiting.find((row) => row.email === email)!.hash),
      )
      .execute();
    expect(audit).toEqual([{ admin_hash: 'system' }, { admin_hash: 'system' }, { admin_hash: 'system' }]);

    const again = await uploadAs(t, '/adm/schoolRecords/import', admin, file);
    expect(again.json()).toMatchObject({ counts: { unchanged: 3 }, validated: 0 });
  });
});
