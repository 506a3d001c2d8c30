/**
 * Issue 25 §17: an offer's optional salary range (min, max, ISO 4217 currency, per year/month/hour) and its work mode
 * (`workstation`: ON_SITE, HYBRID, REMOTE). Stored in columns, validated (min ≤ max, a real currency code) with messages
 * in three languages, filters of the public list and of job alerts, and JobPosting's baseSalary / jobLocationType.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Session, type TestApp } from '../helpers/app';
import { matchingOffers, recipients } from '../../src/server/modules/jobAlerts/repository';

let t: TestApp;
let company: Session;
let bold: Session;
const stamp = Date.now().toString(36);
const offers: Record<string, string> = {};

const OFFER = {
  description: 'Design the next line of lamps with our engineering team in Barcelona.',
  location: 'Barcelona',
  contract: 'INDEFINITE',
};

async function create(title: string, extra: Record<string, unknown>): Promise<string> {
  const res = await t.api('POST', '/com/jobs', { ...company, body: { ...OFFER, title, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  const hash = res.json().hash as string;
  await t.app.db
    .updateTable('jobs')
    .set({ status: 'PUBLISHED', published_at: new Date().toISOString() })
    .where('hash', '=', hash)
    .execute();
  return hash;
}

beforeAll(async () => {
  t = await startTestApp();
  company = await t.login('company@demo.test', 'com');
  bold = await t.login('bold@demo.test');
  offers['remote'] = await create(`Remote lamp designer ${stamp}`, {
    salary_min: 40000,
    salary_max: 52000,
    salary_currency: 'EUR',
    salary_period: 'year',
    workstation: 'REMOTE',
  });
  offers['hybrid'] = await create(`Hybrid lamp designer ${stamp}`, {
    salary_min: 25000,
    salary_max: 30000,
    salary_currency: 'EUR',
    salary_period: 'year',
    workstation: 'HYBRID',
  });
  offers['hourly'] = await create(`Hourly lamp designer ${stamp}`, {
    salary_min: 18.5,
    salary_currency: 'USD',
    salary_period: 'hour',
    workstation: 'ON_SITE',
  });
});
afterAll(async () => t?.close());

describe('the offer’s salary and work mode', () => {
  it('are stored in columns and answered to the company and on the public offer', async () => {
    const row = await t.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('hash', '=', offers['remote']!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ salary_min: 40000, salary_max: 52000, salary_currency: 'EUR', salary_period: 'year' });
    expect(row.workstation).toBe('REMOTE');
    const own = (await t.api('GET', `/com/jobs/${offers['remote']}`, company)).json();
    expect(own).toMatchObject({ salary_min: 40000, salary_max: 52000, salary_currency: 'EUR', salary_period: 'year' });
    expect(own.extra).toEqual({});
    const pub = (await t.api('GET', `/api/jobs/${row.slug}`, bold)).json();
    expect(pub).toMatchObject({ salary_min: 40000, salary_max: 52000, salary_currency: 'EUR', salary_period: 'year' });
    expect(pub.workstation).toBe('REMOTE');
    const hourly = (await t.api('GET', `/com/jobs/${offers['hourly']}`, company)).json();
    expect(hourly).toMatchObject({ salary_min: 18.5, salary_max: null, salary_currency: 'USD', salary_period: 'hour' });
  });

  it('refuses a minimum above the maximum, in the caller’s language, and writes nothing', async () => {
    const messages = new Set<string>();
    for (const language of ['es', 'en', 'ca']) {
      const res = await t.api('POST', '/com/jobs', {
        ...company,
        language,
        body: {
          ...OFFER,
          title: `Bad range ${stamp}`,
          salary_min: 50000,
          salary_max: 40000,
          salary_currency: 'EUR',
          salary_period: 'year',
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      const detail = res.json().errors as Array<{ field: string; message: string }>;
      expect(detail.map((d) => d.field)).toEqual(['salary_max']);
      messages.add(detail[0]!.message);
    }
    expect(messages.size).toBe(3);
    // an edit that moves the maximum under the stored minimum
    const edit = await t.api('PATCH', `/com/jobs/${offers['remote']}`, {
      ...company,
      language: 'es',
      body: { salary_max: 1000 },
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json().errors[0].field).toBe('salary_max');
    const row = await t.app.db
      .selectFrom('jobs')
      .select('salary_max')
      .where('hash', '=', offers['remote']!)
      .executeTakeFirstOrThrow();
    expect(row.salary_max).toBe(52000);
    const titled = await t.app.db.selectFrom('jobs').select('hash').where('title', '=', `Bad range ${stamp}`).execute();
    expect(titled).toHaveLength(0);
  });

  it('refuses a currency that is not an ISO 4217 code, and an amount without currency or period', async () => {
    for (const [body, field] of [
      [{ salary_min: 1000, salary_currency: 'EURO', salary_period: 'month' }, 'salary_currency'],
      [{ salary_min: 1000, salary_currency: 'XQZ', salary_period: 'month' }, 'salary_currency'],
      [{ salary_min: 1000, salary_period: 'month' }, 'salary_currency'],
      [{ salary_min: 1000, salary_currency: 'EUR' }, 'salary_period'],
      [{ salary_min: -5, salary_currency: 'EUR', salary_period: 'month' }, 'salary_min'],
    ] as const) {
      const res = await t.api('POST', '/com/jobs', {
        ...company,
        language: 'ca',
        body: { ...OFFER, title: `Bad ${stamp}`, ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('filters', () => {
  const titles = async (query: string) => {
    const res = await t.api('GET', `/api/jobs?text=${stamp}&size=50&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Array<{ title: string }>).map((item) => item.title.split(' ')[0]).sort();
  };

  it('the public list filters by work mode and by a minimum salary in a currency and period', async () => {
    expect(await titles('')).toEqual(['Hourly', 'Hybrid', 'Remote']);
    expect(await titles('workstation=REMOTE')).toEqual(['Remote']);
    expect(await titles('workstation=ON_SITE')).toEqual(['Hourly']);
    expect(await titles('salary_min=35000')).toEqual(['Remote']);
    expect(await titles('salary_min=20000&salary_period=year&salary_currency=EUR')).toEqual(['Hybrid', 'Remote']);
    expect(await titles('salary_min=15&salary_period=hour&salary_currency=USD')).toEqual(['Hourly']);
    expect((await t.api('GET', '/api/jobs?workstation=MOON')).statusCode).toBe(400);
  });

  it('job alerts keep a work mode and a minimum salary, and only matching offers reach the member', async () => {
    const res = await t.api('PATCH', '/usr/job-alerts/me', {
      ...bold,
      body: {
        frequency: 'instant',
        area: null,
        contract: null,
        workstation: 'REMOTE',
        salary_min: 45000,
        salary_currency: 'EUR',
        salary_period: 'year',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      workstation: 'REMOTE',
      salary_min: 45000,
      salary_currency: 'EUR',
      salary_period: 'year',
    });
    await t.app.db.updateTable('users').set({ is_receive_jobs: 1 }).where('email', '=', 'bold@demo.test').execute();
    const member = (await recipients(t.app.db, 'instant')).find((r) => r.email === 'bold@demo.test');
    expect(member).toMatchObject({ workstation: 'REMOTE', salary_min: 45000 });
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const found = (await matchingOffers(t.app.db, member!, since, 500)).map((offer) => offer.hash);
    expect(found).toContain(offers['remote']);
    expect(found).not.toContain(offers['hybrid']);
    expect(found).not.toContain(offers['hourly']);
  });
});

describe('JobPosting structured data', () => {
  const ldOf = async (hash: string) => {
    const slug = (await t.app.db.selectFrom('jobs').select('slug').where('hash', '=', hash).executeTakeFirstOrThrow())
      .slug;
    const res = await t.app.inject({ method: 'GET', url: `/en/jobs/${slug}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    return JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!);
  };

  it('has baseSalary and, for a remote job, jobLocationType TELECOMMUTE', async () => {
    const remote = await ldOf(offers['remote']!);
    expect(remote.jobLocationType).toBe('TELECOMMUTE');
    expect(remote.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', minValue: 40000, maxValue: 52000, unitText: 'YEAR' },
    });
    const hourly = await ldOf(offers['hourly']!);
    expect(hourly.jobLocationType).toBeUndefined();
    expect(hourly.baseSalary.value).toEqual({ '@type': 'QuantitativeValue', value: 18.5, unitText: 'HOUR' });
  });
});
