/**
 * Two instances as one site (issue 26 §3): A and B on one database (PostgreSQL with TEST_DB=postgres) and one S3
 * bucket (@20minutes/s3rver on 127.0.0.1), each with its own DATA_DIR as on two machines. A file uploaded through A
 * is served through B (a public picture and a private CV), a session, a logout and the sign-in limit count across
 * both, a change on A shows in B's next anonymous read, and a background task due on both runs once.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/dialect';
import { API_KEY, DEMO_PASSWORD, TEST_DEVICE, startTestApp, type TestApp } from '../helpers/app';
import { usingPostgres } from '../helpers/db';
import { multipart } from '../helpers/multipart';
import { startS3, type TestS3 } from '../helpers/s3';

let s3: TestS3;
let a: TestApp;
let b: FastifyInstance;
let dataDirB = '';

beforeAll(async () => {
  s3 = await startS3();
  // RATE_LIMIT_SCALE 1 so the sign-in limit (LOGIN_MAX_FAILURES) is the real one
  a = await startTestApp({ ...s3.env, RATE_LIMIT_SCALE: '1', LOGIN_MAX_FAILURES: '2' });
  dataDirB = mkdtempSync(join(tmpdir(), 'alumni-instance-b-'));
  b = await buildApp(
    { ...a.app.config, dataDir: dataDirB },
    { db: createDb(a.app.config.databaseUrl, { poolSize: 2 }), migrate: false, closeDb: true },
  );
}, 300_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
  if (dataDirB) rmSync(dataDirB, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const on = (
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  headers: Headers = {},
  payload?: InjectOptions['payload'],
) => app.inject({ method, url, headers: { apikey: API_KEY, language: 'en', ...headers }, payload });
const as = (token: string): Headers => ({ token, deviceid: TEST_DEVICE, type: '2' });

async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  return on(app, 'POST', '/usr/login', {}, { email, password, deviceId: TEST_DEVICE, deviceType: 2, push: null });
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
}

describe('files: uploaded through A, served through B', () => {
  it('a photo sent to A is in the bucket (not on A’s disk) and B serves it with a long cache', async () => {
    const token = (await signIn(a.app, 'regular@demo.test')).json().token as string;
    const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
    const { body, headers } = multipart([{ name: 'image', filename: 'me.png', type: 'image/png', data: image }]);
    const res = await on(a.app, 'POST', '/usr/users/avatar', { ...as(token), ...headers }, body);
    expect(res.statusCode, res.body).toBe(200);
    const { photo } = res.json() as { photo: string };
    expect(photo).toMatch(/^\/uploads\/avatars\/[a-z0-9]{24}\.webp$/);
    expect(filesUnder(join(a.app.config.dataDir, 'uploads', 'avatars'))).toEqual([]);
    const served = await b.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=2592000');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await b.inject({ method: 'GET', url: photo.replace(/[a-z0-9]{24}/, 'a'.repeat(24)) })).statusCode).toBe(
      404,
    );
  });

  it('a CV sent to A: B hands its owner a link that redirects to a short-lived store URL; others get no link, a forged one is refused', async () => {
    const token = (await signIn(a.app, 'bold@demo.test')).json().token as string;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const { body, headers } = multipart([
      { name: 'file', filename: 'Currículum.pdf', type: 'application/pdf', data: pdf },
    ]);
    const res = await on(a.app, 'POST', '/usr/users/cv', { ...as(token), ...headers }, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(filesUnder(join(a.app.config.dataDir, 'private', 'cv'))).toEqual([]);
    const link = (await on(b, 'GET', '/usr/users/me', as(token))).json().cv as string;
    expect(link).toMatch(/^\/files\/[a-z0-9]+\?exp=\d+&by=user\.[a-z0-9]+&sig=[A-Za-z0-9_-]{43}$/);
    const redirect = await b.inject({ method: 'GET', url: link });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('private, no-store');
    const location = String(redirect.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/private/cv/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="Curriculum.pdf"');
    // our signature is checked before the store is asked: a forged link never reaches a redirect
    const forged = link.replace(/sig=[A-Za-z0-9_-]{43}/, `sig=${'A'.repeat(43)}`);
    expect(forged).not.toBe(link);
    const refused = await b.inject({ method: 'GET', url: forged });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.location).toBeUndefined();
  });
});

describe('sessions and limits across both', () => {
  it('a session opened on A works on B; a logout on B ends it on A', async () => {
    const token = (await signIn(a.app, 'gratis@demo.test')).json().token as string;
    expect((await on(b, 'GET', '/usr/users/me', as(token))).statusCode).toBe(200);
    expect((await on(b, 'GET', '/usr/users/logout', as(token))).statusCode).toBe(200);
    expect((await on(a.app, 'GET', '/usr/users/me', as(token))).statusCode).toBe(401);
  });

  it('failed sign-ins on A and on B count together', async () => {
    const email = 'regular@demo.test';
    expect((await signIn(a.app, email, 'wrong-password-1')).statusCode).toBe(401);
    expect((await signIn(b, email, 'wrong-password-2')).statusCode).toBe(401);
    // the limit (2) is reached across the two: even the right password is refused now, on either
    expect((await signIn(a.app, email)).statusCode).toBe(429);
    expect((await signIn(b, email)).statusCode).toBe(429);
  });
});

describe('one site', () => {
  it('a change on A shows in B’s next anonymous read at once', async () => {
    const member = await a.app.db
      .selectFrom('users')
      .select('hash')
      .where('status', '=', 'VALIDATED')
      .where('email', 'not like', '%@demo.test')
      .orderBy('hash')
      .executeTakeFirstOrThrow();
    const url = `/api/users/${member.hash}`;
    expect((await on(b, 'GET', url)).statusCode).toBe(200);
    expect((await on(b, 'GET', url)).headers['x-public-cache']).toBe('hit');
    const adminToken = (
      await on(
        a.app,
        'POST',
        '/adm/login',
        {},
        { email: 'admin@demo.test', password: DEMO_PASSWORD, deviceId: TEST_DEVICE, deviceType: 2, push: null },
      )
    ).json().token as string;
    const change = await on(a.app, 'PATCH', `/adm/users/${member.hash}`, as(adminToken), { status: 'DISABLED' });
    expect(change.statusCode, change.body).toBe(200);
    expect((await on(b, 'GET', url)).statusCode).toBe(404);
  });

  it('a background task due on both instances runs once', async () => {
    const when = new Date(Date.UTC(2032, 0, 1));
    // at once on PostgreSQL; one after the other on SQLite, whose single file takes one writer (several instances
    // are a PostgreSQL setup: docs/deploy.md)
    const [ranA, ranB] = usingPostgres()
      ? await Promise.all([a.app.tasks.runDue(when), b.tasks.runDue(when)])
      : [await a.app.tasks.runDue(when), await b.tasks.runDue(when)];
    const all = [...ranA, ...ranB];
    expect(all.length).toBeGreaterThan(2);
    expect(new Set(all).size).toBe(all.length);
  });
});
