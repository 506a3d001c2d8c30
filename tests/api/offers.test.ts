/**
 * Offers through their whole life (issue 11 §2, §3, §5, §6): who may call the company and back-office routes,
 * another company's offers, bad bodies that write nothing, every pair of states for the company and for an
 * administrator (src/shared/offerMoves.ts is the only source of "allowed"), the guarded move under concurrency,
 * the history row per move, rejection reasons e-mailed in the company's language, and closing with the survey.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_STATUSES, findOfferMove, type OfferStatus } from '../../src/shared/offerMoves';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { outboxFor } from '../helpers/admin';

let t: TestApp;
let company: Session;
let admin: Session;
let bold: Session;
let companyHash = '';
let otherOffer = '';
let tag = '';
let area = '';
let specialty = '';

beforeAll(async () => {
  t = await startTestApp();
  company = await t.login('company@demo.test', 'com');
  admin = await t.login('admin@demo.test', 'adm');
  bold = await t.login('bold@demo.test', 'usr');
  const db = t.app.db;
  companyHash = (
    await db.selectFrom('companies').select('hash').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow()
  ).hash;
  otherOffer = (
    await db.selectFrom('jobs').select('hash').where('company_hash', '!=', companyHash).executeTakeFirstOrThrow()
  ).hash;
  tag = (await db.selectFrom('tags').select('hash').where('type', '=', 'USER').executeTakeFirstOrThrow()).hash;
  area = (
    await db
      .selectFrom('tags')
      .select('hash')
      .where('type', '=', 'USER')
      .where('group', '=', 'area')
      .executeTakeFirstOrThrow()
  ).hash;
  specialty = (
    await db
      .selectFrom('tags')
      .select('hash')
      .where('type', '=', 'USER')
      .where('group', '=', 'specialty')
      .executeTakeFirstOrThrow()
  ).hash;
});
afterAll(async () => t?.close());

const OFFER = {
  title: 'Product designer',
  description: 'Design the next line of lamps with our engineering team in Barcelona.',
  location: 'Barcelona',
  contract: 'INDEFINITE',
};
const SURVEY = { rating_jobbank: 4, rating_candidates: 3, hired: false };

const asCompany = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, language = 'en') =>
  t.api(method, url, { ...company, body, language });
const asAdmin = (method: 'GET' | 'PATCH', url: string, body?: unknown, language = 'en') =>
  t.api(method, url, { ...admin, body, language });
const jobRow = (hash: string) =>
  t.app.db.selectFrom('jobs').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
const movesOf = (hash: string) =>
  t.app.db.selectFrom('job_moves').selectAll().where('job_hash', '=', hash).orderBy('created_at').execute();
const jobCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A fresh offer of company@demo.test in `status` (made through the API, then put in place directly). */
async function offerIn(status: OfferStatus): Promise<string> {
  const res = await asCompany('POST', '/com/jobs', OFFER);
  expect(res.statusCode, res.body).toBe(201);
  const hash = res.json().hash as string;
  if (status !== 'PENDING') {
    // a rejection a while ago, so that an edit now counts as "after the rejection"
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.app.db
      .updateTable('jobs')
      .set({ status, updated_at: past, published_at: status === 'PUBLISHED' || status === 'UNPUBLISHED' ? past : null })
      .where('hash', '=', hash)
      .execute();
    if (status === 'REJECTED')
      await t.app.db
        .insertInto('job_moves')
        .values({
          hash: `r${hash}`.slice(0, 32),
          job_hash: hash,
          from_status: 'PENDING',
          to_status: 'REJECTED',
          actor_type: 'admin',
          actor_hash: null,
          reason: 'Too vague',
          created_at: past,
        })
        .execute();
  }
  return hash;
}

describe('who may call', () => {
  it('answers 401 to a visitor, 403 to a member and to an administrator on the company routes, 403 to a company on the back office', async () => {
    expect((await t.api('GET', '/com/jobs')).statusCode).toBe(401);
    expect((await t.api('POST', '/com/jobs', { body: OFFER })).statusCode).toBe(401);
    expect((await t.api('GET', '/com/jobs', { ...bold })).statusCode).toBe(403);
    expect((await t.api('POST', '/com/jobs', { ...bold, body: OFFER })).statusCode).toBe(403);
    expect((await t.api('GET', '/com/jobs', { ...admin })).statusCode).toBe(403);
    expect((await t.api('GET', '/adm/jobs', { ...company })).statusCode).toBe(403);
    expect(
      (await t.api('PATCH', `/adm/jobs/${otherOffer}`, { ...company, body: { status: 'PUBLISHED' } })).statusCode,
    ).toBe(403);
    expect((await t.api('GET', '/adm/jobs', { ...bold })).statusCode).toBe(403);
  });

  it('checks the matched route, whatever the spelling of the path', async () => {
    for (const path of ['/com/%6Aobs', '/com//jobs', '/COM/jobs', '/com/jobs/', '/com/./jobs', '/adm/%6Aobs']) {
      const res = await t.api('GET', path);
      expect([401, 404], `${path} → ${res.statusCode}`).toContain(res.statusCode);
    }
    const member = await t.api('GET', '/adm/%6Aobs', { ...bold });
    expect([403, 404]).toContain(member.statusCode);
  });

  it("answers 404 for another company's offer, on every route, and changes nothing", async () => {
    const before = await jobRow(otherOffer);
    expect((await asCompany('GET', `/com/jobs/${otherOffer}`)).statusCode).toBe(404);
    expect((await asCompany('PATCH', `/com/jobs/${otherOffer}`, { title: 'Hijacked title' })).statusCode).toBe(404);
    expect((await asCompany('PATCH', `/com/jobs/${otherOffer}`, { status: 'CLOSED', survey: SURVEY })).statusCode).toBe(
      404,
    );
    expect(await jobRow(otherOffer)).toEqual(before);
    const mine = await asCompany('GET', '/com/jobs?size=100');
    expect(mine.json().items.every((o: { company: { hash: string } }) => o.company.hash === companyHash)).toBe(true);
  });
});

describe('creating an offer', () => {
  it('creates it PENDING with its first history row, not visible to the public until published', async () => {
    const res = await asCompany(
      'POST',
      '/com/jobs',
      {
        ...OFFER,
        tags: [tag],
        date_incorporation: '15/01/2027',
        working: 'PART_TIME',
        workstation: 'HYBRID',
        area,
        specialty,
      },
      'ca',
    );
    expect(res.json()).toMatchObject({
      working: 'PART_TIME',
      workstation: 'HYBRID',
      area: { hash: area },
      specialty: { hash: specialty },
    });
    const catalan = await t.app.db
      .selectFrom('tags')
      .select('title_ca')
      .where('hash', '=', area)
      .executeTakeFirstOrThrow();
    expect(res.json().area.title).toBe(catalan.title_ca);
    expect(res.statusCode).toBe(201);
    const offer = res.json();
    expect(offer).toMatchObject({
      status: 'PENDING',
      title: OFFER.title,
      date_incorporation: '15/01/2027',
      moves: [],
      applicants: { PENDING: 0, ACCEPTED: 0, CANCELLED: 0, WITHDRAWN: 0 },
    });
    expect(offer.tags.map((x: { hash: string }) => x.hash)).toEqual([tag]);
    expect((await movesOf(offer.hash)).map((m) => [m.from_status, m.to_status, m.actor_type])).toEqual([
      [null, 'PENDING', 'company'],
    ]);
    expect((await t.api('GET', `/api/jobs/${offer.slug}`)).statusCode).toBe(404);
  });

  it('refuses bad bodies with 400 naming the field, in the request language, and writes nothing', async () => {
    const before = await jobCount();
    const cases: Array<[unknown, string]> = [
      [{ ...OFFER, title: undefined }, 'title'],
      [{ ...OFFER, title: 'ab' }, 'title'],
      [{ ...OFFER, contract: 'FOREVER' }, 'contract'],
      [{ ...OFFER, date_incorporation: '31/02/2027' }, 'date_incorporation'],
      [{ ...OFFER, tags: ['nosuchtag'] }, 'tags.0'],
      [{ ...OFFER, working: 'Jornada completa' }, 'working'],
      [{ ...OFFER, workstation: 'Estudio' }, 'workstation'],
      [{ ...OFFER, area: specialty }, 'area'],
      [{ ...OFFER, specialty: area }, 'specialty'],
      [{ ...OFFER, status: 'PUBLISHED' }, 'status'],
      [{ ...OFFER, survey: SURVEY }, 'survey'],
    ];
    for (const [body, field] of cases) {
      const res = await asCompany('POST', '/com/jobs', body, 'es');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const errors = res.json().errors as Array<{ field: string; message: string }>;
      expect(
        errors.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field);
      expect(
        errors.every((e) => e.message && !/\b(must|should)\b/.test(e.message)),
        JSON.stringify(errors),
      ).toBe(true);
    }
    const unknown = await asCompany('POST', '/com/jobs', { ...OFFER, salary: 100000 });
    expect(unknown.statusCode).toBe(400);
    expect(await jobCount()).toBe(before);
  });
});

describe('every pair of states', () => {
  const bodyFor = (to: OfferStatus, withEdit = false) => ({
    status: to,
    ...(to === 'CLOSED' ? { survey: SURVEY } : {}),
    ...(withEdit ? { title: 'Product designer (senior)' } : {}),
  });

  for (const from of OFFER_STATUSES) {
    for (const to of OFFER_STATUSES) {
      const rule = findOfferMove(from, to, 'company');
      it(`company: ${from} → ${to} ${rule ? 'is allowed' : 'answers 409'}`, async () => {
        const hash = await offerIn(from);
        const movesBefore = (await movesOf(hash)).length;
        const res = await asCompany('PATCH', `/com/jobs/${hash}`, bodyFor(to, rule?.needs === 'edit'));
        if (rule) {
          expect(res.statusCode, res.body).toBe(200);
          expect((await jobRow(hash)).status).toBe(to);
          const moves = await movesOf(hash);
          expect(moves).toHaveLength(movesBefore + 1);
          expect(moves.at(-1)).toMatchObject({
            from_status: from,
            to_status: to,
            actor_type: 'company',
            actor_hash: companyHash,
          });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().message).toBeTruthy();
          expect(await jobRow(hash)).toMatchObject({ status: from });
          expect(await movesOf(hash)).toHaveLength(movesBefore);
        }
      });

      const adminRule = findOfferMove(from, to, 'admin');
      it(`administrator: ${from} → ${to} ${adminRule ? 'is allowed' : 'answers 409'}`, async () => {
        const hash = await offerIn(from);
        const movesBefore = (await movesOf(hash)).length;
        const res = await asAdmin('PATCH', `/adm/jobs/${hash}`, {
          status: to,
          reason: 'The description does not say what the job is.',
        });
        if (adminRule) {
          expect(res.statusCode, res.body).toBe(200);
          expect((await jobRow(hash)).status).toBe(to);
          expect((await movesOf(hash)).at(-1)).toMatchObject({ from_status: from, to_status: to, actor_type: 'admin' });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(await jobRow(hash)).toMatchObject({ status: from });
          expect(await movesOf(hash)).toHaveLength(movesBefore);
        }
      });
    }
  }

  it('says why a move is refused, in the request language', async () => {
    const pending = await offerIn('PENDING');
    const own = await asCompany('PATCH', `/com/jobs/${pending}`, { status: 'PUBLISHED' }, 'es');
    expect(own.json().message).toBe(
      'Solo la asociación puede dejar una oferta publicada cuando está pendiente de revisión.',
    );
    const closed = await offerIn('CLOSED');
    expect((await asCompany('PATCH', `/com/jobs/${closed}`, { status: 'PUBLISHED' })).json().message).toBe(
      'The offer is closed: it cannot change any more.',
    );
    expect((await asCompany('PATCH', `/com/jobs/${closed}`, { title: 'A new title for history' })).statusCode).toBe(
      409,
    );
    const unpublished = await offerIn('UNPUBLISHED');
    expect((await asAdmin('PATCH', `/adm/jobs/${unpublished}`, { status: 'PUBLISHED' }, 'ca')).json().message).toBe(
      'Només l’empresa pot deixar la seva oferta publicada quan està despublicada.',
    );
  });

  it('sends a rejected offer back to review only after an edit', async () => {
    const hash = await offerIn('REJECTED');
    const bare = await asCompany('PATCH', `/com/jobs/${hash}`, { status: 'PENDING' });
    expect(bare.statusCode).toBe(409);
    expect(bare.json().message).toContain('Edit the offer');
    expect(
      (
        await asCompany('PATCH', `/com/jobs/${hash}`, {
          description: 'A clearer description of the role, its team and what we offer.',
        })
      ).statusCode,
    ).toBe(200);
    const after = await asCompany('PATCH', `/com/jobs/${hash}`, { status: 'PENDING' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ status: 'PENDING', reason: null });
  });

  it('lets only one of two simultaneous decisions win, with one history row', async () => {
    const hash = await offerIn('PENDING');
    // (publish then reject would both be right one after the other: rejecting a published offer takes it down)
    const answers = await Promise.all([
      asAdmin('PATCH', `/adm/jobs/${hash}`, { status: 'PUBLISHED' }),
      asAdmin('PATCH', `/adm/jobs/${hash}`, { status: 'PUBLISHED' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await movesOf(hash)).filter((m) => m.from_status === 'PENDING')).toHaveLength(1);
  });
});

describe('the back office decides', () => {
  it('publishes: the offer goes public with its expiry date, the company is e-mailed, the audit log has it', async () => {
    const hash = await offerIn('PENDING');
    const res = await asAdmin('PATCH', `/adm/jobs/${hash}`, { status: 'PUBLISHED' });
    expect(res.statusCode).toBe(200);
    const row = await jobRow(hash);
    expect(Date.parse(row.expires_at!) - Date.parse(row.published_at!)).toBe(60 * 86_400_000);
    expect((await t.api('GET', `/api/jobs/${row.slug}`)).statusCode).toBe(200);
    const mail = (await outboxFor(t, 'company@demo.test')).filter((m) => m.template === 'job.published');
    expect(mail.length).toBeGreaterThan(0);
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('target_hash', '=', hash).execute();
    expect(audit.map((a) => a.action)).toEqual(['job.published']);
    // unpublished by its company, it leaves the public list at once
    expect((await asCompany('PATCH', `/com/jobs/${hash}`, { status: 'UNPUBLISHED' })).statusCode).toBe(200);
    expect((await t.api('GET', `/api/jobs/${row.slug}`)).statusCode).toBe(404);
  });

  it('needs a reason to reject or take down, and e-mails it to the company in its language', async () => {
    const hash = await offerIn('PENDING');
    for (const body of [{ status: 'REJECTED' }, { status: 'REJECTED', reason: '   ' }]) {
      const res = await asAdmin('PATCH', `/adm/jobs/${hash}`, body, 'es');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'reason', message: 'Indica el motivo: se enviará a la empresa.' }]);
    }
    expect((await jobRow(hash)).status).toBe('PENDING');
    const language = (
      await t.app.db
        .selectFrom('companies')
        .select('language')
        .where('hash', '=', companyHash)
        .executeTakeFirstOrThrow()
    ).language;
    expect(
      (
        await asAdmin('PATCH', `/adm/jobs/${hash}`, {
          status: 'REJECTED',
          reason: 'Say the salary range <b>please</b>.',
        })
      ).statusCode,
    ).toBe(200);
    const rejected = (await outboxFor(t, 'company@demo.test')).filter((m) => m.template === 'job.rejected').at(-1)!;
    expect(rejected.language).toBe(language);
    expect(rejected.body_text).toContain('Say the salary range <b>please</b>.');
    expect(rejected.body_html).not.toContain('<b>please');
    expect((await asCompany('GET', `/com/jobs/${hash}`)).json()).toMatchObject({
      status: 'REJECTED',
      reason: 'Say the salary range <b>please</b>.',
      moves: [{ to: 'PENDING', needs: 'edit' }],
    });

    const live = await offerIn('PUBLISHED');
    expect(
      (await asAdmin('PATCH', `/adm/jobs/${live}`, { status: 'REJECTED', reason: 'Reported as a scam.' })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.db
          .selectFrom('audit_log')
          .select('action')
          .where('target_hash', '=', live)
          .executeTakeFirstOrThrow()
      ).action,
    ).toBe('job.removed');
  });

  it('lists the queue oldest first and decides in bulk, answering per offer', async () => {
    const a = await offerIn('PENDING');
    const b = await offerIn('CLOSED');
    const queue = await asAdmin('GET', '/adm/jobs?status=PENDING&size=100');
    expect(queue.statusCode).toBe(200);
    const cdates = queue.json().items.map((o: { cdate: string }) => o.cdate);
    expect(cdates).toEqual([...cdates].sort());
    expect(queue.json().items.some((o: { hash: string }) => o.hash === a)).toBe(true);
    const res = await asAdmin('PATCH', '/adm/jobs', { hashes: [a, b, 'nosuchoffer'], status: 'PUBLISHED' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: 1, failed: 2 });
    expect(res.json().results.map((r: { statusCode: number }) => r.statusCode)).toEqual([200, 409, 404]);
  });
});

describe('closing with the survey', () => {
  async function withApplicants(): Promise<{ hash: string; applicant: string; pendingEmail: string }> {
    const hash = await offerIn('PUBLISHED');
    const users = await t.app.db
      .selectFrom('users')
      .select(['hash', 'email'])
      .where('status', '=', 'VALIDATED')
      .where('language', '=', 'ca')
      .limit(2)
      .execute();
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('applicants')
      .values(
        users.map((u, i) => ({
          hash: `ap${i}${hash}`.slice(0, 32),
          job_hash: hash,
          user_hash: u.hash,
          status: i === 0 ? 'ACCEPTED' : 'PENDING',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    return { hash, applicant: `ap0${hash}`.slice(0, 32), pendingEmail: users[1]!.email };
  }

  it('refuses to close without the survey or with a survey that does not add up, and writes nothing', async () => {
    const { hash } = await withApplicants();
    const cases: Array<[unknown, string]> = [
      [{ status: 'CLOSED' }, 'survey'],
      [{ status: 'CLOSED', survey: { ...SURVEY, rating_jobbank: 6 } }, 'survey.rating_jobbank'],
      [{ status: 'CLOSED', survey: { ...SURVEY, hired: true } }, 'survey.hired_applicants'],
      [{ status: 'CLOSED', survey: { ...SURVEY, hired: false, hired_other: 'My cousin' } }, 'survey.hired_applicants'],
      [
        { status: 'CLOSED', survey: { ...SURVEY, hired: true, hired_applicants: [otherOffer] } },
        'survey.hired_applicants.0',
      ],
      [{ status: 'UNPUBLISHED', survey: SURVEY }, 'survey'],
    ];
    for (const [body, field] of cases) {
      const res = await asCompany('PATCH', `/com/jobs/${hash}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect((await jobRow(hash)).status).toBe('PUBLISHED');
    expect(await t.app.db.selectFrom('company_feedback').select('hash').where('job_hash', '=', hash).execute()).toEqual(
      [],
    );
  });

  it('closes with whom it hired, keeps the survey and tells the candidates not chosen, in their language', async () => {
    const { hash, applicant, pendingEmail } = await withApplicants();
    const res = await asCompany('PATCH', `/com/jobs/${hash}`, {
      status: 'CLOSED',
      survey: { rating_jobbank: 5, rating_candidates: 4, hired: true, hired_applicants: [applicant] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CLOSED', moves: [], applicants: { ACCEPTED: 1, PENDING: 1 } });
    const feedback = await t.app.db
      .selectFrom('company_feedback')
      .selectAll()
      .where('job_hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(feedback).toMatchObject({
      rating_bank: 5,
      rating_candidates: 4,
      hired: 1,
      hired_applicants: JSON.stringify([applicant]),
    });
    const notice = (await outboxFor(t, pendingEmail)).filter((m) => m.template === 'job.outcome.notSelected'); // issue 25 §19
    expect(notice).toHaveLength(1);
    expect(notice[0]!.language).toBe('ca');
    expect(notice[0]!.body_text).toContain('Product designer');
  });
});

describe('my offers', () => {
  it('filters by text and status, sorts, pages by 10 and counts applicants', async () => {
    const all = await asCompany('GET', '/com/jobs');
    expect(all.statusCode).toBe(200);
    expect(all.json().items.length).toBeLessThanOrEqual(10);
    expect(all.json().total).toBeGreaterThan(10);
    const closed = await asCompany('GET', '/com/jobs?status=CLOSED&size=100');
    expect(closed.json().items.length).toBeGreaterThan(0);
    expect(closed.json().items.every((o: { status: string }) => o.status === 'CLOSED')).toBe(true);
    const found = await asCompany('GET', '/com/jobs?text=product%20designer&size=100');
    expect(found.json().items.length).toBeGreaterThan(0);
    expect(found.json().items.every((o: { title: string }) => /product designer/i.test(o.title))).toBe(true);
    const byTitle = (await asCompany('GET', '/com/jobs?sort=title&size=100'))
      .json()
      .items.map((o: { title: string }) => o.title);
    expect(byTitle).toEqual([...byTitle].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await asCompany('GET', '/com/jobs?sort=salary')).statusCode).toBe(400);
    expect((await asCompany('GET', '/com/jobs?status=DELETED')).statusCode).toBe(400);
  });

  it('keeps a published offer published when its company edits it', async () => {
    const hash = await offerIn('PUBLISHED');
    const res = await asCompany('PATCH', `/com/jobs/${hash}`, { location: 'Girona', tags: [tag] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PUBLISHED', location: 'Girona' });
    expect((await jobRow(hash)).search_text).toContain('girona');
  });
});

describe('the demo company', () => {
  it('has offers in every status, each with its history, a rejected one with its reason, a closed one with its survey, and applicants at every status', async () => {
    const db = t.app.db;
    const own = await db
      .selectFrom('jobs')
      .select(['hash', 'status', 'reason', 'expires_at'])
      .where('company_hash', '=', companyHash)
      .execute();
    expect(new Set(own.map((o) => o.status))).toEqual(
      new Set(['PENDING', 'PUBLISHED', 'UNPUBLISHED', 'REJECTED', 'CLOSED']),
    );
    // the seed's rejected offer (this file's own rejected offers are put in place without a reason on the row, and
    // PostgreSQL may list them first)
    expect(own.filter((o) => o.status === 'REJECTED').some((o) => !!o.reason)).toBe(true);
    // every offer published through a move (the seed's, and the API's) has its expiry ahead
    const publishedByMove = new Set(
      (
        await db
          .selectFrom('job_moves')
          .select('job_hash')
          .where('to_status', '=', 'PUBLISHED')
          .where('actor_type', '=', 'admin')
          .execute()
      ).map((m) => m.job_hash),
    );
    const live = own.filter((o) => o.status === 'PUBLISHED' && publishedByMove.has(o.hash));
    expect(live.length).toBeGreaterThan(3);
    for (const offer of live) expect(Date.parse(offer.expires_at ?? '')).toBeGreaterThan(Date.now());
    // a seeded closed offer (the tests above put offers in states directly, without a history)
    const closedSeeded = own.find((o) => o.status === 'CLOSED' && publishedByMove.has(o.hash))!;
    const detail = (await asCompany('GET', `/com/jobs/${closedSeeded.hash}`)).json();
    expect(detail.history.map((m: { to: string }) => m.to)).toEqual(['PENDING', 'PUBLISHED', 'CLOSED']);
    const surveyed = await db
      .selectFrom('company_feedback')
      .select('job_hash')
      .where('company_hash', '=', companyHash)
      .execute();
    expect(surveyed.length).toBeGreaterThan(0);
    const statuses = await db
      .selectFrom('applicants')
      .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
      .select(['applicants.job_hash', 'applicants.status'])
      .where('jobs.company_hash', '=', companyHash)
      .execute();
    const byJob = new Map<string, Set<string>>();
    for (const row of statuses) byJob.set(row.job_hash, (byJob.get(row.job_hash) ?? new Set()).add(row.status));
    expect(
      [...byJob.values()].some((set) => ['PENDING', 'ACCEPTED', 'CANCELLED', 'WITHDRAWN'].every((s) => set.has(s))),
    ).toBe(true);
  });
});
