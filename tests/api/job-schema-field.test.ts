/**
 * Issue 24 §3 for the job offer: a copy of schemas/ where only company.job.write gains `url_apply` (`"x-audience":
 * "public"`), `salary_note` (`"members"`) and `internal_ref` (no x-audience: private). The company writes them, reads
 * them back on its own offer, and the public offer (GET /api/jobs/:id) shows each to its audience under `extra` —
 * with no code edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppOnSchemaCopy, type SchemaCopyApp } from '../helpers/schemaCopy';

let t: SchemaCopyApp;
beforeAll(async () => {
  t = await startAppOnSchemaCopy({
    'company.job.write': {
      url_apply: { type: ['string', 'null'], format: 'url', 'x-audience': 'public' },
      salary_note: { type: ['string', 'null'], maxLength: 200, 'x-audience': 'members' },
      internal_ref: { type: ['string', 'null'], maxLength: 40 },
    },
  });
});
afterAll(async () => t?.close());

const call: SchemaCopyApp['call'] = (...args) => t.call(...args);
const signIn = (email: string, kind: 'usr' | 'com') => t.signIn(email, kind);

const FIELDS = { url_apply: 'https://jobs.example.com/apply/42', salary_note: '30–36 k€', internal_ref: 'REF-42' };

describe('a field added to schemas/company.job.write.json only (issue 24 §3)', () => {
  it('is stored with a new offer and returned to its company', async () => {
    const company = await signIn('company@demo.test', 'com');
    const res = await call('POST', '/com/jobs', company, {
      title: 'Data engineer',
      description: 'Build the data platform of a growing team.',
      location: 'Barcelona',
      contract: 'INDEFINITE',
      ...FIELDS,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().extra).toEqual(FIELDS);
    const again = await call('GET', `/com/jobs/${res.json().hash}`, company);
    expect(again.json().extra).toEqual(FIELDS);
  });

  it('is validated: a broken url answers 400 naming it', async () => {
    const company = await signIn('company@demo.test', 'com');
    const res = await call('POST', '/com/jobs', company, {
      title: 'Data engineer',
      description: 'Build the data platform of a growing team.',
      location: 'Barcelona',
      contract: 'INDEFINITE',
      url_apply: 'nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['url_apply']);
  });

  it('is shown on the published offer to its audience only', async () => {
    const company = await signIn('company@demo.test', 'com');
    const own = await t.db
      .selectFrom('jobs')
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      .select(['jobs.hash', 'jobs.slug'])
      .where('companies.email', '=', 'company@demo.test')
      .where('jobs.status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const edit = await call('PATCH', `/com/jobs/${own.hash}`, company, FIELDS);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().extra).toEqual(FIELDS);
    expect(edit.json().status).toBe('PUBLISHED');

    const visitor = await call('GET', `/api/jobs/${own.slug}`, null);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json().extra).toEqual({ url_apply: FIELDS.url_apply });
    const member = await call('GET', `/api/jobs/${own.slug}`, await signIn('bold@demo.test', 'usr'));
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().extra).toEqual({ url_apply: FIELDS.url_apply, salary_note: FIELDS.salary_note });
  });
});
