/**
 * Issue 24 §3 for the company profile: a copy of schemas/ where only company.profile gains `url_linkedin`
 * (`"x-audience": "public"`), `team_size` (`"members"`) and `billing_ref` (no x-audience: private). The company
 * writes them (PATCH /com/companies), they are stored in companies.data and returned to it (also by GET
 * /com/companies/me), and the one place a company is shown publicly — the company block of a published offer
 * (GET /api/jobs/:id) — shows each to its audience under `company.extra`. With no code edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppOnSchemaCopy, type SchemaCopyApp } from '../helpers/schemaCopy';

let t: SchemaCopyApp;
beforeAll(async () => {
  t = await startAppOnSchemaCopy({
    'company.profile': {
      url_linkedin: { type: ['string', 'null'], format: 'url', 'x-audience': 'public' },
      team_size: { type: ['string', 'null'], maxLength: 40, 'x-audience': 'members' },
      billing_ref: { type: ['string', 'null'], maxLength: 40 },
    },
  });
});
afterAll(async () => t?.close());

const FIELDS = { url_linkedin: 'https://www.linkedin.com/company/acme', team_size: '11–50', billing_ref: 'ACC-7' };

describe('a field added to schemas/company.profile.json only (issue 24 §3)', () => {
  it('is stored in companies.data and returned to the company', async () => {
    // the account's own bookkeeping in companies.data (its consents) is kept and is not a profile field
    const consents = { conditions: '2026-01-02T03:04:05.000Z' };
    await t.db
      .updateTable('companies')
      .set({ data: JSON.stringify({ consents }) })
      .where('email', '=', 'company@demo.test')
      .execute();
    const company = await t.signIn('company@demo.test', 'com');
    const res = await t.call('PATCH', '/com/companies', company, FIELDS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().extra).toEqual(FIELDS);
    const row = await t.db
      .selectFrom('companies')
      .select('data')
      .where('email', '=', 'company@demo.test')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toEqual({ consents, ...FIELDS });
    const me = await t.call('GET', '/com/companies/me', company);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().extra).toEqual(FIELDS);
    // a later change of one field keeps the others
    const again = await t.call('PATCH', '/com/companies', company, { team_size: '51–200' });
    expect(again.json().extra).toEqual({ ...FIELDS, team_size: '51–200' });
    expect(again.json().company_name.length).toBeGreaterThan(1);
  });

  it('is validated: a broken url answers 400 naming it', async () => {
    const company = await t.signIn('company@demo.test', 'com');
    const res = await t.call('PATCH', '/com/companies', company, { url_linkedin: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['url_linkedin']);
  });

  it('is shown in the company block of its published offers to its audience only', async () => {
    const company = await t.signIn('company@demo.test', 'com');
    expect((await t.call('PATCH', '/com/companies', company, FIELDS)).statusCode).toBe(200);
    const offer = await t.db
      .selectFrom('jobs')
      .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
      .select(['jobs.slug'])
      .where('companies.email', '=', 'company@demo.test')
      .where('jobs.status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    const visitor = await t.call('GET', `/api/jobs/${offer.slug}`, null);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json().company.extra).toEqual({ url_linkedin: FIELDS.url_linkedin });
    const member = await t.call('GET', `/api/jobs/${offer.slug}`, await t.signIn('bold@demo.test', 'usr'));
    expect(member.statusCode, member.body).toBe(200);
    expect(member.json().company.extra).toEqual({ url_linkedin: FIELDS.url_linkedin, team_size: FIELDS.team_size });
    expect(JSON.stringify(member.json())).not.toContain(FIELDS.billing_ref);
  });
});
