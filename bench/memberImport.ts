/**
 * node --expose-gc --import tsx bench/memberImport.ts [--rows 50000] [--postgres <url>]
 *
 * The members import (issue 28 §3) on a big file: writes a CSV of `--rows` members (default 50,000; `,`, English
 * headers; one in five Bold with a paid-until date, half with a member number, all three languages), then on a
 * fresh migrated SQLite database (or the PostgreSQL URL given, an empty database) runs the preview, the import
 * (one transaction of multi-row INSERTs, then every new member's invitation e-mail rendered into the outbox after the
 * commit) and a re-import (all unchanged) through the services the routes call, and prints each one's time, this
 * process's CPU time (user + system: on a shared machine the wall time says more about the load than the code) and
 * its peak RSS (process.memoryUsage().rss sampled every 20 ms) and heap. Not a test.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config';
import Fastify from 'fastify';
import { createDb, dialectOf, migrateToLatest } from '../src/server/db/dialect';
import { createStorage } from '../src/server/lib/storage';
import * as importService from '../src/server/modules/memberImport/service';
import type { ServiceContext } from '../src/server/serviceContext';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ROWS = Number(option('rows') ?? 50_000);
const dir = mkdtempSync(join(tmpdir(), 'bench-members-'));
const MB = 1024 * 1024;

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const LANGUAGES = ['es', 'ca', 'en'];

async function writeCsv(path: string) {
  const out = createWriteStream(path);
  out.write(
    'Member number,E-mail,Name,First surname,Second surname,Document number,Tier,Paid until,Language,Appears to members,Appears to companies,Newsletter\n',
  );
  for (let n = 0; n < ROWS; n += 1) {
    const dni = 20_000_000 + n;
    const bold = n % 5 === 0;
    const line = [
      n % 2 ? String(30_000 + n) : '',
      `socia${n}@example.com`,
      `Núria ${n}`,
      'García',
      n % 3 ? 'Puig' : '',
      `${dni}${DNI_LETTERS[dni % 23]}`,
      bold ? 'Bold' : 'Regular',
      bold ? '31/12/2030' : '',
      LANGUAGES[n % 3],
      n % 2 ? 'yes' : 'no',
      n % 4 ? 'no' : 'yes',
      'yes',
    ].join(',');
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
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
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(timer);
  console.log(
    `${label.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s (this process's CPU ${cpuSeconds.toFixed(1)} s)   RSS before ${(start.rss / MB).toFixed(0)} MB, peak ${(peakRss / MB).toFixed(0)} MB   heap peak ${(peakHeap / MB).toFixed(0)} MB`,
  );
  return result;
}

async function main() {
  const csv = join(dir, 'records.csv');
  await writeCsv(csv);
  console.log(`file: ${ROWS} rows, ${(statSync(csv).size / MB).toFixed(1)} MB`);
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
  const preview = await measure('preview', () => importService.preview(ctx, csv));
  console.log('           counts', JSON.stringify(preview.counts));
  const imported = await measure('import', () => importService.confirm(ctx, csv, 'members.csv'));
  console.log('           counts', JSON.stringify(imported));
  const again = await measure('re-import', () => importService.confirm(ctx, csv, 'members.csv'));
  console.log('           counts', JSON.stringify(again));
  await db.destroy();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
