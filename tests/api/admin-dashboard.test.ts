/**
 * The association's dashboard (issue 14 §6): GET /adm/dashboard. Who may read it (route × role, odd spellings of the
 * path, an ended session), figures equal to the rows of the database read independently, figures that move when a
 * member or a company registers, an offer is posted, a member applies or withdraws, a member is validated, and
 * companies close offers with the survey; the month boundary of "the last 12 months"; an empty survey.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMonths } from '../../src/server/modules/admin/dashboard/service';
import type { AdminDashboard } from '../../src/shared/schema-types';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { makeMember } from '../helpers/admin';

let t: TestApp;
let admin: Session;
let company: Session;
let bold: Session;
const NON_ADMINS = [
  ['regular@demo.test', 'usr'],
  ['bold@demo.test', 'usr'],
  ['gratis@demo.test', 'usr'],
  ['company@demo.test', 'com'],
] as const;
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin@demo.test', 'adm');
  for (const [email, kind] of NON_ADMINS) sessions[email] = await t.login(email, kind);
  company = sessions['company@demo.test']!;
  bold = sessions['bold@demo.test']!;
});
afterAll(async () => t?.close());

const URL = '/adm/dashboard';

async function dashboard(): Promise<AdminDashboard> {
  const res = await t.api('GET', URL, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const tally = (values: string[]) =>
  values.reduce<Record<string, number>>((out, value) => ({ ...out, [value]: (out[value] ?? 0) + 1 }), {});
const asMap = (rows: Array<{ status: string; count: number }>) =>
  Object.fromEntries(rows.map((row) => [row.status, row.count]));
const cell = (d: AdminDashboard, role: string, status: string) =>
  d.members.find((m) => m.role === role && m.status === status)?.count;
const thisMonth = () => new Date().toISOString().slice(0, 7);
const monthOf = (d: AdminDashboard, month: string) => d.registrations.find((r) => r.month === month);

/** A fresh PENDING offer of company@demo.test, made through the API, then published directly; its hash and slug. */
async function publishedOffer(title: string) {
  const res = await t.api('POST', '/com/jobs', {
    ...company,
    body: {
      title,
      description: 'Design the next line of lamps with our engineering team in Barcelona.',
      location: 'Barcelona',
      contract: 'INDEFINITE',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const hash = res.json().hash as string;
  const at = new Date(Date.now() - 60_000).toISOString();
  await t.app.db
    .updateTable('jobs')
    .set({ status: 'PUBLISHED', published_at: at, updated_at: at })
    .where('hash', '=', hash)
    .execute();
  const { slug } = await t.app.db.selectFrom('jobs').select('slug').where('hash', '=', hash).executeTakeFirstOrThrow();
  return { hash, slug };
}

describe('who may read the dashboard', () => {
  it('answers 401 to a visitor and 403 to Regular, Bold and GRATIS members and to a company, however the path is spelled', async () => {
    for (const url of [URL, '/adm/%64ashboard', '/adm/dashboard/', '/adm/dashboard?months=1']) {
      expect((await t.api('GET', url)).statusCode, `${url} anonymous`).toBe(401);
      for (const [email] of NON_ADMINS) {
        const res = await t.api('GET', url, sessions[email]);
        expect(res.statusCode, `${url} ${email}`).toBe(403);
        expect(res.body).not.toContain('registrations');
      }
    }
    for (const url of ['/ADM/dashboard', '//adm/dashboard', '/adm/Dashboard', '/adm//dashboard']) {
      const anonymous = await t.api('GET', url);
      expect([401, 404], `${url} anonymous → ${anonymous.statusCode}`).toContain(anonymous.statusCode);
      for (const [email] of NON_ADMINS) {
        const res = await t.api('GET', url, sessions[email]);
        expect([403, 404], `${url} ${email} → ${res.statusCode}`).toContain(res.statusCode);
        expect(res.body).not.toContain('registrations');
      }
    }
    expect((await t.api('GET', URL, { ...admin, apiKey: null })).statusCode).toBe(401);
    expect((await t.api('GET', URL, admin)).statusCode).toBe(200);
    expect((await t.api('GET', '/adm/%64ashboard', admin)).statusCode).toBe(200);
  });

  it('answers 401 once the administrator has signed out', async () => {
    const session = await t.login('admin@demo.test', 'adm');
    expect((await t.api('GET', URL, session)).statusCode).toBe(200);
    expect((await t.api('GET', '/adm/logout', session)).statusCode).toBeLessThan(300);
    expect((await t.api('GET', URL, session)).statusCode).toBe(401);
  });

  it('is never stored by a cache and says nothing personal', async () => {
    const res = await t.api('GET', URL, admin);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).not.toMatch(/@demo\.test|password|iban/i);
  });
});

describe('the figures', () => {
  it('equal the rows of the database, read one by one', async () => {
    const d = await dashboard();
    const db = t.app.db;
    const users = await db.selectFrom('users').select(['role', 'status', 'created_at']).execute();
    expect(users.length).toBeGreaterThan(100);
    const byPair = tally(users.map((u) => `${u.role}/${u.status}`));
    expect(d.members.length).toBe(15);
    for (const m of d.members) expect(m.count, `${m.role}/${m.status}`).toBe(byPair[`${m.role}/${m.status}`] ?? 0);
    expect(d.members.reduce((sum, m) => sum + m.count, 0)).toBe(users.length);
    expect(d.members.map((m) => m.role).slice(0, 5)).toEqual(['REGULAR', 'REGULAR', 'REGULAR', 'REGULAR', 'REGULAR']);
    expect(d.membership.map((m) => m.role)).toEqual(['REGULAR', 'BOLD', 'GRATIS']);
    for (const m of d.membership) expect(m.count, m.role).toBe(byPair[`${m.role}/VALIDATED`] ?? 0);
    expect(d.membership.every((m) => m.count > 0)).toBe(true);

    const months = d.registrations.map((r) => r.month);
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toBe(thisMonth());
    expect(new Set(months).size).toBe(12);
    expect([...months].sort()).toEqual(months);
    const since = `${months[0]}-01T00:00:00.000Z`;
    const companies = await db.selectFrom('companies').select('created_at').execute();
    const members = tally(users.filter((u) => u.created_at >= since).map((u) => u.created_at.slice(0, 7)));
    const firms = tally(companies.filter((c) => c.created_at >= since).map((c) => c.created_at.slice(0, 7)));
    for (const r of d.registrations) {
      expect(r.members, r.month).toBe(members[r.month] ?? 0);
      expect(r.companies, r.month).toBe(firms[r.month] ?? 0);
    }
    expect(d.registrations.reduce((sum, r) => sum + r.members, 0)).toBeGreaterThan(0);

    const jobs = tally((await db.selectFrom('jobs').select('status').execute()).map((j) => j.status));
    expect(d.offers.map((o) => o.status)).toEqual(['PENDING', 'PUBLISHED', 'UNPUBLISHED', 'REJECTED', 'CLOSED']);
    for (const o of d.offers) expect(o.count, o.status).toBe(jobs[o.status] ?? 0);
    expect(d.offers.find((o) => o.status === 'PUBLISHED')!.count).toBeGreaterThan(0);

    const applications = tally((await db.selectFrom('applicants').select('status').execute()).map((a) => a.status));
    expect(d.applications.map((a) => a.status)).toEqual(['PENDING', 'ACCEPTED', 'CANCELLED', 'WITHDRAWN']);
    for (const a of d.applications) expect(a.count, a.status).toBe(applications[a.status] ?? 0);

    const feedback = await db.selectFrom('company_feedback').selectAll().execute();
    expect(feedback.length).toBeGreaterThan(0);
    const avg = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    expect(d.survey.responses).toBe(feedback.length);
    expect(d.survey.rating_jobbank).toBe(avg(feedback.map((f) => f.rating_bank)));
    expect(d.survey.rating_candidates).toBe(avg(feedback.map((f) => f.rating_candidates)));
    const named = (f: (typeof feedback)[number]) => f.hired_applicants !== null || f.hired_user_hash !== null;
    expect(d.survey.hired).toEqual({
      applicant: feedback.filter((f) => f.hired && named(f)).length,
      other: feedback.filter((f) => f.hired && !named(f)).length,
      none: feedback.filter((f) => !f.hired).length,
    });
    expect(d.survey.ratings.map((r) => r.score)).toEqual([1, 2, 3, 4, 5]);
    for (const r of d.survey.ratings) {
      expect(r.jobbank, `job bank ${r.score}`).toBe(feedback.filter((f) => f.rating_bank === r.score).length);
      expect(r.candidates, `candidates ${r.score}`).toBe(
        feedback.filter((f) => f.rating_candidates === r.score).length,
      );
    }
  });

  it('move by one when a member and a company register, an offer is posted, a member applies, withdraws and is validated', async () => {
    const before = await dashboard();
    const member = await makeMember(t, { requested: 'REGULAR' });
    const stamp = Date.now().toString(36);
    const registered = await t.api('POST', '/com/register', {
      body: {
        company_name: 'Taller Nord SL',
        document_number_company: 'B12345674',
        contact_name: 'Marta Puig',
        email: `rrhh.${stamp}@tallernord.example`,
        password: 'a-long-password',
        password_repeat: 'a-long-password',
        language: 'ca',
        is_conditions: true,
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const posted = await t.api('POST', '/com/jobs', {
      ...company,
      body: {
        title: `Lighting designer ${stamp}`,
        description: 'Design the lighting of museums and theatres with our team in Girona.',
        location: 'Girona',
        contract: 'INDEFINITE',
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);

    const mid = await dashboard();
    const month = thisMonth();
    expect(cell(mid, 'REGULAR', 'PENDING')).toBe(cell(before, 'REGULAR', 'PENDING')! + 1);
    expect(monthOf(mid, month)).toEqual({
      month,
      members: monthOf(before, month)!.members + 1,
      companies: monthOf(before, month)!.companies + 1,
    });
    expect(asMap(mid.offers)).toEqual({ ...asMap(before.offers), PENDING: asMap(before.offers)['PENDING']! + 1 });
    expect(mid.membership).toEqual(before.membership);
    expect(mid.applications).toEqual(before.applications);

    const offer = await publishedOffer(`Furniture designer ${stamp}`);
    expect((await t.api('PATCH', `/api/jobs/${offer.slug}/subscribe`, bold)).statusCode).toBe(200);
    const applied = await dashboard();
    expect(asMap(applied.applications)).toEqual({
      ...asMap(mid.applications),
      PENDING: asMap(mid.applications)['PENDING']! + 1,
    });
    expect(asMap(applied.offers)).toEqual({ ...asMap(mid.offers), PUBLISHED: asMap(mid.offers)['PUBLISHED']! + 1 });
    expect((await t.api('PATCH', `/api/jobs/${offer.slug}/subscribe`, bold)).statusCode).toBe(200);
    const withdrawn = await dashboard();
    expect(asMap(withdrawn.applications)).toEqual({
      ...asMap(mid.applications),
      WITHDRAWN: asMap(mid.applications)['WITHDRAWN']! + 1,
    });

    expect(
      (await t.api('PATCH', `/adm/users/${member.hash}`, { ...admin, body: { status: 'VALIDATED' } })).statusCode,
    ).toBe(200);
    const after = await dashboard();
    expect(cell(after, 'REGULAR', 'PENDING')).toBe(cell(before, 'REGULAR', 'PENDING'));
    expect(cell(after, 'REGULAR', 'VALIDATED')).toBe(cell(before, 'REGULAR', 'VALIDATED')! + 1);
    expect(after.membership).toEqual(
      before.membership.map((m) => (m.role === 'REGULAR' ? { ...m, count: m.count + 1 } : m)),
    );
    expect(after.survey).toEqual(before.survey);
  });

  it('count the survey of offers closed by companies: ratings and whom they hired', async () => {
    const before = await dashboard();
    const stamp = Date.now().toString(36);
    const [hiredOurs, hiredOther, hiredAnother, hiredNobody] = [
      await publishedOffer(`Product designer A ${stamp}`),
      await publishedOffer(`Product designer B ${stamp}`),
      await publishedOffer(`Product designer C ${stamp}`),
      await publishedOffer(`Product designer D ${stamp}`),
    ];
    expect((await t.api('PATCH', `/api/jobs/${hiredOurs.slug}/subscribe`, bold)).statusCode).toBe(200);
    const candidates = (await t.api('GET', `/com/jobs/${hiredOurs.hash}/users`, company)).json().items as Array<{
      hash: string;
    }>;
    expect(candidates).toHaveLength(1);
    const close = async (hash: string, survey: Record<string, unknown>) => {
      const res = await t.api('PATCH', `/com/jobs/${hash}`, { ...company, body: { status: 'CLOSED', survey } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await close(hiredOurs.hash, {
      rating_jobbank: 5,
      rating_candidates: 5,
      hired: true,
      hired_applicants: [candidates[0]!.hash],
    });
    await close(hiredOther.hash, {
      rating_jobbank: 1,
      rating_candidates: 2,
      hired: true,
      hired_other: 'Someone from another school',
    });
    await close(hiredAnother.hash, {
      rating_jobbank: 4,
      rating_candidates: 4,
      hired: true,
      hired_other: 'A friend of the studio',
    });
    await close(hiredNobody.hash, { rating_jobbank: 4, rating_candidates: 1, hired: false });

    const after = await dashboard();
    expect(after.survey.responses).toBe(before.survey.responses + 4);
    expect(after.survey.hired).toEqual({
      applicant: before.survey.hired.applicant + 1,
      other: before.survey.hired.other + 2,
      none: before.survey.hired.none + 1,
    });
    const added = {
      jobbank: { 5: 1, 1: 1, 4: 2 } as Record<number, number>,
      candidates: { 5: 1, 2: 1, 4: 1, 1: 1 } as Record<number, number>,
    };
    expect(after.survey.ratings).toEqual(
      before.survey.ratings.map((r) => ({
        score: r.score,
        jobbank: r.jobbank + (added.jobbank[r.score] ?? 0),
        candidates: r.candidates + (added.candidates[r.score] ?? 0),
      })),
    );
    const sum = (key: 'jobbank' | 'candidates') =>
      after.survey.ratings.reduce((total, r) => total + r.score * r[key], 0);
    expect(after.survey.rating_jobbank).toBe(Math.round((sum('jobbank') / after.survey.responses) * 100) / 100);
    expect(after.survey.rating_candidates).toBe(Math.round((sum('candidates') / after.survey.responses) * 100) / 100);
    expect(asMap(after.offers)['CLOSED']).toBe(asMap(before.offers)['CLOSED']! + 4);
  });

  it('count a registration from the first instant of the month eleven months back, not the one before', async () => {
    const months = lastMonths(new Date());
    const start = new Date(`${months[0]}-01T00:00:00.000Z`);
    const before = await dashboard();
    const inside = await makeMember(t);
    const outside = await makeMember(t);
    await t.app.db
      .updateTable('users')
      .set({ created_at: start.toISOString() })
      .where('hash', '=', inside.hash)
      .execute();
    await t.app.db
      .updateTable('users')
      .set({ created_at: new Date(start.getTime() - 1).toISOString() })
      .where('hash', '=', outside.hash)
      .execute();
    const after = await dashboard();
    expect(after.registrations.map((r) => r.month)).toEqual(months);
    expect(after.registrations[0]).toEqual({
      ...before.registrations[0],
      members: before.registrations[0]!.members + 1,
    });
    expect(after.registrations.slice(1)).toEqual(before.registrations.slice(1));
    expect(cell(after, 'REGULAR', 'PENDING')).toBe(cell(before, 'REGULAR', 'PENDING')! + 2);
  });

  it('lists the last 12 calendar months across a new year', () => {
    expect(lastMonths(new Date('2027-01-31T23:59:59.999Z'))).toEqual([
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(lastMonths(new Date('2026-12-01T00:00:00.000Z'), 3)).toEqual(['2026-10', '2026-11', '2026-12']);
  });

  it('answers no averages and only zeros when no company has answered the survey', async () => {
    await t.app.db.deleteFrom('company_feedback').execute();
    const d = await dashboard();
    expect(d.survey).toEqual({
      responses: 0,
      rating_jobbank: null,
      rating_candidates: null,
      ratings: [1, 2, 3, 4, 5].map((score) => ({ score, jobbank: 0, candidates: 0 })),
      hired: { applicant: 0, other: 0, none: 0 },
    });
  });
});
