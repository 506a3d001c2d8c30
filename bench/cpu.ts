/**
 * node --import tsx bench/cpu.ts <database.db> [--n 2000] [--mixes reads,writes,new,searches,messages] [--tree DIR]
 *                                 [--postgres URL] [--profile FILE]
 *
 * CPU per request of each bench mix (bench/mixes.ts), through app.inject in one process: the portal is built
 * in-process (production settings), the mixes are discovered over a real socket exactly as `npm run bench` does,
 * then each mix's requests run one after another through inject and the process's own CPU time (user + system,
 * `process.cpuUsage`) is divided by the requests made. On a shared, loaded machine a req/s figure moves by 2×
 * between runs of the same code; the CPU a request costs moves far less, so this is the figure to compare a change
 * with (run it on both trees in turn). Also prints the CPU per path of each mix (the dearest first) and, with
 * `--profile`, writes a V8 CPU profile of the measured part (read it with bench/profile-summary.ts).
 * `--postgres URL` copies the database into PostgreSQL first (bench/postgres.ts) and measures on it; the CPU of the
 * PostgreSQL server is then not counted (its wall time per request is printed beside it).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { discoverMixes, type Mix } from './mixes';
import { inProcessEnv } from './inProcessEnv';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    n: { type: 'string', default: '2000' },
    mixes: { type: 'string', default: 'reads,writes,new' },
    tree: { type: 'string', default: '.' },
    postgres: { type: 'string' },
    profile: { type: 'string' },
    concurrency: { type: 'string', default: '1' },
  },
});
const database = positionals[0];
if (!database) {
  console.error('usage: cpu.ts <database.db> [--n N] [--mixes reads,writes,new,searches,messages] [--tree DIR]');
  process.exit(2);
}
const MIX_NAMES: Record<string, string> = {
  reads: 'member reads',
  writes: 'member writes',
  new: 'anonymous, new URLs',
  searches: 'anonymous searches',
  messages: 'member messages',
};
const wanted = values.mixes!.split(',').map((m) => MIX_NAMES[m.trim()] ?? m.trim());
const count = Number(values.n);
const concurrency = Number(values.concurrency);

const dir = mkdtempSync(join(tmpdir(), 'portal-cpu-'));
copyFileSync(database, join(dir, 'portal.db'));
const root = resolve(values.tree!);
const { buildApp } = await import(join(root, 'src/server/app.ts'));
const { loadConfig } = await import(join(root, 'src/server/config.ts'));
const { createDb } = await import(join(root, 'src/server/db/dialect.ts'));
let databaseUrl = `sqlite:${join(dir, 'portal.db')}`;
if (values.postgres) {
  const name = 'bench_cpu';
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'postgres.ts'), root, join(dir, 'portal.db'), values.postgres, name],
    { stdio: 'inherit' },
  );
  const url = new URL(values.postgres);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const config = loadConfig(inProcessEnv(dir, databaseUrl));
const db = createDb(databaseUrl);
// migrated: a database generated before a newer migration of the tree still measures that tree's code
const app = await buildApp(config, { db });
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = { apikey: config.apiKey, language: 'en' };
const mixes = (await discoverMixes(base, headers)).filter((mix: Mix) => wanted.includes(mix.name));

type Injected = { method: string; url: string; headers: Record<string, string>; payload?: string };
/** The n-th request of a mix as inject takes it (a dynamic request is made by its setupRequest). */
function requestOf(mix: Mix, n: number): Injected {
  const template = mix.requests[n % mix.requests.length]!;
  const setup = template.setupRequest as ((request: unknown, context: object) => unknown) | undefined;
  const made = setup ? setup({ ...template }, {}) : template;
  const request = made as { method?: string; path?: string; body?: string; headers?: Record<string, string> };
  return {
    method: request.method ?? 'GET',
    url: request.path!,
    headers: { ...headers, ...mix.headers, ...(request.headers ?? {}) },
    payload: request.body,
  };
}
const pathKey = (url: string) => url.split('?')[0]!.replace(/\/[a-z0-9]{16}(?=\/|$)/g, '/:hash');

const session = values.profile ? new (await import('node:inspector/promises')).Session() : null;
console.log(
  `CPU per request through app.inject, ${count} requests per mix (${values.postgres ? 'PostgreSQL' : 'SQLite'})`,
);
for (const mix of mixes) {
  for (let i = 0; i < Math.min(300, count); i++) await app.inject(requestOf(mix, i) as never); // warm-up
  if (session && mixes.indexOf(mix) === 0) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const perPath = new Map<string, { cpu: number; n: number }>();
  const caches = new Map<string, number>();
  const startCpu = process.cpuUsage();
  const startWall = performance.now();
  let next = 0;
  // --concurrency N: N requests in flight at once, as autocannon's connections are (CPU per path is then only
  // meaningful with 1: the requests interleave)
  const worker = async () => {
    while (next < count) {
      const request = requestOf(mix, next++);
      const before = process.cpuUsage();
      const response = await app.inject(request as never);
      const used = process.cpuUsage(before);
      if (response.statusCode >= 300)
        throw new Error(`${mix.name}: ${request.method} ${request.url} answered ${response.statusCode}`);
      const cache = String(response.headers['x-public-cache'] ?? 'none');
      caches.set(cache, (caches.get(cache) ?? 0) + 1);
      const key = `${request.method} ${pathKey(request.url)}`;
      const entry = perPath.get(key) ?? { cpu: 0, n: 0 };
      entry.cpu += used.user + used.system;
      entry.n++;
      perPath.set(key, entry);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpu = process.cpuUsage(startCpu);
  const wall = performance.now() - startWall;
  const each = (cpu.user + cpu.system) / count;
  console.log(
    `  ${mix.name.padEnd(22)} CPU ${each.toFixed(0).padStart(5)} µs/request, wall ${((wall * 1000) / count).toFixed(0)} µs; public cache ${[...caches].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
  for (const [key, entry] of [...perPath].sort((a, b) => b[1].cpu / b[1].n - a[1].cpu / a[1].n).slice(0, 8))
    console.log(`      ${(entry.cpu / entry.n).toFixed(0).padStart(5)} µs  ${key}`);
}
if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(values.profile!, JSON.stringify(profile));
  console.log(`profile: ${values.profile} (node --import tsx bench/profile-summary.ts ${values.profile})`);
}
await app.close();
await db.destroy();
rmSync(dir, { recursive: true, force: true });
