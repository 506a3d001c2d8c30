/**
 * The candidates of a company's offer (issue 11 §7): who may read and move them, another company's offer or
 * applicant (404), filters, the CV link and contact details only where allowed, status changes e-mailed to the
 * member and seen in their applications, a withdrawn application frozen, bulk, and the CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { outboxFor } from '../helpers/admin';

let t: TestApp;
let company: Session;
let admin: Session;
let bold: Session;
let job = '';
let otherJob = '';
const applicants: Record<string, { hash: string; user: string; email: string }> = {};

beforeAll(async () => {
  t = await startTestApp();
  company = await t.login('company@demo.test', 'com');
  admin = await t.login('admin@demo.test', 'adm');
  bold = await t.login('bold@demo.test', 'usr');
  const db = t.app.db;
  const mine = (
    await db.selectFrom('companies').select('hash').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow()
  ).hash;
  job = (
    await db
      .selectFrom('jobs')
      .select('hash')
      .where('company_hash', '=', mine)
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow()
  ).hash;
  otherJob = (await db.selectFrom('jobs').select('hash').where('company_hash', '!=', mine).executeTakeFirstOrThrow())
    .hash;
  await db.deleteFrom('applicants').where('job_hash', '=', job).execute();
  const users = await db
    .selectFrom('users')
    .select(['hash', 'email'])
    .where('status', '=', 'VALIDATED')
    .where('cv_file', 'is not', null)
    .where('email', 'not like', '%@demo.test')
    .orderBy('hash')
    .limit(4)
    .execute();
  const statuses = ['PENDING', 'PENDING', 'ACCEPTED', 'WITHDRAWN'];
  for (const [i, user] of users.entries()) {
    const hash = `cand${i}${job}`.slice(0, 32);
    const at = new Date(Date.UTC(2026, 9, 1 + i)).toISOString();
    await db
      .insertInto('applicants')
      .values({ hash, job_hash: job, user_hash: user.hash, status: statuses[i]!, created_at: at, updated_at: at })
      .execute();
    applicants[`${statuses[i]}${i}`] = { hash, user: user.hash, email: user.email };
  }
});
afterAll(async () => t?.close());

const asCompany = (method: 'GET' | 'PATCH', url: string, body?: unknown, language = 'en') =>
  t.api(method, url, { ...company, body, language });
type Item = {
  hash: string;
  status: string;
  cv: string | null;
  contact: { email: string } | null;
  member: { name: string | null; former: boolean };
};

describe('who may see the candidates', () => {
  it('answers 401 to a visitor, 403 to a member and an administrator, 404 for another company’s offer or applicant', async () => {
    expect((await t.api('GET', `/com/jobs/${job}/users`)).statusCode).toBe(401);
    expect((await t.api('GET', `/com/jobs/${job}/users`, { ...bold })).statusCode).toBe(403);
    expect((await t.api('GET', `/com/jobs/${job}/users`, { ...admin })).statusCode).toBe(403);
    expect(
      (
        await t.api('PATCH', `/com/jobs/${job}/users/${applicants['PENDING0']!.hash}`, {
          ...bold,
          body: { status: 'ACCEPTED' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await asCompany('GET', `/com/jobs/${otherJob}/users`)).statusCode).toBe(404);
    expect((await asCompany('GET', `/com/jobs/${otherJob}/users/export`)).statusCode).toBe(404);
    // an applicant of this company's offer reached through another company's offer
    expect(
      (await asCompany('PATCH', `/com/jobs/${otherJob}/users/${applicants['PENDING0']!.hash}`, { status: 'ACCEPTED' }))
        .statusCode,
    ).toBe(404);
    const other = await t.app.db
      .selectFrom('applicants')
      .select('hash')
      .where('job_hash', '!=', job)
      .executeTakeFirst();
    if (other)
      expect(
        (await asCompany('PATCH', `/com/jobs/${job}/users/${other.hash}`, { status: 'ACCEPTED' })).statusCode,
      ).toBe(404);
  });
});

describe('the list', () => {
  it('lists newest first with the CV while the application stands and the contact only once accepted', async () => {
    const res = await asCompany('GET', `/com/jobs/${job}/users`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Item[];
    expect(items.map((i) => i.status)).toEqual(['WITHDRAWN', 'ACCEPTED', 'PENDING', 'PENDING']);
    const by = (status: string) => items.find((i) => i.status === status)!;
    expect(by('PENDING').cv).toMatch(/^\/files\/.+\?exp=\d+&by=company\.[a-z0-9]+&sig=[\w-]{43}$/);
    expect(by('WITHDRAWN').cv).toBeNull();
    expect(by('PENDING').contact).toBeNull();
    expect(by('ACCEPTED').contact?.email).toBe(applicants['ACCEPTED2']!.email);
    const cv = await t.api('GET', by('PENDING').cv!, { apiKey: null, language: null });
    expect(cv.statusCode).toBe(200);
  });

  it('filters by status and text, and refuses odd filters', async () => {
    const pending = (await asCompany('GET', `/com/jobs/${job}/users?status=PENDING`)).json();
    expect(pending.total).toBe(2);
    const name = (
      await t.app.db
        .selectFrom('users')
        .select('surname1')
        .where('hash', '=', applicants['ACCEPTED2']!.user)
        .executeTakeFirstOrThrow()
    ).surname1;
    const found = (await asCompany('GET', `/com/jobs/${job}/users?text=${encodeURIComponent(name)}`)).json()
      .items as Item[];
    expect(found.some((i) => i.hash === applicants['ACCEPTED2']!.hash)).toBe(true);
    for (const query of ['status=HIRED', 'tags=a,,b', 'category=../x', 'size=1000', 'salary=1'])
      expect((await asCompany('GET', `/com/jobs/${job}/users?${query}`)).statusCode, query).toBe(400);
  });
});

describe('moving a candidate', () => {
  it('accepts one: the member is e-mailed in their language and sees it in their applications', async () => {
    const target = applicants['PENDING0']!;
    const res = await asCompany('PATCH', `/com/jobs/${job}/users/${target.hash}`, { status: 'ACCEPTED' });
    expect(res.statusCode, res.body).toBe(200);
    const language = (
      await t.app.db.selectFrom('users').select('language').where('hash', '=', target.user).executeTakeFirstOrThrow()
    ).language;
    const mail = (await outboxFor(t, target.email)).filter((m) => m.template === 'application.status');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.language).toBe(language);
    expect(mail[0]!.body_text).toContain({ es: 'en proceso', en: 'in process', ca: 'en procés' }[language as 'es']);
    // the same move again: nothing more is sent
    expect((await asCompany('PATCH', `/com/jobs/${job}/users/${target.hash}`, { status: 'ACCEPTED' })).statusCode).toBe(
      200,
    );
    expect((await outboxFor(t, target.email)).filter((m) => m.template === 'application.status')).toHaveLength(1);
    const row = await t.app.db
      .selectFrom('applicants')
      .select('status')
      .where('hash', '=', target.hash)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ACCEPTED');
  });

  it('cannot move a withdrawn application, and refuses other statuses', async () => {
    const withdrawn = applicants['WITHDRAWN3']!;
    const res = await asCompany('PATCH', `/com/jobs/${job}/users/${withdrawn.hash}`, { status: 'ACCEPTED' }, 'es');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('La persona ha retirado su candidatura: ya no se puede cambiar.');
    for (const status of ['WITHDRAWN', 'HIRED', ''])
      expect(
        (await asCompany('PATCH', `/com/jobs/${job}/users/${applicants['PENDING1']!.hash}`, { status })).statusCode,
        status,
      ).toBe(400);
  });

  it('moves several at once, answering per application', async () => {
    const res = await asCompany('PATCH', `/com/jobs/${job}/users`, {
      hashes: [applicants['PENDING1']!.hash, applicants['WITHDRAWN3']!.hash, 'nosuch'],
      status: 'CANCELLED',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { statusCode: number }) => r.statusCode)).toEqual([200, 409, 404]);
  });
});

describe('the export', () => {
  it('is the filtered rows as CSV in the company’s language, with contact details only for accepted candidates', async () => {
    const res = await asCompany('GET', `/com/jobs/${job}/users/export?status=ACCEPTED`, undefined, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+-candidaturas\.csv"$/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Nombre,Apellidos,Estudios,Promoción,Trabajo actual,Ciudad,Fecha de inscripción,Estado,Correo electrónico,Teléfono',
    );
    expect(lines).toHaveLength(3); // two accepted
    expect(lines.slice(1).every((line) => line.includes('en proceso') && line.includes('@'))).toBe(true);
  });

  it('writes a cell that looks like a formula as text', async () => {
    const target = applicants['ACCEPTED2']!;
    await t.app.db
      .updateTable('users')
      .set({ current_job: '=HYPERLINK("http://evil.test")' })
      .where('hash', '=', target.user)
      .execute();
    const res = await asCompany('GET', `/com/jobs/${job}/users/export?status=ACCEPTED`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(res.body).not.toMatch(/,=HYPERLINK/);
  });
});
