/**
 * The member's profile, settings and bank account (issue 8 §7–§8, DESIGN §4b): PATCH /usr/users and
 * GET /usr/users/me, for every role; what is refused; what lists and counts show at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
const as: Record<string, Session> = {};
beforeAll(async () => {
  t = await startTestApp();
  for (const email of ['regular@demo.test', 'bold@demo.test', 'gratis@demo.test']) as[email] = await t.login(email);
  as['company'] = await t.login('company@demo.test', 'com');
  as['admin'] = await t.login('admin@demo.test', 'adm');
});
afterAll(async () => t?.close());

const row = (email: string) =>
  t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const me = async (who: string) => (await t.api('GET', '/usr/users/me', as[who])).json();
const patch = (who: string, body: unknown) => t.api('PATCH', '/usr/users', { ...as[who], body });

describe('who may call', () => {
  it('answers 401 to anonymous and 403 to companies and administrators on every profile route', async () => {
    const routes: Array<['GET' | 'PATCH' | 'POST', string, unknown]> = [
      ['GET', '/usr/users/me', undefined],
      ['PATCH', '/usr/users', { city: 'Girona' }],
      ['PATCH', '/usr/users/me', { city: 'Girona' }],
      [
        'POST',
        '/usr/users/password',
        { old_password: 'demo-password', password: 'another-password-1', password_repeat: 'another-password-1' },
      ],
      ['POST', '/usr/users/email', { email: 'x@example.com', password: 'demo-password' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await t.api(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await t.api(method, url, { ...as['company'], body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.api(method, url, { ...as['admin'], body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await row('regular@demo.test')).city).not.toBe('Girona');
  });
});

describe('PATCH /usr/users', () => {
  it('stores columns and data fields, merges data, returns them from /usr/users/me and leaves other members alone', async () => {
    const other = await row('bold@demo.test');
    const before = await row('regular@demo.test');
    const res = await patch('regular@demo.test', {
      city: 'Vic',
      current_job: 'Diseñadora de interacción',
      formation: 'Máster UX',
      url_behance: 'https://www.behance.net/ana',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      city: 'Vic',
      formation: 'Máster UX',
      url_behance: 'https://www.behance.net/ana',
    });
    // the same handler under /usr/users/me, the id the web's Refine form reads and writes
    expect(
      (await t.api('PATCH', '/usr/users/me', { ...as['regular@demo.test'], body: { about_me: 'Hola' } })).statusCode,
    ).toBe(200);
    const body = await me('regular@demo.test');
    expect(body).toMatchObject({
      city: 'Vic',
      current_job: 'Diseñadora de interacción',
      formation: 'Máster UX',
      about_me: 'Hola',
      url_behance: 'https://www.behance.net/ana',
    });
    const after = await row('regular@demo.test');
    expect(after.city).toBe('Vic');
    const data = JSON.parse(after.data);
    expect(data).toMatchObject({
      formation: 'Máster UX',
      about_me: 'Hola',
      document_number: JSON.parse(before.data).document_number,
    });
    expect(data).not.toHaveProperty('city');
    expect(after.search_text).toContain('disenadora de interaccion');
    expect(await row('bold@demo.test')).toEqual(other);
    const found = (await t.api('GET', '/api/users?text=disenadora%20de%20interaccion', as['company'])).json();
    expect(after.is_appear_by_company).toBe(1);
    expect(found.items.map((u: { hash: string }) => u.hash)).toContain(after.hash);
  });

  it('refuses role, status, email, password, read-only and unknown fields with a 400 naming the field, changing nothing', async () => {
    const before = await row('regular@demo.test');
    for (const field of [
      'role',
      'status',
      'email',
      'password',
      'photo',
      'cv',
      'code_numeric',
      'hash',
      'profile_complete',
      'hobby',
    ]) {
      const res = await patch('regular@demo.test', { city: 'Manresa', [field]: field === 'role' ? 'BOLD' : 'x' });
      expect(res.statusCode, field).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    for (const [field, value] of [
      ['birthdate', '31/02/1990'],
      ['url_linkedin', 'javascript:alert(1)'],
      ['gender', 'robot'],
      ['name', ''],
      ['graduation_year', 1800],
      ['city', 'x'.repeat(101)],
      ['category', 'nope'],
      ['area', ['nope']],
    ] as const) {
      const res = await patch('regular@demo.test', { [field]: value });
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    expect((await patch('regular@demo.test', {})).statusCode).toBe(400);
    expect(await row('regular@demo.test')).toEqual(before);
  });

  it('computes profile_level from the schema weights, with the next step, and keeps profile_complete in step', async () => {
    const start = await me('gratis@demo.test');
    expect(start.profile_level).toBeGreaterThanOrEqual(0);
    expect(start.profile_level).toBeLessThan(100);
    expect(start.next_step).toEqual({ field: 'cv', percent: 15 });
    const cleared = (await patch('gratis@demo.test', { phone: null, about_me: null, formation: null })).json();
    expect(cleared.profile_complete).toBe(false);
    expect(cleared.missing).toContain('phone');
    expect((await row('gratis@demo.test')).profile_complete).toBe(0);
    const tags = await t.app.db.selectFrom('tags').select(['hash', 'group']).where('type', '=', 'USER').execute();
    const area = tags
      .filter((tag) => tag.group === 'area')
      .slice(0, 2)
      .map((tag) => tag.hash);
    expect(area).toHaveLength(2);
    const filled = (
      await patch('gratis@demo.test', {
        phone: '+34 612 345 678',
        about_me: 'Diseño de producto',
        formation: 'Grado',
        area,
      })
    ).json();
    expect(filled.profile_complete).toBe(true);
    expect(filled.area).toEqual([...area].sort());
    expect(filled.profile_level).toBeGreaterThan(cleared.profile_level);
    expect((await row('gratis@demo.test')).profile_complete).toBe(1);
    const directory = (await t.api('GET', `/api/users?tags=${area[0]}&size=100`, as['bold@demo.test'])).json();
    expect(directory.items.map((u: { hash: string }) => u.hash)).toContain((await row('gratis@demo.test')).hash);
  });
});

describe('settings', () => {
  it('lets only Bold and GRATIS members receive job offers by e-mail (418 for Regular)', async () => {
    const res = await patch('regular@demo.test', { is_receive_jobs: true, language: 'ca' });
    expect(res.statusCode).toBe(418);
    expect(res.json().code).toBe('auth.upgradeRequired');
    expect((await row('regular@demo.test')).language).not.toBe('ca');
    expect((await patch('regular@demo.test', { is_receive_jobs: false })).statusCode).toBe(200);
    const bold = (
      await patch('bold@demo.test', { is_receive_jobs: true, is_newsletter: false, language: 'ca' })
    ).json();
    expect(bold).toMatchObject({ is_receive_jobs: true, is_newsletter: false, language: 'ca' });
    expect((await patch('gratis@demo.test', { is_receive_jobs: true })).json().is_receive_jobs).toBe(true);
  });

  it('applies the privacy flags at once to the directory, its details and the country counts', async () => {
    const user = await row('bold@demo.test');
    const count = async (who: string) => (await t.api('GET', '/api/users?size=1', as[who])).json().total;
    const country = async (who: string) =>
      (await t.api('GET', '/api/countries', as[who])).json().find((c: { hash: string }) => c.hash === user.country_code)
        ?.num_users ?? 0;
    const [members, companies, inCountry] = [
      await count('regular@demo.test'),
      await count('company'),
      await country('regular@demo.test'),
    ];
    expect((await patch('bold@demo.test', { is_appear_by_user: false })).statusCode).toBe(200);
    expect(await count('regular@demo.test')).toBe(members - 1);
    expect(await count('company')).toBe(companies);
    expect(await country('regular@demo.test')).toBe(inCountry - 1);
    expect((await t.api('GET', `/api/users/${user.hash}`, as['regular@demo.test'])).statusCode).toBe(404);
    expect((await patch('bold@demo.test', { is_appear_by_user: true, is_appear_by_company: false })).statusCode).toBe(
      200,
    );
    expect(await count('regular@demo.test')).toBe(members);
    expect(await count('company')).toBe(companies - 1);
    expect((await t.api('GET', `/api/users/${user.hash}`, as['company'])).statusCode).toBe(404);
    expect((await patch('bold@demo.test', { is_appear_by_company: true })).statusCode).toBe(200);
  });
});

describe('bank account', () => {
  it('validates the IBAN, stores it normalised, shows it masked to its owner only and never in public answers', async () => {
    for (const iban of ['ES9121000418450200051333', 'ES91', '2100041845020005133212']) {
      const res = await patch('gratis@demo.test', { payment: { bank: 'CaixaBank', name: 'Ana Pérez', iban } });
      expect(res.statusCode, iban).toBe(400);
      expect(res.json().errors[0].field).toBe('payment.iban');
    }
    expect(
      (await patch('gratis@demo.test', { payment: { bank: 'CaixaBank', iban: 'ES9121000418450200051332' } }))
        .statusCode,
    ).toBe(400);
    expect((await me('gratis@demo.test')).payment).toBeNull();
    const res = await patch('gratis@demo.test', {
      payment: { bank: 'CaixaBank', name: 'Ana Pérez', iban: 'es91 2100 0418 4502 0005 1332' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { bank: 'CaixaBank', name: 'Ana Pérez', iban: 'ES91 **** **** **** **** 1332' };
    expect(res.json()).toMatchObject({ has_iban: true, payment: expected });
    expect((await me('gratis@demo.test')).payment).toEqual(expected);
    const user = await row('gratis@demo.test');
    expect(user.iban).toBe('ES9121000418450200051332');
    for (const who of ['regular@demo.test', 'bold@demo.test', 'company']) {
      for (const url of [`/api/users/${user.hash}`, `/api/users?size=100&text=${encodeURIComponent(user.surname1)}`]) {
        const body = (await t.api('GET', url, as[who])).body;
        expect(body, `${who} ${url}`).not.toMatch(/1332|CaixaBank|payment|iban/i);
      }
    }
    const session = await t.api('POST', '/usr/login', {
      body: {
        email: 'gratis@demo.test',
        password: 'demo-password',
        deviceId: 'otherdevice0123',
        deviceType: 2,
        push: null,
      },
    });
    expect(session.body).not.toMatch(/1332|CaixaBank/);
  });
});
