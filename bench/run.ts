/**
 * npm run bench [-- --quick] [-- --ref <commit>] [-- --dist <dir>] [-- --no-pages] [-- --no-areas] [-- --area-runs N] [-- --no-load] [-- --profile] [-- --mix-only] [-- --postgres <server URL>] [-- --data <generated .db>]
 *
 * An honest benchmark of the portal (issue 9 §1, §4), in three processes:
 *  1. the portal as production runs it (`npm start`'s `node` flags, `--import tsx src/server/main.ts`, NODE_ENV=production) on a
 *     copy of a generated database (100k alumni, 50k offers, 1M wall comments; built once and cached in
 *     bench/.scratch/ by generator version and volume);
 *  2. a bare Fastify server (bench/bare-server.ts) answering every measured URL with the very body the
 *     portal gave for it;
 *  3. this process, which drives both in turn with autocannon (50 connections) — a weighted mix of public
 *     requests, then each route alone — samples the portal's RSS from /proc, and runs Lighthouse 12
 *     (mobile preset, Debian's Chromium) on four public pages plus a count of the JS/CSS Chromium downloads.
 * Budgets are printed, not enforced: the exit code is 0 when the measurement worked (whatever the budgets
 * say) and non-zero when it did not (a server that does not start, non-2xx answers, socket errors…).
 * Results go to bench/results/<date>-<commit>.json and .md, and bench/results/latest.md.
 */
import { spawn, execFileSync, execSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import autocannon, { type Request } from 'autocannon';
import type { Volume } from './generate';
import { discoverMixes, sampleBodies, type Mix } from './mixes';
import { summarise } from './profile-summary';
import { areaVisitLines, measureAreaVisits, type AreaVisit } from './areas';

// ───────────────────────────── settings ─────────────────────────────

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const quick = flag('quick');
const ref = option('ref');
const runPages = !flag('no-pages');
const runAreas = !flag('no-areas');
const AREA_RUNS = Number(option('area-runs') ?? (quick ? 1 : 3));
const runLoad = !flag('no-load');
// --profile: the portal runs under `node --cpu-prof` (profile in bench/.scratch/prof/, summarised at the end)
const profile = flag('profile');
// --mix-only: the mix and nothing else (no route alone) — for quick iterations; the result is `-partial`
const mixOnly = flag('mix-only');
// --volume demo: the demo seed alone (issue 27's budgets are for it); quick: 10k / 5k / 100k / 100k; full: 100k / 50k / 1M / 1M
const VOLUMES: Record<string, Volume> = {
  demo: { users: 0, jobs: 0, comments: 0, messages: 0 },
  quick: { users: 10_000, jobs: 5_000, comments: 100_000, messages: 100_000 },
  full: { users: 100_000, jobs: 50_000, comments: 1_000_000, messages: 1_000_000 },
};
const volumeName = option('volume') ?? (quick ? 'quick' : 'full');
const volume: Volume =
  VOLUMES[volumeName] ??
  (() => {
    throw new Error(`--volume demo|quick|full, not ${volumeName}`);
  })();
// --no-public-mix: only the mixes of issue 27 (new URLs, member reads, member writes), not the public one
const publicMix = !flag('no-public-mix');
// --postgres postgres://user@host:port/db: the portal runs on PostgreSQL, on a copy of the generated data (bench/postgres.ts)
const postgresServer = option('postgres');
const MIX_SECONDS = Number(option('mix-seconds') ?? (quick ? 5 : 20));
const ROUTE_SECONDS = Number(option('seconds') ?? (quick ? 3 : 10));
const WARMUP_SECONDS = quick ? 2 : 5;
const LIGHTHOUSE_RUNS = Number(option('lighthouse-runs') ?? (quick ? 1 : 3));
const CONNECTIONS = 50;
const API_KEY = 'bench-api-key-0123456789';
const HEADERS = { apikey: API_KEY, language: 'en' };
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const ROOT = resolve('.');
const scratch = resolve('bench/.scratch');
// bump GENERATOR_VERSION when what the generated database holds changes in a way the hash below does not see
const GENERATOR_VERSION = 4;

// issue 27 §3: public pages keep Lighthouse ≥ 95 and first-visit JS ≤ 160 KiB; each area usable in ≤ 1.5 s
const BUDGETS = {
  lighthousePerformance: 95,
  cls: 0.1,
  firstVisitJsKiB: 160,
  areaUsableMs: 1500,
  mixThroughputRatio: 0.35,
  mixP99Ratio: 4,
};

/** Issue 27 §3: ratio to bare Fastify and p99 of the mixes the cache does not answer (demo data). */
const MIX_BUDGETS: Record<string, { ratio: number; p99Ms: number }> = {
  'anonymous, new URLs': { ratio: 0.2, p99Ms: 15 },
  'member reads': { ratio: 0.15, p99Ms: 15 },
  'member writes': { ratio: 0.1, p99Ms: 15 },
  // issue 29 §5: the inbox and a thread within the budgets of the other signed-in reads
  'member messages': { ratio: 0.15, p99Ms: 15 },
};

// ───────────────────────────── helpers ─────────────────────────────

const children: ChildProcess[] = [];
const chromes = new Set<{ kill: () => unknown }>();
function cleanup() {
  for (const child of children) if (child.exitCode === null && child.pid) child.kill('SIGTERM');
  for (const chrome of chromes) chrome.kill();
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

class MeasurementError extends Error {}
const fail = (message: string): never => {
  throw new MeasurementError(message);
};
const log = (message: string) => console.log(message);
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function freePort(): Promise<number> {
  return new Promise((ok, ko) => {
    const server = createServer();
    server.once('error', ko);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

function git(args: string[], cwd = ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** VmRSS of a process, in MiB (null once it is gone). */
function rssMiB(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every 250 ms until stopped; returns the peak. */
function sampleRss(pid: number) {
  let peak = rssMiB(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid) ?? 0);
  }, 250);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMiB(pid) ?? 0);
  };
}

// ───────────────────────────── the code under test ─────────────────────────────

interface Tree {
  dir: string;
  commit: string;
  /** Files of the working tree that differ from the commit (only when measuring the working tree). */
  dirty: string[];
}

/** The working tree, or with --ref an exported copy of that commit (node_modules linked from here). */
function prepareTree(): Tree {
  if (!ref) {
    const commit = git(['rev-parse', 'HEAD']);
    const dirty = git([
      'status',
      '--porcelain',
      '--untracked-files=no',
      '--',
      'src',
      'schemas',
      'locales',
      'index.html',
      'vite.config.ts',
      'public',
    ])
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
    return { dir: ROOT, commit, dirty };
  }
  const commit = git(['rev-parse', `${ref}^{commit}`]);
  const dir = join(scratch, `tree-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, '.complete'))) {
    log(`Exporting ${commit.slice(0, 12)} into ${dir}…`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: ROOT, stdio: 'inherit' });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, '.complete'), commit);
  }
  // the data generator is the bench's, run against the tree's schema and seed
  mkdirSync(join(dir, 'bench'), { recursive: true });
  for (const file of ['generate.ts', 'generate-db.ts', 'generateMessages.ts'])
    copyFileSync(join(ROOT, 'bench', file), join(dir, 'bench', file));
  return { dir, commit, dirty: [] };
}

/** dist/ of the tree (built when missing; --dist names another folder, --build rebuilds). */
function prepareDist(tree: Tree): string {
  const dist = option('dist') ? resolve(option('dist')!) : join(tree.dir, 'dist');
  if (flag('build') || !existsSync(join(dist, 'index.html'))) {
    log(`Building the web app into ${dist}…`);
    // the tree's own build script (client, and whatever else it builds, e.g. a server renderer); a folder of
    // one's own (--dist) gets the client build only
    if (dist === join(tree.dir, 'dist')) execSync('npm run build', { cwd: tree.dir, stdio: 'inherit' });
    else
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
        { cwd: tree.dir, stdio: 'inherit' },
      );
  }
  return dist;
}

/** Everything that decides what the generated database holds, in the tree under test. */
function datasetKey(tree: Tree): string {
  const hash = createHash('sha1');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(path.slice(tree.dir.length)).update(readFileSync(path));
    }
  };
  for (const file of ['bench/generate.ts', 'bench/generate-db.ts', 'bench/generateMessages.ts'])
    hash.update(readFileSync(join(ROOT, file)));
  walk(join(tree.dir, 'src/server/db/migrations'));
  walk(join(tree.dir, 'src/server/db/seed'));
  return `data-v${GENERATOR_VERSION}-${volume.users}-${volume.jobs}-${volume.comments}-${volume.messages}-${hash.digest('hex').slice(0, 10)}`;
}

/**
 * The demo seed plus the volume, generated once per volume and schema by the tree's own code (in a child
 * process, bench/generate-db.ts) and cached in bench/.scratch/.
 */
function prepareDataset(tree: Tree): { file: string; uploads: string; generatedIn: number | null } {
  // --data FILE: a database an earlier run generated for this volume (e.g. before a migration changed the key below;
  // the newer migrations then run on its copy when the portal starts); its uploads folder beside it, if any
  const given = option('data');
  if (given) return { file: resolve(given), uploads: resolve(given).replace(/\.db$/, '-uploads'), generatedIn: null };
  const name = datasetKey(tree);
  const file = join(scratch, `${name}.db`);
  const uploads = join(scratch, `${name}-uploads`);
  if (existsSync(file)) return { file, uploads, generatedIn: null };
  log(
    `Generating ${volume.users.toLocaleString('en')} alumni, ${volume.jobs.toLocaleString('en')} offers, ${volume.comments.toLocaleString('en')} comments, ${volume.messages.toLocaleString('en')} messages into ${file}…`,
  );
  const started = performance.now();
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/generate-db.ts',
      file,
      uploads,
      String(volume.users),
      String(volume.jobs),
      String(volume.comments),
      String(volume.messages),
    ],
    { cwd: tree.dir, stdio: 'inherit' },
  );
  const took = Math.round((performance.now() - started) / 100) / 10;
  log(`  generated in ${took} s`);
  return { file, uploads, generatedIn: took };
}

interface Server {
  url: string;
  pid: number;
  /** performance.now() when the process was spawned. */
  spawnedAt?: number;
  startedIn: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The V8 flags production starts the portal with: those of `npm start` in the measured tree's package.json
 * (between `node` and `--import`), so the bench runs the portal exactly as an operator does.
 */
function productionNodeFlags(dir: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> })
    .scripts;
  const words = (scripts?.start ?? '').split(/\s+/);
  const end = words.indexOf('--import');
  return words[0] === 'node' && end > 0 ? words.slice(1, end) : [];
}

function spawnServer(
  command: string[],
  env: Record<string, string>,
  cwd: string,
  name: string,
): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, command, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.once('exit', (code, signal) => {
    if (code && code !== 0) console.error(`${name} exited with ${code ?? signal}:\n${output}`);
  });
  return { child, output: () => output };
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((ok) => {
      if (child.exitCode !== null || child.signalCode !== null) return ok();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        ok();
      });
      child.kill('SIGTERM');
    });
}

/** The portal in its own process, production mode, on a fresh copy of the generated database. */
async function startPortal(tree: Tree, dist: string, dataset: { file: string; uploads: string }): Promise<Server> {
  const runDir = join(scratch, 'run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const db = join(runDir, 'portal.db');
  copyFileSync(dataset.file, db);
  let databaseUrl = `sqlite:${db}`;
  if (postgresServer) {
    log('Copying the generated data into PostgreSQL (bench/postgres.ts)…');
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/postgres.ts'), tree.dir, db, postgresServer, 'bench_portal'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    const url = new URL(postgresServer);
    url.pathname = '/bench_portal';
    databaseUrl = url.href;
  }
  if (existsSync(dataset.uploads)) cpSync(dataset.uploads, join(runDir, 'uploads'), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'none',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    API_KEY,
    SECRET_KEY: 'bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz',
    DATABASE_URL: databaseUrl,
    DATA_DIR: runDir,
    DIST_DIR: dist,
    RATE_LIMIT_SCALE: '1000000',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
  const started = performance.now();
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(scratch, 'prof')}`] : [];
  const { child, output } = spawnServer(
    [...profiling, ...productionNodeFlags(tree.dir), '--import', 'tsx', 'src/server/main.ts'],
    env,
    tree.dir,
    'the portal',
  );
  const deadline = Date.now() + 600_000; // migrations added since the dataset was generated run on its copy
  for (;;) {
    if (child.exitCode !== null) fail(`the portal did not start (exit ${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) fail(`the portal did not answer within 10 minutes:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/init`, { headers: HEADERS });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
  return {
    url,
    pid: child.pid!,
    spawnedAt: started,
    startedIn: Math.round(performance.now() - started),
    output,
    stop: stopper(child),
  };
}

async function startBare(bodies: Record<string, string>): Promise<Server> {
  const file = join(scratch, 'bare-bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const started = performance.now();
  const { child, output } = spawnServer(
    ['--import', 'tsx', join(ROOT, 'bench/bare-server.ts'), file],
    {},
    ROOT,
    'the bare server',
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const match = /listening (http:\/\/\S+)/.exec(output());
    if (match)
      return {
        url: match[1]!,
        pid: child.pid!,
        startedIn: Math.round(performance.now() - started),
        output,
        stop: stopper(child),
      };
    if (child.exitCode !== null) fail(`the bare server did not start:\n${output()}`);
    if (Date.now() > deadline) fail(`the bare server did not start within 60 s:\n${output()}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

// ───────────────────────────── load ─────────────────────────────

interface Route {
  name: string;
  paths: string[];
  /** Requests of this route in every cycle of the mix. */
  weight: number;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  bytesPerRequest: number;
}

/** A load: GET paths, or autocannon requests (the mixes of issue 27) with their own headers. */
type Load = string[] | { requests: Request[]; headers: Record<string, string> };

async function load(base: string, what_: Load, seconds: number, what: string): Promise<Figures> {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    // a slow route is a figure, not a failure: only an answer that takes over a minute counts as an error
    timeout: 60,
    headers: Array.isArray(what_) ? HEADERS : { ...HEADERS, ...what_.headers },
    requests: Array.isArray(what_) ? what_.map((path) => ({ method: 'GET', path })) : what_.requests,
  });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(', ');
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    fail(
      `${what}: ${result.non2xx} non-2xx answers (${statuses}), ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  if (result.requests.total === 0) fail(`${what}: no request completed`);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bytesPerRequest: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/**
 * Waits until a server has worked off what the last load left queued: autocannon stops sending, but a slow
 * server still holds up to 50 requests, which would otherwise run during (and skew) the next measurement.
 * Quiet = two requests in a row answered in under 100 ms.
 */
async function drain(server: Server, what: string) {
  const deadline = Date.now() + 120_000;
  let quiet = 0;
  while (quiet < 2) {
    if (Date.now() > deadline) fail(`${what} still busy 2 minutes after the load stopped`);
    const started = performance.now();
    await fetch(`${server.url}/api/init`, { headers: HEADERS }).then(
      (r) => r.arrayBuffer(),
      () => null,
    );
    quiet = performance.now() - started < 100 ? quiet + 1 : 0;
    if (quiet < 2) await new Promise((ok) => setTimeout(ok, 100));
  }
}

async function json(base: string, path: string): Promise<any> {
  const response = await fetch(base + path, { headers: HEADERS });
  if (response.status !== 200)
    fail(`GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

/** The measured public requests, addressed with real ids from the running portal. */
async function discoverRoutes(base: string): Promise<Route[]> {
  const jobs = await json(base, '/api/jobs?page=1');
  const jobs2 = await json(base, '/api/jobs?page=2');
  const slugs = [...(jobs.items ?? []), ...(jobs2.items ?? [])]
    .map((job: { slug: string }) => job.slug)
    .filter(Boolean);
  if (slugs.length === 0) fail('the job list is empty: nothing to address for the job detail');
  const maxPages = Number(jobs.maxPages ?? 1);
  const tag = (jobs.items ?? []).flatMap((job: { tags?: Array<{ hash?: string } | string> }) => job.tags ?? [])[0];
  const tagHash = typeof tag === 'string' ? tag : tag?.hash;
  const filtered = [
    '/api/jobs?text=designer',
    '/api/jobs?contract=FULL-TIME',
    '/api/jobs?contract=INTERNSHIP&text=engineer',
  ];
  if (tagHash) filtered.push(`/api/jobs?tags=${encodeURIComponent(tagHash)}`);
  return [
    { name: 'jobs list (page 1)', paths: ['/api/jobs?page=1'], weight: 4 },
    { name: 'jobs list, filtered', paths: filtered, weight: 3 },
    {
      name: 'job detail',
      paths: slugs.slice(0, 10).map((slug: string) => `/api/jobs/${encodeURIComponent(slug)}`),
      weight: 3,
    },
    { name: 'articles list', paths: ['/api/articles?page=1'], weight: 2 },
    { name: 'directory list', paths: ['/api/users?page=1'], weight: 2 },
    { name: 'groups list', paths: ['/api/workgroups?page=1'], weight: 1 },
    { name: 'countries', paths: ['/api/countries?with_users=true'], weight: 1 },
    { name: `jobs list, deep page (${maxPages})`, paths: [`/api/jobs?page=${maxPages}`], weight: 1 },
  ];
}

/** One cycle of the mix: each route `weight` times, its paths in turn, interleaved rather than grouped. */
function mixPaths(routes: Route[]): string[] {
  const queues = routes.map((route) =>
    Array.from({ length: route.weight }, (_, i) => route.paths[i % route.paths.length]!),
  );
  const out: string[] = [];
  while (queues.some((q) => q.length)) for (const q of queues) if (q.length) out.push(q.shift()!);
  return out;
}

interface Compared {
  name: string;
  paths: number;
  bodyBytes: number;
  app: Figures;
  bare: Figures;
  throughputRatio: number;
  p99Ratio: number;
  appRssPeakMiB: number;
}

async function compare(
  name: string,
  paths: Load,
  seconds: number,
  app: Server,
  bare: Server,
  bodies: Record<string, string>,
): Promise<Compared> {
  const stop = sampleRss(app.pid);
  const appFigures = await load(app.url, paths, seconds, `portal, ${name}`);
  await drain(app, 'the portal');
  const appRssPeakMiB = stop();
  const bareFigures = await load(bare.url, paths, seconds, `bare Fastify, ${name}`);
  await drain(bare, 'bare Fastify');
  const bodyBytes = Array.isArray(paths)
    ? Math.round(paths.reduce((sum, path) => sum + Buffer.byteLength(bodies[path] ?? ''), 0) / paths.length)
    : appFigures.bytesPerRequest;
  const row: Compared = {
    name,
    paths: Array.isArray(paths) ? paths.length : paths.requests.length,
    bodyBytes,
    app: appFigures,
    bare: bareFigures,
    throughputRatio: Math.round((appFigures.rps / Math.max(1, bareFigures.rps)) * 1000) / 1000,
    p99Ratio: Math.round((appFigures.p99 / Math.max(1, bareFigures.p99)) * 10) / 10,
    appRssPeakMiB,
  };
  log(
    `  ${name.padEnd(32)} portal ${String(row.app.rps).padStart(6)} req/s p50 ${row.app.p50} p99 ${row.app.p99} ms | bare ${String(row.bare.rps).padStart(6)} req/s p50 ${row.bare.p50} p99 ${row.bare.p99} ms | ${(row.throughputRatio * 100).toFixed(1)} % throughput, p99 ${row.p99Ratio}× | RSS ${appRssPeakMiB} MiB`,
  );
  return row;
}

// ───────────────────────────── pages ─────────────────────────────

interface PageFigures {
  path: string;
  /** The path with ids replaced by their kind ({slug}), for tables that compare runs. */
  label: string;
  runs: number;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes on the wire as Lighthouse recorded them (transfer size, whatever encoding the server chose). */
  wireJsKiB: number;
  wireCssKiB: number;
  /** Every script and stylesheet Chromium loaded (playwright-core, until network idle), each gzipped at level 9. */
  gzipJsKiB: number;
  gzipCssKiB: number;
  files: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster; ~1000+ is a typical desktop). */
  benchmarkIndex: number;
}

async function lighthouseRun(url: string, port: number) {
  const { default: lighthouse } = await import('lighthouse');
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) fail(`Lighthouse gave no result for ${url}`);
  if (lhr!.runtimeError) fail(`Lighthouse on ${url}: ${lhr!.runtimeError.code} ${lhr!.runtimeError.message}`);
  const audit = (id: string) => {
    const value = lhr!.audits[id]?.numericValue;
    if (typeof value !== 'number')
      fail(`Lighthouse on ${url}: no ${id} (${lhr!.audits[id]?.errorMessage ?? 'missing'})`);
    return value!;
  };
  const items =
    (lhr!.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> })
      ?.items ?? [];
  const wire = (type: string) =>
    items.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const score = lhr!.categories['performance']?.score;
  if (typeof score !== 'number') fail(`Lighthouse on ${url}: no performance score`);
  return {
    performance: Math.round(score! * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    benchmarkIndex: Math.round(lhr!.environment?.benchmarkIndex ?? 0),
    wireJsKiB: kib(wire('Script')),
    wireCssKiB: kib(wire('Stylesheet')),
  };
}

/** What Chromium actually loads on a first visit (lazy route chunks included), gzipped at level 9. */
async function browserFirstVisit(url: string) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
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
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response || response.status() !== 200) fail(`${url} answered ${response?.status()} in Chromium`);
    // chunks asked for late on a busy machine (after a 500 ms quiet spell) still count as the first visit's
    await page.waitForTimeout(3000);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    // a server-rendered page carries its CSS inline (src/server/ssr/template.ts): the <style> elements of the
    // document as served count as its CSS too (not the ones scripts add later)
    const served = await (await fetch(url)).text();
    const inline = [...served.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
    if (inline) sizes.css += gzipSync(inline, { level: 9 }).length;
    return sizes;
  } finally {
    await browser.close();
  }
}

async function measurePages(base: string, jobSlug: string): Promise<PageFigures[]> {
  const paths = ['/en', '/en/jobs', `/en/jobs/${encodeURIComponent(jobSlug)}`, '/en/news'];
  const labels = ['/en', '/en/jobs', '/en/jobs/{slug}', '/en/news'];
  for (const path of paths) {
    const response = await fetch(base + path);
    if (response.status !== 200) fail(`GET ${path} answered ${response.status}`);
  }
  const chromeLauncher = await import('chrome-launcher');
  // a fresh Chromium for every Lighthouse run: a reused one fails more often with NO_NAVSTART on a busy machine
  const lighthouseInFreshChromium = async (url: string) => {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    chromes.add(chrome);
    try {
      return await lighthouseRun(url, chrome.port);
    } finally {
      chrome.kill();
      chromes.delete(chrome);
    }
  };
  const out: PageFigures[] = [];
  for (const [index, path] of paths.entries()) {
    const runs: Array<Awaited<ReturnType<typeof lighthouseRun>>> = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      // Lighthouse's own advice for a trace that went wrong (NO_NAVSTART, NO_FCP…) is to run again: up to 3 tries
      for (let attempt = 1; ; attempt++) {
        try {
          runs.push(await lighthouseInFreshChromium(base + path));
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
          log(
            `  (Lighthouse on ${path}, attempt ${attempt}: ${(error as Error).message.split('\n')[0]}; running again)`,
          );
        }
      }
    }
    // the run with the median score stands for the page (Lighthouse's own advice for several runs)
    const chosen = runs.find((run) => run.performance === median(runs.map((r) => r.performance)))!;
    const seen = await browserFirstVisit(base + path);
    const row: PageFigures = {
      path,
      label: labels[index]!,
      runs: runs.length,
      ...chosen,
      gzipJsKiB: kib(seen.js),
      gzipCssKiB: kib(seen.css),
      files: seen.files,
    };
    log(
      `  ${row.label.padEnd(16)} performance ${row.performance}  FCP ${row.fcpMs} ms  LCP ${row.lcpMs} ms  TBT ${row.tbtMs} ms  CLS ${row.cls}  JS ${row.gzipJsKiB} KiB gz (${row.wireJsKiB} KiB on the wire)  CSS ${row.gzipCssKiB} KiB gz`,
    );
    out.push(row);
  }
  return out;
}

// ───────────────────────────── report ─────────────────────────────

interface Budget {
  figure: string;
  value: string;
  target: string;
  pass: boolean;
}

function budgets(mix: Compared | null, pages: PageFigures[], mixes: Compared[], areas: AreaVisit[]): Budget[] {
  const out: Budget[] = [];
  for (const area of areas.filter((row) => !row.path.match(/^\/[a-z]{2}\/?$/))) {
    out.push({
      figure: `first visit of ${area.area}, usable (issue 27)`,
      value: `${area.usableMs} ms`,
      target: `≤ ${BUDGETS.areaUsableMs} ms`,
      pass: area.usableMs <= BUDGETS.areaUsableMs,
    });
  }
  for (const row of mixes) {
    const budget = MIX_BUDGETS[row.name];
    if (!budget) continue;
    // issue 27 §3: on the big dataset at least half of each ratio, p99 ≤ 50 ms
    const big = volume.users > 0;
    const ratio = big ? budget.ratio / 2 : budget.ratio;
    const p99 = big ? 50 : budget.p99Ms;
    out.push({
      figure: `${row.name}, portal / bare Fastify (issue 27)`,
      value: `${row.throughputRatio.toFixed(3)} (${row.app.rps} / ${row.bare.rps} req/s)`,
      target: `≥ ${ratio}`,
      pass: row.throughputRatio >= ratio,
    });
    out.push({
      figure: `${row.name}, portal p99 (issue 27)`,
      value: `${row.app.p99} ms`,
      target: `≤ ${p99} ms`,
      pass: row.app.p99 <= p99,
    });
  }
  for (const page of pages) {
    out.push({
      figure: `Lighthouse mobile performance ${page.label}`,
      value: String(page.performance),
      target: `≥ ${BUDGETS.lighthousePerformance}`,
      pass: page.performance >= BUDGETS.lighthousePerformance,
    });
    out.push({
      figure: `CLS ${page.label}`,
      value: String(page.cls),
      target: `≤ ${BUDGETS.cls}`,
      pass: page.cls <= BUDGETS.cls,
    });
  }
  if (pages.length) {
    const worst = pages.reduce((a, b) => (b.gzipJsKiB > a.gzipJsKiB ? b : a));
    out.push({
      figure: `first-visit JS, gzipped (largest: ${worst.label})`,
      value: `${worst.gzipJsKiB} KiB`,
      target: `≤ ${BUDGETS.firstVisitJsKiB} KiB`,
      pass: worst.gzipJsKiB <= BUDGETS.firstVisitJsKiB,
    });
  }
  if (mix) {
    out.push({
      figure: 'mix throughput, portal / bare Fastify',
      value: `${(mix.throughputRatio * 100).toFixed(1)} % (${mix.app.rps} / ${mix.bare.rps} req/s)`,
      target: `≥ ${BUDGETS.mixThroughputRatio * 100} %`,
      pass: mix.throughputRatio >= BUDGETS.mixThroughputRatio,
    });
    out.push({
      figure: 'mix p99, portal / bare Fastify',
      value: `${mix.p99Ratio}× (${mix.app.p99} / ${mix.bare.p99} ms)`,
      target: `≤ ${BUDGETS.mixP99Ratio}×`,
      pass: mix.app.p99 <= BUDGETS.mixP99Ratio * Math.max(1, mix.bare.p99),
    });
  }
  return out;
}

function markdown(result: any): string {
  const lines: string[] = [];
  const short = result.commit.slice(0, 12);
  lines.push(
    `# Benchmark ${result.date} — ${short}${result.dirty.length ? ` + ${result.dirty.length} uncommitted file(s)` : ''}${result.quick ? ' (quick)' : ''}`,
  );
  lines.push('');
  lines.push(
    `Commit \`${result.commit}\`${result.dirty.length ? ` with uncommitted changes in: ${result.dirty.map((f: string) => `\`${f}\``).join(', ')}` : ' (clean)'}.`,
  );
  lines.push(
    `Machine: ${result.machine.cpus} × ${result.machine.cpuModel}, ${result.machine.memoryGiB} GiB, Node ${result.machine.node}; load average ${result.machine.loadBefore} before, ${result.machine.loadAfter} after (other work on the machine skews the figures: compare ratios measured in the same run). Data: ${result.volume.users.toLocaleString('en')} alumni, ${result.volume.jobs.toLocaleString('en')} offers, ${result.volume.comments.toLocaleString('en')} comments, ${(result.volume.messages ?? 0).toLocaleString('en')} messages (${result.database === 'postgres' ? 'PostgreSQL, copied from the generated SQLite file' : 'SQLite'}).`,
  );
  if (result.load) {
    lines.push(
      `Load: autocannon, ${CONNECTIONS} connections, mix ${result.settings.mixSeconds} s, each route ${result.settings.routeSeconds} s, portal (production, own process, with npm start's node flags) then bare Fastify (own process, same bodies). Portal started in ${result.load.portalStartMs} ms, RSS idle ${result.load.rssIdleMiB} MiB, peak ${result.load.rssPeakMiB} MiB, after load ${result.load.rssAfterMiB} MiB.`,
    );
    lines.push('');
    lines.push(
      '| requests | portal req/s | portal p50 / p99 ms | bare req/s | bare p50 / p99 ms | throughput ratio | p99 ratio | body bytes | portal RSS peak |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|');
    for (const row of [result.load.mix, ...(result.load.mixes ?? []), ...result.load.routes].filter(
      Boolean,
    ) as Compared[]) {
      lines.push(
        `| ${row === result.load.mix ? '**mix**' : (result.load.mixes ?? []).includes(row) ? `**${row.name}**` : row.name}${row.paths > 1 ? ` (${row.paths} URLs)` : ''} | ${row.app.rps} | ${row.app.p50} / ${row.app.p99} | ${row.bare.rps} | ${row.bare.p50} / ${row.bare.p99} | ${(row.throughputRatio * 100).toFixed(1)} % | ${row.p99Ratio}× | ${row.bodyBytes} | ${row.appRssPeakMiB} MiB |`,
      );
    }
    lines.push('');
    lines.push(`Mix, per cycle: ${result.load.mixRoutes.map((r: Route) => `${r.name} ×${r.weight}`).join(', ')}.`);
    if (result.load.single?.length) {
      lines.push('');
      lines.push(
        `Each URL unloaded, ms (second request / median of 4 more in a row): ${result.load.single.map((s: { path: string; firstMs: number; ms: number }) => `\`${s.path.replace(/^\/api/, '')}\` ${s.firstMs}/${s.ms}`).join(' · ')}.`,
      );
    }
  }
  if (result.pages?.length) {
    lines.push('');
    lines.push(
      `Pages: ${result.pageTool}; median of ${result.settings.lighthouseRuns} run(s) per page (job detail: \`${result.pages[2]?.path ?? ''}\`; Lighthouse benchmarkIndex ${result.pages.map((p: PageFigures) => p.benchmarkIndex).join(', ')}). JS/CSS gz: every script and stylesheet Chromium loaded until network idle, plus the CSS inlined in the page's HTML, gzipped at level 9; wire: Lighthouse's transfer sizes.`,
    );
    lines.push('');
    lines.push(
      '| page | performance | FCP ms | LCP ms | TBT ms | CLS | JS gz KiB | CSS gz KiB | JS wire KiB | files |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const page of result.pages as PageFigures[]) {
      lines.push(
        `| ${page.label} | ${page.performance} | ${page.fcpMs} | ${page.lcpMs} | ${page.tbtMs} | ${page.cls} | ${page.gzipJsKiB} | ${page.gzipCssKiB} | ${page.wireJsKiB} | ${page.files} |`,
      );
    }
  }
  lines.push(...areaVisitLines(result.areas ?? []));
  lines.push('');
  lines.push('| budget (issue 9 §4) | figure | target | |');
  lines.push('|---|---|---|---|');
  for (const budget of result.budgets as Budget[])
    lines.push(`| ${budget.figure} | ${budget.value} | ${budget.target} | ${budget.pass ? 'pass' : '**FAIL**'} |`);
  lines.push('');
  for (const failure of result.failed ?? []) lines.push(`**Measurement failed:** ${failure}\n`);
  lines.push(
    `Took ${Math.round(result.tookSeconds)} s. Reproduce: \`npm run bench${result.quick ? ' -- --quick' : ''}\` (see docs/bench.md).`,
  );
  return `${lines.join('\n')}\n`;
}

// ───────────────────────────── main ─────────────────────────────

async function main() {
  const began = performance.now();
  const loadBefore = loadavg()[0]!.toFixed(2);
  mkdirSync(scratch, { recursive: true });
  const tree = prepareTree();
  log(
    `Measuring ${tree.commit.slice(0, 12)}${tree.dirty.length ? ` + ${tree.dirty.length} uncommitted file(s)` : ''} in ${tree.dir}${quick ? ' (quick)' : ''}`,
  );
  const dist = prepareDist(tree);
  const dataset = prepareDataset(tree);
  if (flag('prepare')) {
    log(`Prepared: ${dist}, ${dataset.file}`);
    return;
  }

  log('Starting the portal (production, own process)…');
  const app = await startPortal(tree, dist, dataset);
  let bare: Server | null = null;
  try {
    log(`  ${app.url}, pid ${app.pid}, answered after ${app.startedIn} ms, RSS ${rssMiB(app.pid)} MiB`);
    const routes = await discoverRoutes(app.url);
    const allPaths = [...new Set(routes.flatMap((route) => route.paths))];
    const bodies: Record<string, string> = {};
    for (const path of allPaths) {
      const response = await fetch(app.url + path, { headers: HEADERS });
      if (response.status !== 200) fail(`GET ${path} answered ${response.status}`);
      bodies[path] = await response.text();
    }
    // each URL alone and unloaded, to tell which URL of a group is slow: the first request after the fetch above,
    // then the median of 4 more in a row (a cache would show as first ≫ repeated)
    const single: Array<{ path: string; firstMs: number; ms: number }> = [];
    for (const path of allPaths) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await (await fetch(app.url + path, { headers: HEADERS })).arrayBuffer();
        times.push(performance.now() - started);
      }
      const round = (ms: number) => Math.round(ms * 10) / 10;
      single.push({ path, firstMs: round(times[0]!), ms: round(median(times.slice(1))) });
    }
    log(`Unloaded, first / median of 4 more, ms: ${single.map((s) => `${s.path} ${s.firstMs}/${s.ms}`).join(', ')}`);
    let loadResult: Record<string, unknown> | null = null;
    let mix: Compared | null = null;
    // --mixes new,reads,writes: only the mixes whose name holds one of these words
    const only = option('mixes')?.split(',');
    const extraMixes: Mix[] = (
      runLoad
        ? await discoverMixes(app.url, HEADERS).catch((error: Error) => fail(`the mixes of issue 27: ${error.message}`))
        : []
    ).filter((m) => !only || only.some((word) => m.name.includes(word)));
    for (const extra of extraMixes)
      Object.assign(bodies, await sampleBodies(app.url, extra, HEADERS).catch((error: Error) => fail(error.message)));
    if (runLoad) {
      bare = await startBare(bodies);
      log(`  bare Fastify at ${bare.url}, pid ${bare.pid}`);
      const rssIdleMiB = rssMiB(app.pid) ?? 0;
      const cycle = mixPaths(routes);
      profileSkipSeconds = (performance.now() - (app.spawnedAt ?? 0)) / 1000;
      log(`Warming up (${WARMUP_SECONDS} s each)…`);
      await load_(app.url, cycle, WARMUP_SECONDS, 'portal warm-up');
      await drain(app, 'the portal');
      await load_(bare.url, cycle, WARMUP_SECONDS, 'bare warm-up');
      await drain(bare, 'bare Fastify');
      if (publicMix) {
        log(`Mix (${cycle.length} requests per cycle, ${MIX_SECONDS} s each):`);
        mix = await compare('mix', cycle, MIX_SECONDS, app, bare, bodies);
      }
      const mixRows: Compared[] = [];
      for (const extra of extraMixes) {
        const what = { requests: extra.requests, headers: extra.headers };
        await load_(app.url, what, WARMUP_SECONDS, `portal warm-up, ${extra.name}`);
        await drain(app, 'the portal');
        mixRows.push(await compare(extra.name, what, MIX_SECONDS, app, bare, bodies));
      }
      log(`Each route alone (${ROUTE_SECONDS} s each):`);
      const routeRows: Compared[] = [];
      if (!mixOnly)
        for (const route of routes)
          routeRows.push(await compare(route.name, route.paths, ROUTE_SECONDS, app, bare, bodies));
      const rssAfterMiB = rssMiB(app.pid) ?? 0;
      loadResult = {
        portalStartMs: app.startedIn,
        rssIdleMiB,
        rssPeakMiB: Math.max(
          ...[mix, ...mixRows, ...routeRows].filter((r): r is Compared => !!r).map((r) => r.appRssPeakMiB),
        ),
        mixes: mixRows,
        rssAfterMiB,
        mixRoutes: routes.map(({ name, weight, paths }) => ({ name, weight, paths })),
        single,
        mix,
        routes: routeRows,
      };
      await bare.stop();
      bare = null;
    }
    let pages: PageFigures[] = [];
    let pagesError: string | null = null;
    if (runPages) {
      log(`Pages: Lighthouse 12 mobile preset, ${LIGHTHOUSE_RUNS} run(s) each, then a first visit in Chromium…`);
      const slug = routes
        .find((route) => route.name === 'job detail')!
        .paths[0]!.split('/')
        .pop()!;
      try {
        pages = await measurePages(app.url, decodeURIComponent(slug));
      } catch (error) {
        // the load figures are kept; the run still ends in failure
        pagesError = (error as Error).message;
        console.error(`Page report failed: ${pagesError}`);
      }
    }
    let areas: AreaVisit[] = [];
    if (runAreas) {
      log(`First visits of the signed-in areas in Chromium, ${AREA_RUNS} run(s) each…`);
      try {
        areas = await measureAreaVisits(app.url, CHROMIUM, AREA_RUNS, log);
      } catch (error) {
        pagesError = `${pagesError ? `${pagesError}; ` : ''}area visits: ${(error as Error).message}`;
        console.error(`Area visits failed: ${(error as Error).message}`);
      }
    }
    if (app.output().trim()) log(`Portal output (warnings):\n${app.output().trim().slice(-2000)}`);

    const date = new Date().toISOString().slice(0, 10);
    const result = {
      date,
      when: new Date().toISOString(),
      commit: tree.commit,
      dirty: tree.dirty,
      ref: ref ?? null,
      quick,
      machine: {
        loadBefore,
        loadAfter: loadavg()[0]!.toFixed(2),
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
        platform: `${process.platform} ${process.arch}`,
      },
      volume,
      database: postgresServer ? 'postgres' : 'sqlite',
      dataset: { file: dataset.file.replace(`${ROOT}/`, ''), generatedInSeconds: dataset.generatedIn },
      settings: {
        connections: CONNECTIONS,
        mixSeconds: MIX_SECONDS,
        routeSeconds: ROUTE_SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        lighthouseRuns: LIGHTHOUSE_RUNS,
        headers: Object.keys(HEADERS),
      },
      load: loadResult,
      pageTool: 'Lighthouse 12.8.2, default (mobile) preset with simulated throttling, Debian Chromium headless',
      pages,
      areas,
      budgets: budgets(mix, pages, (loadResult?.['mixes'] as Compared[] | undefined) ?? [], areas),
      failed: pagesError ? [`page report: ${pagesError}`] : [],
      tookSeconds: (performance.now() - began) / 1000,
    };
    const md = markdown(result);
    const dir = resolve('bench/results');
    mkdirSync(dir, { recursive: true });
    const partial =
      !runLoad ||
      !runPages ||
      !runAreas ||
      mixOnly ||
      profile ||
      !publicMix ||
      volumeName !== (quick ? 'quick' : 'full') ||
      option('seconds') ||
      option('mix-seconds') ||
      option('lighthouse-runs') ||
      option('area-runs');
    const stem = `${date}-${tree.commit.slice(0, 12)}${tree.dirty.length ? '-dirty' : ''}${quick ? '-quick' : ''}${partial ? '-partial' : ''}${pagesError ? '-failed' : ''}`;
    writeFileSync(join(dir, `${stem}.json`), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(dir, `${stem}.md`), md);
    // latest.md is the last complete full run: full volume, load and pages, nothing failed
    const complete =
      !quick &&
      !pagesError &&
      runLoad &&
      runPages &&
      runAreas &&
      !mixOnly &&
      !profile &&
      publicMix &&
      volumeName === 'full' &&
      !option('seconds') &&
      !option('mix-seconds') &&
      !option('lighthouse-runs');
    if (complete) writeFileSync(join(dir, 'latest.md'), md);
    log(`\n${md}`);
    log(`Written: bench/results/${stem}.json, bench/results/${stem}.md${complete ? ', bench/results/latest.md' : ''}`);
    if (pagesError) fail(`page report: ${pagesError}`);
  } finally {
    if (bare) await bare.stop();
    await app.stop();
    if (profile) printProfile();
  }
}

/** Seconds from the portal's spawn to the first load: the profile's start, left out of its summary. */
let profileSkipSeconds = 0;

/** The CPU profile of the portal's main thread (tsx's loader thread writes a small one beside it), summarised. */
function printProfile() {
  const dir = join(scratch, 'prof');
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the portal's pid and thread 0
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.cpuprofile') && f.split('.')[4] === '0')
        .sort()
    : [];
  if (!files.length) return log('No CPU profile was written (the portal did not exit cleanly?)');
  log(`\n${summarise(join(dir, files[files.length - 1]!), 40, profileSkipSeconds)}`);
}

/** A run whose figures are thrown away (warm-up), still failing on errors. */
async function load_(base: string, paths: Load, seconds: number, what: string) {
  await load(base, paths, seconds, what);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof MeasurementError ? `\nMeasurement failed: ${error.message}` : error);
    process.exit(1);
  },
);
