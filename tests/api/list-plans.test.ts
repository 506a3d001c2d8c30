/**
 * The member's applications must find each application's conversation by its index, not by reading every
 * conversation (issue 27: seconds a request on the big dataset). Most conversations are between members and hold no
 * application; once ANALYZE has seen many of those, a plain unique index on `conversations.application_hash` looks
 * useless to SQLite's planner (all NULLs count as one repeated value) and it scans the table for every row.
 * Migration 043 makes the index partial. SQLite only: PostgreSQL's statistics keep NULLs apart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { analyzeAsStarted, sqlitePlan, usingPostgres } from '../helpers/db';
import { applicationsPage } from '../../src/server/modules/jobs/repository';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

it('reads an application’s conversation through the index after ANALYZE saw many member conversations', async () => {
  const db = t.app.db;
  const now = new Date().toISOString();
  const rows = Array.from({ length: 400 }, (_, i) => ({
    hash: `planconv${String(i).padStart(8, '0')}`,
    kind: 'MEMBER',
    application_hash: null,
    created_at: now,
    last_message_at: now,
  }));
  await db.insertInto('conversations').values(rows).execute();
  await analyzeAsStarted(db);
  const member = (
    await db.selectFrom('users').select('hash').where('email', '=', 'bold@demo.test').executeTakeFirstOrThrow()
  ).hash;
  const query = applicationsPage(db, {
    text: null,
    location: null,
    appliedBy: member,
    joinUser: member,
    partyUser: member,
    limit: 10,
    offset: 0,
  }).compile();
  if (usingPostgres()) {
    // the statement is valid on PostgreSQL too (its plan is the planner's own business)
    expect((await db.executeQuery(query)).rows.length).toBeGreaterThan(0);
    return;
  }
  const details = await sqlitePlan(db, query);
  expect(details.length).toBeGreaterThan(0);
  expect(details.filter((d) => /\bconversations\b/.test(d))).toEqual([
    expect.stringMatching(/^SEARCH conversations USING INDEX conversations_application/),
  ]);
});
