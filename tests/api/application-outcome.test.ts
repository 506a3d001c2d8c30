/**
 * Issue 25 §19: when a company closes an offer, each candidate learns the outcome of their application — hired or
 * not selected — in "My applications" (GET /api/jobs?subscribed_by_me=true, `outcome`) and by one e-mail in their
 * own language. A withdrawn application has no outcome and no e-mail; an offer still open has no outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { outboxFor } from '../helpers/admin';

let t: TestApp;
let company: Session;
const MEMBERS = { hired: 'bold@demo.test', notSelected: 'regular@demo.test', withdrawn: 'gratis@demo.test' } as const;
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  t = await startTestApp();
  company = await t.login('company@demo.test', 'com');
  for (const email of Object.values(MEMBERS)) sessions[email] = await t.login(email, 'usr');
  // each member reads in another language, so the e-mails show whose language they follow
  const languages = { [MEMBERS.hired]: 'en', [MEMBERS.notSelected]: 'ca', [MEMBERS.withdrawn]: 'es' };
  for (const [email, language] of Object.entries(languages))
    await t.app.db.updateTable('users').set({ language }).where('email', '=', email).execute();
});
afterAll(async () => t?.close());

/** A published offer of the demo company with one application per member, in the given statuses. */
async function offerWithCandidates(): Promise<{ hash: string; applicant: Record<string, string> }> {
  const made = await t.api('POST', '/com/jobs', {
    ...company,
    body: {
      title: 'Lighting designer',
      description: 'Design lamps for hotels and shops with our engineering team.',
      location: 'Barcelona',
      contract: 'INDEFINITE',
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const hash = made.json().hash as string;
  const past = new Date(Date.now() - 60_000).toISOString();
  await t.app.db
    .updateTable('jobs')
    .set({ status: 'PUBLISHED', published_at: past, updated_at: past })
    .where('hash', '=', hash)
    .execute();
  const applicant: Record<string, string> = {};
  const statuses = { [MEMBERS.hired]: 'ACCEPTED', [MEMBERS.notSelected]: 'PENDING', [MEMBERS.withdrawn]: 'WITHDRAWN' };
  for (const [email, status] of Object.entries(statuses)) {
    const user = await t.app.db.selectFrom('users').select('hash').where('email', '=', email).executeTakeFirstOrThrow();
    applicant[email] = `ap${user.hash}${hash}`.slice(0, 32);
    await t.app.db
      .insertInto('applicants')
      .values({
        hash: applicant[email]!,
        job_hash: hash,
        user_hash: user.hash,
        status,
        created_at: past,
        updated_at: past,
      })
      .execute();
  }
  return { hash, applicant };
}

async function myApplication(email: string, job: string) {
  const res = await t.api('GET', '/api/jobs?subscribed_by_me=true&size=100', { ...sessions[email]!, language: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().items as Array<{ hash: string; outcome?: string | null }>).find((row) => row.hash === job);
  expect(item, `${email} sees the application`).not.toBeUndefined();
  return item!;
}

describe('the outcome of an application', () => {
  it('is none while the offer is open', async () => {
    const { hash } = await offerWithCandidates();
    expect((await myApplication(MEMBERS.hired, hash)).outcome).toBeNull();
    expect((await myApplication(MEMBERS.notSelected, hash)).outcome).toBeNull();
  });

  it('is hired or not selected once the company closes the offer, with one e-mail each in their language', async () => {
    const { hash, applicant } = await offerWithCandidates();
    const before = Object.fromEntries(
      await Promise.all(Object.values(MEMBERS).map(async (email) => [email, (await outboxFor(t, email)).length])),
    );
    const res = await t.api('PATCH', `/com/jobs/${hash}`, {
      ...company,
      body: {
        status: 'CLOSED',
        survey: { rating_jobbank: 5, rating_candidates: 4, hired: true, hired_applicants: [applicant[MEMBERS.hired]] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect((await myApplication(MEMBERS.hired, hash)).outcome).toBe('HIRED');
    expect((await myApplication(MEMBERS.notSelected, hash)).outcome).toBe('NOT_SELECTED');
    expect((await myApplication(MEMBERS.withdrawn, hash)).outcome).toBeNull();

    const mails = async (email: string) => (await outboxFor(t, email)).slice(before[email]);
    const hired = await mails(MEMBERS.hired);
    expect(hired.map((m) => [m.template, m.language])).toEqual([['job.outcome.hired', 'en']]);
    expect(hired[0]!.body_text).toContain('Lighting designer');
    const notSelected = await mails(MEMBERS.notSelected);
    expect(notSelected.map((m) => [m.template, m.language])).toEqual([['job.outcome.notSelected', 'ca']]);
    expect(notSelected[0]!.body_text).toContain('Lighting designer');
    expect(await mails(MEMBERS.withdrawn)).toEqual([]);
  });

  it('is not selected for everyone when the company hired nobody', async () => {
    const { hash } = await offerWithCandidates();
    const res = await t.api('PATCH', `/com/jobs/${hash}`, {
      ...company,
      body: { status: 'CLOSED', survey: { rating_jobbank: 3, rating_candidates: 2, hired: false } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await myApplication(MEMBERS.hired, hash)).outcome).toBe('NOT_SELECTED');
    expect((await myApplication(MEMBERS.notSelected, hash)).outcome).toBe('NOT_SELECTED');
  });
});
