/**
 * Starts the portal: builds the SPA if needed, prepares the database under the start-up lock (migrations,
 * reference seed, and the demo only where config.seedDemo allows it), listens.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { loadConfig, localAddress, type Config } from './config';
import { createDb, dialectOf } from './db/dialect';
import { prepareDatabase } from './db/prepare';
import { buildApp } from './app';
import { rendererFile } from './ssr';
import { createStorage } from './lib/storage';

async function main() {
  const config = loadConfig();
  if (process.argv.includes('--build-if-missing')) {
    // the browser app, then the server renderer of the public pages beside it (src/server/ssr)
    const out = JSON.stringify(config.distDir);
    if (!existsSync(join(config.distDir, 'index.html'))) {
      console.log('Building the web app (first start)…');
      execSync(`npx vite build --outDir ${out} --emptyOutDir`, { stdio: 'inherit' });
    }
    if (!existsSync(rendererFile(config.distDir))) {
      console.log('Building the server renderer of the public pages…');
      execSync(
        `npx vite build --ssr src/web/entry-server.tsx --outDir ${JSON.stringify(join(config.distDir, 'server'))}`,
        { stdio: 'inherit' },
      );
    }
  }
  mkdirSync(join(config.dataDir, 'uploads'), { recursive: true });
  const db = createDb(config.databaseUrl);
  const { demoAccounts } = await prepareDatabase(db, config);
  // PORT=0 in development: links name the port the system gives, known once listening. The app reads config.publicUrl
  // when it builds links, so it is set before listening on a port chosen here.
  if (!config.publicUrlSet && config.port === 0)
    config.publicUrl = localAddress(config.host, await freePort(config.host));
  // the file store is checked before anything listens: a bucket that cannot be reached stops the start, saying so
  const storage = createStorage(config);
  try {
    await storage.check();
  } catch (error) {
    throw new Error(`File storage not reachable (${storage.describe()}): ${(error as Error).message}`);
  }
  const app = await buildApp(config, { db, migrate: false, closeDb: true, storage });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Fastify's close: the listener stops, new requests on open connections get 503, requests in flight finish, then
    // the onClose hooks end the task poll, flush buffered views and close the pools; past SHUTDOWN_TIMEOUT_SECONDS the
    // process exits anyway (1), so a stuck request cannot hold a deployment
    process.once(signal, () => {
      setTimeout(() => {
        console.error(`Shutdown took longer than ${config.shutdownTimeoutSeconds} s: exiting with requests unfinished`);
        process.exit(1);
      }, config.shutdownTimeoutSeconds * 1000).unref();
      void app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({
    port: config.publicUrlSet || config.port !== 0 ? config.port : Number(new URL(config.publicUrl).port),
    host: config.host,
  });
  const { port } = app.server.address() as AddressInfo;
  const local = localAddress(config.host, port);
  const database = dialectOf(config.databaseUrl) === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const lines = [
    `\nAlumni portal listening on ${local}${config.publicUrl !== local ? ` (public URL ${config.publicUrl})` : ''} — database: ${database}`,
  ];
  lines.push(`Files: ${storage.describe()} — reachable`);
  const filesWarning = sharedFilesWarning(config, process.env['FILE_STORAGE']);
  if (filesWarning) lines.push(filesWarning);
  lines.push(`Back office: ${local}/es/admin/login (also /en/admin/login, /ca/admin/login)`);
  const warning = portMismatch(config.publicUrl, port);
  if (warning) lines.push(warning);
  if (demoAccounts?.length) {
    lines.push('\nDemo accounts (password: demo-password):');
    for (const account of demoAccounts)
      lines.push(`  ${account.email.padEnd(28)} ${account.role.padEnd(10)} ${account.note}`);
  }
  // one write: whoever reads the banner reads the demo accounts with it
  console.log(lines.join('\n'));
}

/**
 * A production start on PostgreSQL (the database several instances share) that was not told where files go: the
 * default local folder is right for one instance and wrong behind a balancer, where a file uploaded through one
 * instance is missing on the others. One instance cannot know whether others run, so it warns instead of refusing;
 * FILE_STORAGE=local said explicitly (one instance, or DATA_DIR on a shared volume) silences it (docs/deploy.md).
 */
function sharedFilesWarning(config: Config, fileStorageVariable: string | undefined): string | null {
  if (!config.production || dialectOf(config.databaseUrl) !== 'postgres' || fileStorageVariable) return null;
  return [
    `Warning: FILE_STORAGE is not set: uploaded files are kept in ${config.dataDir} on this machine only.`,
    'With several instances on this database, a file uploaded through one is missing on the others:',
    'set FILE_STORAGE=s3 (S3_BUCKET, S3_…) on every instance, or FILE_STORAGE=local if this is the only instance',
    'or DATA_DIR is a folder all instances share.',
  ].join(' ');
}

/**
 * A warning when PUBLIC_URL names this machine on another port than the one served: e-mailed links would lead nowhere.
 * A public host (behind a proxy, on 443) is not compared.
 */
function portMismatch(publicUrl: string, port: number): string | null {
  const url = new URL(publicUrl);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.startsWith('127.');
  const named = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return loopback && named !== port
    ? `Warning: PUBLIC_URL ${publicUrl} names port ${named}, but the portal serves port ${port}: links in e-mails and QR codes will not reach it.`
    : null;
}

/** A port the system is giving away now (the development start with PORT=0). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
