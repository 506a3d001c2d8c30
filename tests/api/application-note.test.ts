/**
 * A note to the company with an application (issue 25 §18): optional plain text up to 1,000 characters, stored with the
 * application and shown to the offer's company beside the candidate while the application stands; nobody else sees it
 * (another company's request answers 404; the public offer never carries it). Too long: 400 naming `note`, nothing written.
 * It is the member's data: in their export, and erased with their account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { DEMO_PASSWORD, startTestApp, type Session, type TestApp } from '../helpers/app';

let t: TestApp;
let company: Session;
let otherCompany: Session;
let bold: Session;
let job = '';
let boldHash = '';

beforeAll(async () => {
  t = await startTestApp();
  const db = t.app.db;
  company = await t.login('company@demo.test', 'com');
  bold = await t.login('bold@demo.test');
  const mine = (
    await db.selectFrom('companies').select('hash').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow()
  ).hash;
  const other = await db
    .selectFrom('companies')
    .select('email')
    .where('status', '=', 'VALIDATED')
    .where('hash', '!=', mine)
    .orderBy('email')
    .executeTakeFirstOrThrow();
  otherCompany = await t.login(other.email, 'com');
  job = (
    await db
      .selectFrom('jobs')
      .select('hash')
      .where('company_hash', '=', mine)
      .where('status', '=', 'PUBLISHED')
      .orderBy('hash')
      .executeTakeFirstOrThrow()
  ).hash;
  boldHash = (
    await db.selectFrom('users').select('hash').where('email', '=', 'bold@demo.test').executeTakeFirstOrThrow()
  ).hash;
  await db.deleteFrom('applicants').where('job_hash', '=', job).where('user_hash', '=', boldHash).execute();
});
afterAll(async () => t?.close());

const stored = () =>
  t.app.db
    .selectFrom('applicants')
    .selectAll()
    .where('job_hash', '=', job)
    .where('user_hash', '=', boldHash)
    .executeTakeFirst();
const candidateOf = async (session: Session) => {
  const res = await t.api('GET', `/com/jobs/${job}/users?size=100`, session);
  return {
    status: res.statusCode,
    body: res.body,
    item:
      res.statusCode === 200
        ? (res.json().items as Array<{ member: { hash: string }; note?: string | null }>).find(
            (c) => c.member.hash === boldHash,
          )
        : undefined,
  };
};

describe('the note to the company', () => {
  it("too long: 400 naming note, in the member's language, and no application written", async () => {
    const res = await t.api('PATCH', `/api/jobs/${job}/subscribe`, {
      ...bold,
      body: { note: 'x'.repeat(1001) },
      language: 'en',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('note');
    expect(await stored()).toBeUndefined();
    const odd = await t.api('PATCH', `/api/jobs/${job}/subscribe`, { ...bold, body: { note: ['x'] } });
    expect(odd.statusCode).toBe(400);
    expect(await stored()).toBeUndefined();
    // control characters (a NUL byte PostgreSQL refuses to store) are no plain text: 400 naming note, never a 500
    for (const note of ['a\u0000b', 'bell\u0007', 'esc\u001b[31m']) {
      const res = await t.api('PATCH', `/api/jobs/${job}/subscribe`, { ...bold, body: { note } });
      expect(res.statusCode, JSON.stringify(note)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('note');
    }
    expect(await stored()).toBeUndefined();
  });

  it("is stored with the application and shown to the offer's company with the candidate; another company cannot see it", async () => {
    const note = '  Hola:\nPuedo incorporarme en enero.\tAdjunto portfolio en el CV.  ';
    const res = await t.api('PATCH', `/api/jobs/${job}/subscribe`, { ...bold, body: { note } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ active: true, status: 'PENDING' });
    expect((await stored())?.note).toBe(note.trim());

    const seen = await candidateOf(company);
    expect(seen.status, seen.body).toBe(200);
    expect(seen.item?.note).toBe(note.trim());

    const foreign = await candidateOf(otherCompany);
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toContain('enero');
    // the offer as the public, the member and the other company read it never carries the note
    for (const who of [{}, bold, otherCompany]) {
      const offer = await t.api('GET', `/api/jobs/${job}`, who);
      expect(offer.statusCode).toBe(200);
      expect(offer.body).not.toContain('enero');
    }
  });

  it('withdrawing hides it from the company; applying again without a note leaves none; an empty body still applies', async () => {
    expect((await t.api('PATCH', `/api/jobs/${job}/subscribe`, { ...bold, body: {} })).json()).toMatchObject({
      active: false,
      status: 'WITHDRAWN',
    });
    expect((await candidateOf(company)).item?.note).toBeNull();
    const again = await t.api('PATCH', `/api/jobs/${job}/subscribe`, { ...bold, body: {} });
    expect(again.json()).toMatchObject({ active: true, status: 'PENDING' });
    expect((await stored())?.note).toBeNull();
    expect((await candidateOf(company)).item?.note).toBeNull();
    // a blank note is no note
    await t.api('PATCH', `/api/jobs/${job}/subscribe`, { ...bold, body: {} });
    expect((await t.api('PATCH', `/api/jobs/${job}/subscribe`, { ...bold, body: { note: ' \n ' } })).statusCode).toBe(
      200,
    );
    expect((await stored())?.note).toBeNull();
  });
});

function dataJson(zipped: Buffer): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zipped, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'data.json') return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        });
      });
      zip.on('end', () => reject(new Error('no data.json')));
      zip.readEntry();
    });
  });
}

describe("the member's own data", () => {
  it("the note is in the member's export, and deleting the account erases it", async () => {
    await t.app.db.deleteFrom('applicants').where('job_hash', '=', job).where('user_hash', '=', boldHash).execute();
    expect(
      (await t.api('PATCH', `/api/jobs/${job}/subscribe`, { ...bold, body: { note: 'Disponible en enero.' } }))
        .statusCode,
    ).toBe(200);
    const exported = await t.api('GET', '/usr/users/me/export', bold);
    expect(exported.statusCode).toBe(200);
    const data = (await dataJson(exported.rawPayload)) as {
      applications: Array<{ job: { hash: string }; note: string | null }>;
    };
    expect(data.applications.find((a) => a.job.hash === job)?.note).toBe('Disponible en enero.');

    const gone = await t.api('DELETE', '/usr/users/me', { ...bold, body: { password: DEMO_PASSWORD } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await stored())?.note).toBeNull();
    expect((await candidateOf(company)).item?.note).toBeNull();
  });
});
