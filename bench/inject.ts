/**
 * node --import tsx bench/inject.ts <tree> <database.db> <requests> [reads|writes]
 *
 * A member's requests run in one process through app.inject (no sockets, no other process): for comparing two
 * commits' CPU per request with a whole-process timer (`/usr/bin/time -v`, or any tool that runs a command several
 * times), where the load of a shared machine would drown a requests-per-second figure. <tree> is a checkout
 * (e.g. bench/.scratch/tree-<commit> from `npm run bench -- --ref`), <database.db> a database the bench generated
 * for that tree (copied first: the run writes). Prints the requests made and the milliseconds they took.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inProcessEnv } from './inProcessEnv';

const [tree, database, count, kind = 'reads'] = process.argv.slice(2);
if (!tree || !database || !count) {
  console.error('usage: inject.ts <tree> <database.db> <requests> [reads|writes]');
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'portal-inject-'));
copyFileSync(database, join(dir, 'portal.db'));
const root = resolve(tree);
const { buildApp } = await import(join(root, 'src/server/app.ts'));
const { loadConfig } = await import(join(root, 'src/server/config.ts'));
const { createDb } = await import(join(root, 'src/server/db/dialect.ts'));
const url = `sqlite:${join(dir, 'portal.db')}`;
const config = loadConfig(inProcessEnv(dir, url));
const db = createDb(url);
const app = await buildApp(config, { db, migrate: false });
const headers = { apikey: config.apiKey, language: 'en' };
const device = 'benchdevice0123456789';
const login = await app.inject({
  method: 'POST',
  url: '/usr/login',
  headers,
  payload: { email: 'bold@demo.test', password: 'demo-password', deviceId: device, deviceType: 2, push: null },
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
const member = { ...headers, token: login.json().token, deviceid: device, type: '2' };
const article = (await app.inject({ method: 'GET', url: '/api/articles?size=1', headers: member })).json().items[0]
  .hash;
const job = (await app.inject({ method: 'GET', url: '/api/jobs?size=1', headers: member })).json().items[0].slug;
const requests: Array<{ method: 'GET' | 'PATCH'; url: string }> =
  kind === 'writes'
    ? [
        { method: 'PATCH', url: `/api/articles/${article}/save` },
        { method: 'PATCH', url: `/api/jobs/${job}/subscribe` },
      ]
    : [
        '/usr/users/me',
        '/api/jobs?subscribed_by_me=true',
        '/api/articles?saved_by_me=true',
        '/usr/portfolios',
        '/usr/workExperiences',
        '/usr/workgroups',
        '/api/jobs?page=1',
        '/api/articles?page=1',
      ].map((path) => ({ method: 'GET' as const, url: path }));
const started = performance.now();
for (let i = 0; i < Number(count); i++) {
  const request = requests[i % requests.length]!;
  const res = await app.inject({ ...request, headers: member });
  if (res.statusCode >= 300)
    throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
}
console.log(`${count} ${kind} in ${Math.round(performance.now() - started)} ms`);
await app.close();
await db.destroy();
rmSync(dir, { recursive: true, force: true });
