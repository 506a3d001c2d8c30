/**
 * Background work (DESIGN §1) and offer expiry (issue 11 §5) on a clock the test controls: a task runs once
 * however many instances race for it, a crashed run is taken over when its lease ends, a failing run is recorded
 * and rescheduled; a company is warned once a week before its offer expires, and the offer closes on its own,
 * telling the candidates still waiting — once, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskRunner } from '../../src/server/modules/tasks/runner';
import { sweepOffers } from '../../src/server/modules/offers/expiry';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { outboxFor } from '../helpers/admin';

let t: TestApp;
let company: Session;
let companyHash = '';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp();
  company = await t.login('company@demo.test', 'com');
  companyHash = (
    await t.app.db
      .selectFrom('companies')
      .select('hash')
      .where('email', '=', 'company@demo.test')
      .executeTakeFirstOrThrow()
  ).hash;
});
afterAll(async () => t?.close());

const at = (ms: number) => new Date(ms);
const task = (name: string, calls: Date[], fail = false) => ({
  name,
  everyMs: DAY,
  run: async (now: Date) => {
    calls.push(now);
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (fail) throw new Error('the provider is down');
  },
});

describe('the task runner', () => {
  it('runs a due task once however many instances race for it, then on its schedule', async () => {
    const calls: Date[] = [];
    const start = Date.UTC(2030, 0, 1);
    const runners = Array.from({ length: 4 }, () => new TaskRunner(t.app.db).register(task('test.race', calls)));
    const ran = await Promise.all(runners.map((runner) => runner.runDue(at(start))));
    expect(ran.flat()).toEqual(['test.race']);
    expect(calls).toHaveLength(1);
    expect((await Promise.all(runners.map((runner) => runner.runDue(at(start + DAY / 2))))).flat()).toEqual([]);
    expect((await Promise.all(runners.map((runner) => runner.runDue(at(start + DAY))))).flat()).toEqual(['test.race']);
    expect(calls).toHaveLength(2);
    const row = await t.app.db
      .selectFrom('tasks')
      .selectAll()
      .where('name', '=', 'test.race')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      locked_until: null,
      claimed_by: null,
      last_error: null,
      next_run_at: new Date(start + 2 * DAY).toISOString(),
    });
  });

  it('takes over a run whose instance died once its lease ends, and records a failure and tries again later', async () => {
    const calls: Date[] = [];
    const start = Date.UTC(2030, 5, 1);
    await t.app.db
      .insertInto('tasks')
      .values({
        name: 'test.crash',
        next_run_at: new Date(start - DAY).toISOString(),
        locked_until: new Date(start + 5 * 60_000).toISOString(),
        claimed_by: 'deadinstance',
        last_run_at: null,
        last_error: null,
      })
      .execute();
    const runner = new TaskRunner(t.app.db).register(task('test.crash', calls, true));
    expect(await runner.runDue(at(start))).toEqual([]);
    expect(calls).toHaveLength(0);
    expect(await runner.runDue(at(start + 6 * 60_000))).toEqual([]); // it ran, and failed
    expect(calls).toHaveLength(1);
    const row = await t.app.db
      .selectFrom('tasks')
      .selectAll()
      .where('name', '=', 'test.crash')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ last_error: 'the provider is down', claimed_by: null, locked_until: null });
    expect(Date.parse(row.next_run_at)).toBe(start + 6 * 60_000 + DAY);
  });

  it('has the offer sweep among the app’s tasks', async () => {
    expect(await t.app.tasks.runDue(at(Date.UTC(2031, 0, 1)))).toContain('offers.expiry');
  });
});

describe('offer expiry', () => {
  async function publishedOffer(expiresAt: number): Promise<string> {
    const res = await t.api('POST', '/com/jobs', {
      ...company,
      body: {
        title: 'Exhibition designer',
        description: 'Design travelling exhibitions for museums across Europe.',
        location: 'Girona',
        contract: 'TEMPORAL',
      },
    });
    const hash = res.json().hash as string;
    await t.app.db
      .updateTable('jobs')
      .set({
        status: 'PUBLISHED',
        published_at: new Date(expiresAt - 60 * DAY).toISOString(),
        expires_at: new Date(expiresAt).toISOString(),
      })
      .where('hash', '=', hash)
      .execute();
    return hash;
  }

  it('warns the company once a week before, in its language, then closes the offer and tells the waiting candidates', async () => {
    const now = Date.UTC(2032, 2, 1, 9);
    const hash = await publishedOffer(now + 5 * DAY);
    const waiting = await t.app.db
      .selectFrom('users')
      .select(['hash', 'email', 'language'])
      .where('status', '=', 'VALIDATED')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('applicants')
      .values({
        hash: `ex${hash}`.slice(0, 32),
        job_hash: hash,
        user_hash: waiting.hash,
        status: 'PENDING',
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .execute();
    const companyMail = async () =>
      (await outboxFor(t, 'company@demo.test')).filter(
        (m) => m.template === 'job.expiring' && m.body_text.includes('Exhibition designer'),
      );

    // more than a week before: nothing
    await sweepOffers(t.app.db, t.app.config, at(now - 3 * DAY));
    expect(await companyMail()).toHaveLength(0);
    // within the week, twice (and two instances at once): one e-mail
    const first = await Promise.all([
      sweepOffers(t.app.db, t.app.config, at(now)),
      sweepOffers(t.app.db, t.app.config, at(now)),
    ]);
    await sweepOffers(t.app.db, t.app.config, at(now + DAY));
    expect(first.map((r) => r.warned).reduce((a, b) => a + b)).toBe(1);
    const warned = await companyMail();
    expect(warned).toHaveLength(1);
    const language = (
      await t.app.db
        .selectFrom('companies')
        .select('language')
        .where('hash', '=', companyHash)
        .executeTakeFirstOrThrow()
    ).language;
    expect(warned[0]!.language).toBe(language);
    expect(
      (await t.app.db.selectFrom('jobs').select('status').where('hash', '=', hash).executeTakeFirstOrThrow()).status,
    ).toBe('PUBLISHED');

    // at expiry: closed by the system, with its history row, the public page gone, the candidate told — once
    const expired = await Promise.all([
      sweepOffers(t.app.db, t.app.config, at(now + 5 * DAY + 1000)),
      sweepOffers(t.app.db, t.app.config, at(now + 5 * DAY + 1000)),
    ]);
    expect(expired.map((r) => r.closed).reduce((a, b) => a + b)).toBe(1);
    const row = await t.app.db
      .selectFrom('jobs')
      .select(['status', 'slug'])
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('CLOSED');
    const moves = await t.app.db
      .selectFrom('job_moves')
      .selectAll()
      .where('job_hash', '=', hash)
      .where('to_status', '=', 'CLOSED')
      .execute();
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ from_status: 'PUBLISHED', actor_type: 'system', actor_hash: null });
    expect((await t.api('GET', `/api/jobs/${row.slug}`)).statusCode).toBe(404);
    expect(
      (await outboxFor(t, waiting.email)).filter(
        (m) => m.template === 'job.closed' && m.body_text.includes('Exhibition designer'),
      ),
    ).toHaveLength(1);
    // closed without a survey: none was asked of the company
    expect(await t.app.db.selectFrom('company_feedback').select('hash').where('job_hash', '=', hash).execute()).toEqual(
      [],
    );
  });

  it('leaves alone an offer its company unpublished or closed, and one not yet due', async () => {
    const now = Date.UTC(2033, 0, 10);
    const unpublished = await publishedOffer(now - DAY);
    await t.app.db.updateTable('jobs').set({ status: 'UNPUBLISHED' }).where('hash', '=', unpublished).execute();
    const later = await publishedOffer(now + 30 * DAY);
    await sweepOffers(t.app.db, t.app.config, at(now));
    const statuses = await t.app.db
      .selectFrom('jobs')
      .select(['hash', 'status'])
      .where('hash', 'in', [unpublished, later])
      .execute();
    expect(Object.fromEntries(statuses.map((s) => [s.hash, s.status]))).toEqual({
      [unpublished]: 'UNPUBLISHED',
      [later]: 'PUBLISHED',
    });
  });
});
