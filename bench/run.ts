/**
 * npm run bench [-- --quick]: the app's list and detail endpoints under load, each beside a bare
 * Fastify route returning a body of the same size in the same run (the ratio is the figure, since
 * these machines are shared and noisy), then the gzipped JS and CSS a first visit downloads.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDb, migrateToLatest } from '../src/server/db/dialect';
import { seedDemo } from '../src/server/db/seed/index';
import { generateLarge, type Volume } from './generate';

const quick = process.argv.includes('--quick');
const volume: Volume = quick ? { users: 10_000, jobs: 5_000, comments: 100_000 } : { users: 100_000, jobs: 50_000, comments: 1_000_000 };
const seconds = quick ? 4 : 10;
const CONNECTIONS = 50;
const HEADERS = { apiKey: 'alumni-web-key', language: 'en' };
const scratch = resolve('bench/.scratch');
// bump the version when the generator changes, so an old scratch database is not reused
const file = join(scratch, `bench-v2-${volume.users}-${volume.jobs}-${volume.comments}.db`);

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

/** The demo seed (demo accounts, taxonomy, groups) plus the volume; built beside and renamed when whole. */
async function prepareDatabase(): Promise<string> {
  if (existsSync(file)) return 'reused';
  const partial = `${file}.partial`;
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
  console.log(`Generating ${volume.users} alumni, ${volume.jobs} jobs, ${volume.comments} comments into ${file}…`);
  const started = performance.now();
  const db = createDb(`sqlite:${partial}`);
  await migrateToLatest(db);
  await seedDemo(db, { uploadsDir: join(scratch, 'uploads') });
  await generateLarge(db, { ...volume, onProgress: (msg) => process.stdout.write(`\r  ${msg}          `) });
  await db.destroy();
  renameSync(partial, file);
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  console.log(`\n  done in ${took}`);
  return took;
}

/** Entry script and stylesheets of dist/index.html, its modulepreloads, and the static imports they pull in. */
async function staticFirstVisit(base: string, path: string) {
  const html = await (await fetch(base + path)).text();
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src && /type\s*=\s*["']module["']/.test(tag)) scripts.add(new URL(src, base + path).href);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.add(new URL(href, base + path).href);
    if (rel === 'stylesheet') styles.add(new URL(href, base + path).href);
  }
  const sizes = { js: 0, css: 0, files: 0 };
  const queue = [...scripts];
  const seen = new Set(queue);
  while (queue.length) {
    const url = queue.shift()!;
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    sizes.js += gzipSync(body, { level: 9 }).length;
    sizes.files++;
    // static `import … from "x"`, `import "x"` and `export … from "x"`; dynamic import("x") is not followed
    for (const match of body.toString('utf8').matchAll(/\b(?:import|export)\s*(?:[^'"();=]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) {
      const next = new URL(match[1]!, url).href;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  for (const url of styles) {
    sizes.css += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
    sizes.files++;
  }
  return sizes;
}

/** What Chromium actually loads (lazy route chunks included), when Chromium is there. */
async function browserFirstVisit(base: string, path: string) {
  const { launchChromium } = await import('../tests/helpers/browser');
  const browser = await launchChromium();
  try {
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
    return sizes;
  } finally {
    await browser.close();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main() {
  mkdirSync(scratch, { recursive: true });
  if (!existsSync(join('dist', 'index.html'))) execSync('npx vite build', { stdio: 'inherit' });
  const generation = await prepareDatabase();
  const config = loadConfig({ DATABASE_URL: `sqlite:${file}`, DATA_DIR: scratch, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DIST_DIR: resolve('dist') });
  const db = createDb(config.databaseUrl);
  const app = await buildApp(config, { db, migrate: false, closeDb: true });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const inject = (path: string) => app.inject({ url: path, headers: HEADERS });
  const firstItem = async (path: string) => {
    const response = await inject(path);
    return response.statusCode === 200 ? (response.json().items?.[0] as Record<string, string> | undefined) : undefined;
  };
  const jobsPage = await inject('/api/jobs');
  const deepPage = jobsPage.statusCode === 200 ? Math.max(1, Math.floor(Number(jobsPage.json().maxPages ?? 1) / 2)) : 1;
  const job = await firstItem('/api/jobs?page=1');
  const user = await firstItem('/api/users?page=1');
  const targets: Array<[string, string | undefined]> = [
    ['GET /api/jobs (page 1)', '/api/jobs?page=1'],
    [`GET /api/jobs (page ${deepPage})`, `/api/jobs?page=${deepPage}`],
    ['GET /api/jobs?text=designer', '/api/jobs?text=designer'],
    ['GET /api/jobs/{slug}', job && `/api/jobs/${job.slug}`],
    ['GET /api/users (page 1)', '/api/users?page=1'],
    ['GET /api/users/{hash}', user && `/api/users/${user.hash}`],
  ];

  const rows: string[] = [];
  const notes: string[] = [];
  for (const [label, path] of targets) {
    const response = path ? await inject(path) : undefined;
    if (!path || !response || response.statusCode !== 200) {
      const why = !path ? 'nothing to address (its list is missing or empty)' : `answers ${response?.statusCode}`;
      notes.push(`- ${label}: skipped, ${why}.`);
      console.log(`skipped ${label}: ${why}`);
      continue;
    }
    const body = response.body;
    const bare = Fastify();
    bare.get('/', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const measured = await load(base + path);
    const baseline = await load(bareUrl);
    await bare.close();
    const ratio = (measured.p99 / Math.max(1, baseline.p99)).toFixed(1);
    const rpsRatio = (measured.rps / Math.max(1, baseline.rps)).toFixed(2);
    const line = `| ${label} | ${Buffer.byteLength(body)} | ${measured.p50} / ${measured.p90} / ${measured.p99} | ${measured.rps} | ${baseline.p50} / ${baseline.p90} / ${baseline.p99} | ${baseline.rps} | ${ratio}× | ${rpsRatio} |`;
    console.log(line);
    rows.push(line);
  }

  const pages = ['/en/jobs', '/en', '/en/news'];
  const visits: string[] = [];
  for (const page of pages) {
    const fixed = await staticFirstVisit(base, page);
    let browser = 'n/a';
    try {
      const seen = await browserFirstVisit(base, page);
      browser = `${kib(seen.js)} JS + ${kib(seen.css)} CSS (${seen.files} files)`;
    } catch (error) {
      browser = `n/a (${String((error as Error).message).split('\n')[0]})`;
    }
    visits.push(`| ${page} | ${kib(fixed.js)} | ${kib(fixed.css)} | ${fixed.files} | ${browser} |`);
  }
  await app.close();

  const report = `# Benchmark results

Machine: ${process.platform} ${process.arch}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.
Data: ${volume.users.toLocaleString('en')} alumni, ${volume.jobs.toLocaleString('en')} jobs, ${volume.comments.toLocaleString('en')} comments (SQLite, generated ${generation === 'reused' ? 'earlier and reused' : `in ${generation}`}).
Load: autocannon, ${CONNECTIONS} connections, ${seconds} s per target, headers \`apiKey\`, \`language: en\`; the bare route is a Fastify server returning the same body, run right after.

| endpoint | body bytes | app p50 / p90 / p99 ms | app req/s | bare p50 / p90 / p99 ms | bare req/s | p99 ratio | req/s ratio |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
${notes.length ? `\n${notes.join('\n')}\n` : ''}
First visit, gzipped (level 9). "Static" is what dist/index.html names (entry script, stylesheets, modulepreloads) plus the
static imports those chunks pull in; "Chromium" is every script and stylesheet the browser actually loads for the page
(lazy route chunks included).

| page | static JS | static CSS | static files | Chromium |
|---|---|---|---|---|
${visits.join('\n')}

Reproduce: \`npm run bench\` (\`-- --quick\` for a smaller data set; the scratch database in bench/.scratch/ is reused).
`;
  if (!quick) writeFileSync('bench/RESULTS.md', report);
  console.log(`\n${report}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
