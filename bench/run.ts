/**
 * npm run bench [-- --quick]: the app's list and detail endpoints under load, each beside a bare
 * Fastify route returning a body of the same size in the same run (the ratio is the figure, since
 * these machines are shared and noisy), then the gzipped JS and CSS a first visit downloads.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDb } from '../src/server/db/dialect';
import { launchChromium } from '../tests/helpers/browser';
import { generateLarge, type Volume } from './generate';

const quick = process.argv.includes('--quick');
const volume: Volume = quick ? { users: 10_000, jobs: 5_000, comments: 100_000 } : { users: 100_000, jobs: 50_000, comments: 1_000_000 };
const seconds = quick ? 4 : 10;
const CONNECTIONS = 50;
const HEADERS = { apiKey: 'alumni-web-key', language: 'en' };
const scratch = resolve('bench/.scratch');
const file = join(scratch, `bench-${volume.users}-${volume.jobs}-${volume.comments}.db`);

interface Figures {
  p50: number;
  p90: number;
  p99: number;
  rps: number;
}

async function load(url: string): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: HEADERS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

async function firstVisitBytes(base: string, path: string) {
  const browser = await launchChromium();
  const page = await browser.newPage();
  const sizes = { js: 0, css: 0, files: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        sizes[type === 'script' ? 'js' : 'css'] += gzipSync(body, { level: 9 }).length;
        sizes.files++;
      }),
    );
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  return sizes;
}

async function main() {
  mkdirSync(scratch, { recursive: true });
  if (!existsSync(join('dist', 'index.html'))) execSync('npx vite build', { stdio: 'inherit' });
  if (!existsSync(file)) {
    console.log(`Generating ${volume.users} alumni, ${volume.jobs} jobs, ${volume.comments} comments into ${file}…`);
    const started = Date.now();
    await generateLarge(file, volume, (msg) => process.stdout.write(`\r  ${msg}          `));
    console.log(`\n  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const config = loadConfig({ DATABASE_URL: `sqlite:${file}`, DATA_DIR: scratch, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const db = createDb(config.databaseUrl);
  const app = await buildApp(config, { db, migrate: false, closeDb: true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const get = async (path: string) => (await app.inject({ url: path, headers: HEADERS })).json();
  const job = (await get('/api/jobs?page=1')).items[0];
  const user = (await get('/api/users?page=1')).items[0];
  const deepPage = Math.max(1, Math.floor((await get('/api/jobs')).maxPages / 2));
  const targets: Array<[string, string]> = [
    ['GET /api/jobs (page 1)', '/api/jobs?page=1'],
    [`GET /api/jobs (page ${deepPage})`, `/api/jobs?page=${deepPage}`],
    ['GET /api/jobs?text=designer', '/api/jobs?text=designer'],
    ['GET /api/jobs/{slug}', `/api/jobs/${job.slug}`],
    ['GET /api/users (page 1)', '/api/users?page=1'],
    ['GET /api/users/{hash}', `/api/users/${user.hash}`],
  ];

  const rows: string[] = [];
  for (const [label, path] of targets) {
    const body = (await app.inject({ url: path, headers: HEADERS })).body;
    const bare = Fastify();
    bare.get('/', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const measured = await load(base + path);
    const baseline = await load(bareUrl);
    await bare.close();
    const ratio = (measured.p99 / Math.max(1, baseline.p99)).toFixed(1);
    const rpsRatio = (measured.rps / Math.max(1, baseline.rps)).toFixed(2);
    const line = `| ${label} | ${body.length} | ${measured.p50} / ${measured.p90} / ${measured.p99} | ${measured.rps} | ${baseline.p50} / ${baseline.p90} / ${baseline.p99} | ${baseline.rps} | ${ratio}× | ${rpsRatio} |`;
    console.log(line);
    rows.push(line);
  }
  const spa = await firstVisitBytes(base, '/en/jobs');
  const home = await firstVisitBytes(base, '/en');
  await app.close();

  const report = `# Benchmark results

Machine: ${process.platform} ${process.arch}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.
Data: ${volume.users.toLocaleString('en')} alumni, ${volume.jobs.toLocaleString('en')} jobs, ${volume.comments.toLocaleString('en')} comments (SQLite).
Load: autocannon, ${CONNECTIONS} connections, ${seconds} s per target; the bare route is a Fastify server returning the same body, run right after.

| endpoint | body bytes | app p50 / p90 / p99 ms | app req/s | bare p50 / p90 / p99 ms | bare req/s | p99 ratio | req/s ratio |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

First visit, gzipped (measured in Chromium, every script and stylesheet the page loads):

| page | JS | CSS | files |
|---|---|---|---|
| /en/jobs | ${(spa.js / 1024).toFixed(1)} KiB | ${(spa.css / 1024).toFixed(1)} KiB | ${spa.files} |
| /en | ${(home.js / 1024).toFixed(1)} KiB | ${(home.css / 1024).toFixed(1)} KiB | ${home.files} |

Reproduce: \`npm run bench\` (\`-- --quick\` for a smaller data set).
`;
  if (!quick) writeFileSync('bench/RESULTS.md', report);
  console.log(`\n${report}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
