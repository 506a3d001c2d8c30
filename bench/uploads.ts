/**
 * npm run bench:uploads [-- --ref <commit>] [-- --uploads 50] [-- --rounds 3]
 *
 * The memory of the upload pipeline (issue 23 §5): the portal in its own process, as production runs it
 * (`node --import tsx src/server/main.ts`, NODE_ENV=production, SQLite with the demo seed in a fresh folder),
 * and this process sending `--uploads` (default 50) concurrent CV uploads of the maximum size (a complete 10 MB
 * PDF) over real HTTP, `--rounds` times (default 3). The portal's RSS (VmRSS from /proc) is sampled every 20 ms:
 * before (idle after start and one small warm-up upload), the peak of each round, and after (2 s after the last).
 * Also reported: how many answers were 200, and whether the temporary folder (DATA_DIR/tmp) was left empty.
 * `--ref <commit>` measures that commit instead of the working tree (exported with git archive into
 * bench/.scratch/tree-<hash>, node_modules linked), e.g. the code before streaming.
 * Results: printed, and written to bench/results/uploads-<date>-<commit>.md.
 */
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ref = option('ref');
const UPLOADS = Number(option('uploads') ?? 50);
const ROUNDS = Number(option('rounds') ?? 3);
const MB = 1024 * 1024;
const MAX_CV_BYTES = 10 * MB; // UPLOAD_KINDS.document.maxBytes
const API_KEY = 'bench-api-key-0123456789';
const ROOT = resolve('.');
const scratch = resolve('bench/.scratch');

let child: ChildProcess | null = null;
process.on('exit', () => {
  if (child && child.exitCode === null) child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

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

function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

/** The working tree, or with --ref an exported copy of that commit. */
function prepareTree(): { dir: string; commit: string; dirty: boolean } {
  if (!ref)
    return {
      dir: ROOT,
      commit: git(['rev-parse', 'HEAD']),
      dirty: git(['status', '--porcelain', '--untracked-files=no', '--', 'src']).length > 0,
    };
  const commit = git(['rev-parse', `${ref}^{commit}`]);
  const dir = join(scratch, `tree-${commit.slice(0, 12)}`);
  if (!existsSync(join(dir, '.complete'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: ROOT, stdio: 'inherit' });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, '.complete'), commit);
  }
  return { dir, commit, dirty: false };
}

/** A complete PDF of exactly `size` bytes (header, padding in a comment-free stream, end marker). */
function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

function multipartBody(file: Buffer) {
  const boundary = '----benchUploadBoundary7MA4YWxkTrZu0gW';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  const tree = prepareTree();
  const runDir = join(scratch, 'uploads-run');
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'none',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    API_KEY,
    SECRET_KEY: 'bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz',
    DATABASE_URL: `sqlite:${join(runDir, 'portal.db')}`,
    DATA_DIR: runDir,
    DIST_DIR: join(ROOT, 'dist'),
    RATE_LIMIT_SCALE: '1000000',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
  };
  let output = '';
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: tree.dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const pid = child.pid!;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the portal did not start:\n${output}`);
    if (i > 2400) throw new Error(`the portal did not answer within 10 minutes:\n${output}`);
    try {
      if ((await fetch(`${url}/api/init`, { headers: { apikey: API_KEY, language: 'en' } })).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const login = await fetch(`${url}/usr/login`, {
    method: 'POST',
    headers: { apikey: API_KEY, language: 'en', 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bold@demo.test',
      password: 'demo-password',
      deviceId: 'benchdevice0123456789',
      deviceType: 2,
      push: null,
    }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const headers = (contentType: string) => ({
    apikey: API_KEY,
    language: 'en',
    token,
    deviceId: 'benchdevice0123456789',
    type: '2',
    'content-type': contentType,
  });
  const upload = async (body: Buffer, contentType: string) => {
    const res = await fetch(`${url}/usr/users/cv`, {
      method: 'POST',
      headers: headers(contentType),
      body: body as Uint8Array<ArrayBuffer>,
    });
    await res.arrayBuffer();
    return res.status;
  };

  const small = multipartBody(pdfOfSize(4096));
  if ((await upload(small.body, small.contentType)) !== 200) throw new Error('the warm-up upload failed');
  await sleep(2000);
  const before = rssMiB(pid);
  const big = multipartBody(pdfOfSize(MAX_CV_BYTES));
  const rounds: Array<{ peak: number; ok: number; statuses: Record<number, number>; seconds: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    let peak = rssMiB(pid);
    const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: UPLOADS }, () => upload(big.body, big.contentType)));
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    clearInterval(timer);
    peak = Math.max(peak, rssMiB(pid));
    const counted: Record<number, number> = {};
    for (const status of statuses) counted[status] = (counted[status] ?? 0) + 1;
    rounds.push({ peak, ok: counted[200] ?? 0, statuses: counted, seconds });
    await sleep(1000);
  }
  await sleep(2000);
  const after = rssMiB(pid);
  const tmp = join(runDir, 'tmp');
  const leftInTmp = existsSync(tmp) ? readdirSync(tmp).length : null;
  child.kill('SIGTERM');

  const label = ref
    ? `${tree.commit.slice(0, 12)} (--ref ${ref})`
    : `${tree.commit.slice(0, 12)}${tree.dirty ? ' + uncommitted changes' : ''} (working tree)`;
  const lines = [
    `# Upload memory — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Code: ${label}. ${UPLOADS} concurrent uploads of a ${MAX_CV_BYTES / MB} MB PDF to POST /usr/users/cv, ${ROUNDS} rounds; portal RSS (VmRSS) in MiB.`,
    '',
    '| round | answers | seconds | peak RSS |',
    '|---|---|---|---|',
    ...rounds.map(
      (r, i) =>
        `| ${i + 1} | ${Object.entries(r.statuses)
          .map(([s, n]) => `${n}× ${s}`)
          .join(', ')} | ${r.seconds} | ${r.peak} |`,
    ),
    '',
    `RSS before: **${before} MiB**, peak: **${Math.max(...rounds.map((r) => r.peak))} MiB**, after: **${after} MiB**. Files left in DATA_DIR/tmp: ${leftInTmp ?? 'no such folder'}.`,
    '',
  ];
  const report = lines.join('\n');
  console.log(report);
  mkdirSync(resolve('bench/results'), { recursive: true });
  const file = resolve(
    'bench/results',
    `uploads-${new Date().toISOString().slice(0, 10)}-${tree.commit.slice(0, 12)}${ref ? '-ref' : ''}.md`,
  );
  writeFileSync(file, report);
  console.log(`Written to ${file}`);
  if (rounds.some((r) => r.ok !== UPLOADS)) {
    console.error('Not every upload answered 200.');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
