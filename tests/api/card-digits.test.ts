/**
 * "No card number or CVC is ever stored or logged" (issue 13, bad input): the portal runs as its own process (npm
 * start's entry, demo data, logs at `trace`, e-mail to a real SMTP peer, the background tasks polling every second),
 * and every card flow is driven over HTTP with test cards — adding cards (accepted, declined, declining later,
 * cancelled), a Bold registration's card, an upgrade paid now with its receipt, a renewal and a failed renewal run by
 * the process's own renewal job. Then the database, the process's whole output, every e-mail received (with its
 * attachments) and every file of the data folder are searched for the card numbers and the codes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, type Db } from '../../src/server/db/dialect';
import { testDatabase, usingPostgres, type TestDatabase } from '../helpers/db';
import { runNode, type RunningProcess } from '../helpers/process';
import { startPeer, type Peer } from '../helpers/smtp';

const MAIN = 'src/server/main.ts';
const API_KEY = 'alumni-web-key';
const DEVICE = 'digitsdevice00000001';
const CARDS = {
  ok: '4242424242424242',
  other: '5555555555554444',
  declined: '4000000000000002',
  later: '4000000000000341',
  secure: '4000002760003184',
};
const CVC = '7391';

let proc: RunningProcess;
let base: string;
let db: Db;
let peer: Peer;
let database: TestDatabase;

async function call(
  method: string,
  path: string,
  { token, body, language = 'en' }: { token?: string; body?: unknown; language?: string } = {},
) {
  const headers: Record<string, string> = { apiKey: API_KEY, language };
  if (token) Object.assign(headers, { token, deviceId: DEVICE, type: '2' });
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, any> };
}

async function login(email: string, kind = 'usr', password = 'demo-password') {
  const res = await call('POST', `/${kind}/login`, {
    body: { email, password, deviceId: DEVICE, deviceType: 2, push: null },
  });
  expect(res.status, res.text).toBe(200);
  return res.json()['token'] as string;
}

/** The hosted page, as a browser fills it: the number typed with spaces, the code, an expiry. */
async function hostedPage(url: string, number: string, action = 'pay') {
  const form = new URLSearchParams({
    cc_name: 'Marc Bold',
    cc_number: number.replace(/(\d{4})(?=\d)/g, '$1 '),
    cc_exp: '12/34',
    cc_csc: CVC,
    action,
  });
  const res = await fetch(new URL(url, base), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  return res.headers.get('location') ?? `status ${res.status}`;
}

async function addCard(token: string, number: string, action = 'pay') {
  const started = await call('POST', '/usr/card', { token, body: {} });
  expect(started.status, started.text).toBe(201);
  return hostedPage(started.json()['url'], number, action);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  peer = await startPeer();
  database = await testDatabase();
  const env: Record<string, string> = {
    DATA_DIR: database.dataDir,
    DIST_DIR: join(database.dataDir, 'no-dist'),
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'trace',
    SMTP_URL: peer.url,
    TASKS_POLL_SECONDS: '1',
    RATE_LIMIT_SCALE: '1000',
  };
  if (usingPostgres()) env['DATABASE_URL'] = database.url;
  proc = runNode(MAIN, env);
  base = await proc.ready();
  db = createDb(usingPostgres() ? database.url : `sqlite:${join(database.dataDir, 'portal.db')}`, { poolSize: 2 });
}, 120_000);

afterAll(async () => {
  await proc?.stop();
  await db?.destroy();
  await peer?.close();
  await database?.cleanup();
});

describe('card numbers and codes are never kept', () => {
  it('through every card flow, then searched for everywhere', async () => {
    // cards added by a Bold member: accepted, another, declined, cancelled
    const bold = await login('bold@demo.test');
    expect(await addCard(bold, CARDS.ok)).toBe('/en/user/card?card=added');
    expect(await addCard(bold, CARDS.other)).toBe('/en/user/card?card=added');
    expect(await addCard(bold, CARDS.declined)).toBe('/en/user/card?payment=declined');
    expect(await addCard(bold, CARDS.ok, 'cancel')).toBe('/en/user/card?payment=cancelled');
    // the 3-D Secure card: the bank's step, then saved
    const started = (await call('POST', '/usr/card', { token: bold, body: {} })).json()['url'] as string;
    const step = await fetch(new URL(started, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cc_name: 'Marc Bold',
        cc_number: CARDS.secure,
        cc_exp: '12/34',
        cc_csc: CVC,
        action: 'pay',
      }).toString(),
    });
    const challenge = /name="challenge" value="([^"]+)"/.exec(await step.text())![1]!;
    const passed = await fetch(new URL(started, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: '3ds-pass', challenge }).toString(),
      redirect: 'manual',
    });
    expect(passed.headers.get('location')).toBe('/en/user/card?card=added');

    // a Bold registration gives its card on the provider's page
    const email = 'digits.register@example.test';
    const registered = await call('POST', '/usr/register', {
      body: {
        name: 'Laia',
        surname1: 'Puig',
        gender: 'female',
        birthdate: '14/03/1995',
        document_type: 'DNI',
        document_number: '12345678Z',
        mobile: '+34 612 345 678',
        email,
        email_repeat: email,
        password: 'a long enough passphrase',
        password_repeat: 'a long enough passphrase',
        language: 'en',
        role: 'bold',
        profile_type: 'student',
        graduation_year: 2018,
        is_conditions: true,
        is_privacy: true,
      },
    });
    expect(registered.status, registered.text).toBe(201);
    const opened = await call('POST', '/usr/card/addNotLogged?isWeb=true', {
      body: { token: registered.json()['card_token'] },
    });
    expect(await hostedPage(opened.json()['url'], CARDS.other)).toBe('/en/user/register?card=added');

    // a Regular member upgrades, paying now (receipt e-mailed), then its card starts declining
    const regular = await login('regular@demo.test');
    expect(await addCard(regular, CARDS.ok)).toBe('/en/user/card?card=added');
    const cards = (await call('GET', '/usr/card', { token: regular })).json()['items'] as Array<{
      hash: string;
      last4: string;
    }>;
    const upgraded = await call('POST', `/usr/subscription/${cards[0]!.hash}/create`, { token: regular, body: {} });
    expect(upgraded.status, upgraded.text).toBe(200);
    expect(await addCard(regular, CARDS.later)).toBe('/en/user/card?card=added');
    const later = (
      (await call('GET', '/usr/card', { token: regular })).json()['items'] as Array<{ hash: string; last4: string }>
    ).find((card) => card.last4 === '0341')!;
    expect((await call('PATCH', `/usr/card/${later.hash}/default`, { token: regular, body: {} })).status).toBe(200);

    // the process's own renewal job: the year is due now, and the job is due (the test moves the dates, not the clock)
    const regularHash = (
      await db.selectFrom('users').select('hash').where('email', '=', 'regular@demo.test').executeTakeFirstOrThrow()
    ).hash;
    const past = new Date(Date.now() - 60_000).toISOString();
    await db
      .updateTable('subscriptions')
      .set({ current_period_end: past, next_charge_at: past })
      .where('user_hash', '=', regularHash)
      .where('status', '=', 'ACTIVE')
      .execute();
    await db.updateTable('tasks').set({ next_run_at: past }).where('name', '=', 'membership.renewals').execute();
    await expect
      .poll(
        async () =>
          (await db.selectFrom('payments').select('status').where('user_hash', '=', regularHash).execute())
            .map((p) => p.status)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual(['FAILED', 'PAID']);
    await expect
      .poll(() => peer.received.map((mail) => mail.subject), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['Recibo de tu cuota Bold', 'No hemos podido cobrar tu cuota Bold'])); // the demo Regular member reads Spanish

    // the search: numbers (plain and as typed), the form's field names, the code where a form or JSON would carry it
    const numbers = Object.values(CARDS).flatMap((n) => [
      n,
      n.replace(/(\d{4})(?=\d)/g, '$1 '),
      n.replace(/(\d{4})(?=\d)/g, '$1+'),
    ]);
    const needles = [...numbers, 'cc_number', 'cc_csc', `=${CVC}`, `"${CVC}"`, `: ${CVC}`];
    const tables = (
      await sql<{
        name: string;
      }>`${usingPostgres() ? sql`select table_name as name from information_schema.tables where table_schema = current_schema()` : sql`select name from sqlite_master where type = 'table'`}`.execute(
        db,
      )
    ).rows.map((row) => row.name);
    expect(tables).toEqual(
      expect.arrayContaining(['cards', 'payments', 'payment_sessions', 'email_outbox', 'audit_log', 'subscriptions']),
    );
    const stores: Record<string, string> = {};
    for (const table of tables)
      stores[`table ${table}`] = JSON.stringify((await sql.raw(`select * from ${table}`).execute(db)).rows);
    stores['process output'] = proc.output();
    for (const mail of peer.received)
      stores[`mail ${mail.subject}`] = [
        mail.text,
        mail.html,
        ...mail.attachments.map((file) => file.content.toString('latin1')),
      ].join('\n');
    for (const file of filesUnder(database.dataDir)) stores[`file ${file}`] = readFileSync(file).toString('latin1');
    // the searches can fail: the stores hold what the flows wrote (the logs at trace level, the cards' last four)
    expect(stores['process output']!.length).toBeGreaterThan(1000);
    expect(stores['table cards']).toContain('4242');
    for (const [store, text] of Object.entries(stores))
      for (const needle of needles) expect(text.includes(needle), `${needle} in ${store}`).toBe(false);
  }, 120_000);
});
