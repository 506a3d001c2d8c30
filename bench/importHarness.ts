/**
 * What the two import benches (bench/memberImport.ts, bench/schoolRecords.ts) share: the command line, a CSV of
 * `--rows` lines written to a scratch folder, a fresh migrated database (SQLite in that folder, or the PostgreSQL URL
 * given with `--postgres`), a service context acting as an administrator, and the preview / import / re-import run
 * through the services the routes call, each measured: wall time, this process's CPU time (on a shared machine the
 * wall time says more about the load than the code), peak RSS (sampled every 20 ms) and heap.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../src/server/config';
import { createDb, dialectOf, migrateToLatest } from '../src/server/db/dialect';
import { createStorage } from '../src/server/lib/storage';
import type { ServiceContext } from '../src/server/serviceContext';

const MB = 1024 * 1024;
const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};

export interface ImportBench<C> {
  /** the scratch folder's prefix */
  name: string;
  header: string;
  /** the n-th data line, without its line break */
  line: (n: number) => string;
  preview: (ctx: ServiceContext, csv: string) => Promise<{ counts: unknown }>;
  /** the import itself, run twice (the second time every row is unchanged) */
  run: (ctx: ServiceContext, csv: string) => Promise<C>;
  /** what to print of an import's answer */
  counts: (answer: C) => unknown;
}

async function writeCsv(path: string, rows: number, header: string, line: (n: number) => string) {
  const out = createWriteStream(path);
  out.write(`${header}\n`);
  for (let n = 0; n < rows; n += 1) if (!out.write(`${line(n)}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

async function measure<T>(label: string, work: () => Promise<T>): Promise<T> {
  global.gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const began = performance.now();
  const cpuStart = process.cpuUsage();
  const result = await work();
  const seconds = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(timer);
  console.log(
    `${label.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s (this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)   RSS before ${(start.rss / MB).toFixed(0)} MB, peak ${(peakRss / MB).toFixed(0)} MB   heap peak ${(peakHeap / MB).toFixed(0)} MB`,
  );
  return result;
}

export function runImportBench<C>(bench: ImportBench<C>): void {
  const rows = Number(option('rows') ?? 50_000);
  const dir = mkdtempSync(join(tmpdir(), `bench-${bench.name}-`));
  const main = async () => {
    const csv = join(dir, 'records.csv');
    await writeCsv(csv, rows, bench.header, bench.line);
    console.log(`file: ${rows} rows, ${(statSync(csv).size / MB).toFixed(1)} MB`);
    const url = option('postgres') ?? `sqlite:${join(dir, 'bench.sqlite')}`;
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const db = createDb(config.databaseUrl, { poolSize: 4 });
    await migrateToLatest(db);
    const ctx: ServiceContext = {
      db,
      dialect: dialectOf(config.databaseUrl),
      config,
      storage: createStorage(config),
      log: Fastify({ logger: false }).log,
      lng: 'en',
      actor: { type: 'admin', role: 'ADMIN', hash: 'benchadmin', email: null, sessionHash: null },
    };
    const preview = await measure('preview', () => bench.preview(ctx, csv));
    console.log('           counts', JSON.stringify(preview.counts));
    const imported = await measure('import', () => bench.run(ctx, csv));
    console.log('           counts', JSON.stringify(bench.counts(imported)));
    const again = await measure('re-import', () => bench.run(ctx, csv));
    console.log('           counts', JSON.stringify(bench.counts(again)));
    await db.destroy();
  };
  main()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(dir, { recursive: true, force: true }));
}
