/**
 * Issue 25 §10: a company deletes its offer for good (DELETE /com/jobs/{hash}); an offer someone applied to is closed
 * instead, and the answer says why. A PDF attached to an offer (POST|DELETE /com/jobs/{hash}/file) is a link on the
 * company's offer and on the public offer. Another company's ids answer 404; no other role reaches these routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { uploadAs } from '../helpers/multipart';

let t: TestApp;
let company: Session;
let other: Session;
let admin: Session;
let bold: Session;
let companyHash = '';
let otherOffer = '';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const OFFER = {
  title: 'Lighting designer',
  description: 'Design the next line of lamps with our engineering team in Barcelona.',
  location: 'Barcelona',
  contract: 'INDEFINITE',
};

beforeAll(async () => {
  t = await startTestApp();
  company = await t.login('company@demo.test', 'com');
  admin = await t.login('admin@demo.test', 'adm');
  bold = await t.login('bold@demo.test', 'usr');
  const db = t.app.db;
  companyHash = (
    await db.selectFrom('companies').select('hash').where('email', '=', 'company@demo.test').executeTakeFirstOrThrow()
  ).hash;
  const otherCompany = await db
    .selectFrom('companies')
    .select(['hash', 'email'])
    .where('hash', '!=', companyHash)
    .where('status', '=', 'VALIDATED')
    .orderBy('email')
    .executeTakeFirstOrThrow();
  other = await t.login(otherCompany.email, 'com');
  otherOffer = (
    await db.selectFrom('jobs').select('hash').where('company_hash', '=', otherCompany.hash).executeTakeFirstOrThrow()
  ).hash;
});
afterAll(async () => t?.close());

async function newOffer(): Promise<string> {
  const res = await t.api('POST', '/com/jobs', { ...company, body: OFFER });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().hash;
}

const jobRow = (hash: string) => t.app.db.selectFrom('jobs').selectAll().where('hash', '=', hash).executeTakeFirst();
const publish = (hash: string) =>
  t.app.db
    .updateTable('jobs')
    .set({ status: 'PUBLISHED', published_at: new Date().toISOString() })
    .where('hash', '=', hash)
    .execute();

describe('deleting an offer', () => {
  it('deletes an offer nobody applied to, with its history; it is gone for the company and the public', async () => {
    const hash = await newOffer();
    const res = await t.api('DELETE', `/com/jobs/${hash}`, company);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deleted: true, status: null });
    expect(await jobRow(hash)).toBeUndefined();
    const moves = await t.app.db.selectFrom('job_moves').select('hash').where('job_hash', '=', hash).execute();
    expect(moves).toHaveLength(0);
    expect((await t.api('GET', `/com/jobs/${hash}`, company)).statusCode).toBe(404);
  });

  it('closes instead an offer with applications, keeps them, and says why in the caller’s language', async () => {
    const hash = await newOffer();
    await publish(hash);
    const user = await t.app.db
      .selectFrom('users')
      .select('hash')
      .where('email', '=', 'bold@demo.test')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('applicants')
      .values({
        hash: `a${hash}`.slice(0, 32),
        job_hash: hash,
        user_hash: user.hash,
        status: 'WITHDRAWN',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await t.api('DELETE', `/com/jobs/${hash}`, { ...company, language: 'es' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ deleted: false, status: 'CLOSED' });
    expect(body.message).toMatch(/candidatura/i);
    expect((await jobRow(hash))?.status).toBe('CLOSED');
    const kept = await t.app.db.selectFrom('applicants').select('hash').where('job_hash', '=', hash).execute();
    expect(kept).toHaveLength(1);
    // asked again: still not deleted, still saying why
    const again = await t.api('DELETE', `/com/jobs/${hash}`, { ...company, language: 'ca' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ deleted: false, status: 'CLOSED' });
    expect(again.json().message).toMatch(/candidatur/i);
  });

  it('answers 404 for another company’s offer and leaves it as it was', async () => {
    const before = await jobRow(otherOffer);
    const res = await t.api('DELETE', `/com/jobs/${otherOffer}`, company);
    expect(res.statusCode).toBe(404);
    expect(await jobRow(otherOffer)).toEqual(before);
    expect((await t.api('DELETE', '/com/jobs/nosuchoffer000000000000', company)).statusCode).toBe(404);
  });

  it('refuses every other role: visitor 401, member and administrator 403; nothing deleted', async () => {
    const hash = await newOffer();
    expect((await t.api('DELETE', `/com/jobs/${hash}`)).statusCode).toBe(401);
    expect((await t.api('DELETE', `/com/jobs/${hash}`, bold)).statusCode).toBe(403);
    expect((await t.api('DELETE', `/com/jobs/${hash}`, admin)).statusCode).toBe(403);
    expect((await t.api('DELETE', `/com/jobs/${hash}`, other)).statusCode).toBe(404);
    expect((await jobRow(hash))?.status).toBe('PENDING');
  });
});

describe('the offer’s file', () => {
  const fileRows = (hash: string) =>
    t.app.db.selectFrom('files').selectAll().where('owner_type', '=', 'job').where('owner_hash', '=', hash).execute();

  it('attaches a PDF: a link on the company’s offer and on the public offer that downloads it; removing it clears both', async () => {
    const hash = await newOffer();
    const res = await uploadAs(t, `/com/jobs/${hash}/file`, company, [
      { name: 'file', filename: 'Job description.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().file as string;
    expect(link).toMatch(/^\/files\/[a-z0-9]+\?exp=/);
    expect(res.json().file_name).toBe('Job description.pdf');
    const download = await t.app.inject({ method: 'GET', url: link });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');

    const own = (await t.api('GET', `/com/jobs/${hash}`, company)).json();
    expect(own.file).toMatch(/^\/files\//);
    await publish(hash);
    const slug = (await jobRow(hash))!.slug;
    const visitor = (await t.api('GET', `/api/jobs/${slug}`, bold)).json();
    expect((await t.api('GET', `/api/jobs/${slug}`)).json().file).toBeNull();
    expect(visitor.file).toMatch(/^\/files\//);
    expect(visitor.file_name).toBe('Job description.pdf');
    expect((await t.app.inject({ method: 'GET', url: visitor.file })).statusCode).toBe(200);

    // a second upload replaces the first: one row
    const second = await uploadAs(t, `/com/jobs/${hash}/file`, company, [
      { name: 'file', filename: 'v2.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    expect(await fileRows(hash)).toHaveLength(1);

    const removed = await t.api('DELETE', `/com/jobs/${hash}/file`, company);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().file).toBeNull();
    expect(await fileRows(hash)).toHaveLength(0);
    expect((await t.api('GET', `/api/jobs/${slug}`)).json().file).toBeNull();
  });

  it('refuses what is not a PDF (400, translated) and writes nothing', async () => {
    const hash = await newOffer();
    const res = await uploadAs(
      t,
      `/com/jobs/${hash}/file`,
      company,
      [{ name: 'file', filename: 'x.pdf', type: 'application/pdf', data: '<html>no</html>' }],
      'es',
    );
    expect([400, 415]).toContain(res.statusCode);
    expect(await fileRows(hash)).toHaveLength(0);
  });

  it('answers 404 for another company’s offer; visitor 401, member and administrator 403; nothing written', async () => {
    const part = [{ name: 'file', filename: 'a.pdf', type: 'application/pdf', data: PDF }];
    expect((await uploadAs(t, `/com/jobs/${otherOffer}/file`, company, part)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/com/jobs/${otherOffer}/file`, company)).statusCode).toBe(404);
    const hash = await newOffer();
    expect((await uploadAs(t, `/com/jobs/${hash}/file`, null, part)).statusCode).toBe(401);
    expect((await uploadAs(t, `/com/jobs/${hash}/file`, bold, part)).statusCode).toBe(403);
    expect((await uploadAs(t, `/com/jobs/${hash}/file`, admin, part)).statusCode).toBe(403);
    expect((await uploadAs(t, `/com/jobs/${hash}/file`, other, part)).statusCode).toBe(404);
    expect((await t.api('DELETE', `/com/jobs/${hash}/file`, other)).statusCode).toBe(404);
    expect(await fileRows(otherOffer)).toHaveLength(0);
    expect(await fileRows(hash)).toHaveLength(0);
  });
});
