/**
 * Starts the portal: builds the SPA if needed, prepares the database under the start-up lock (migrations,
 * reference seed, and the demo only where config.seedDemo allows it), listens.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadConfig } from './config';
import { createDb, dialectOf } from './db/dialect';
import { prepareDatabase } from './db/prepare';
import { buildApp } from './app';
import { rendererFile } from './ssr';

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
      execSync(`npx vite build --ssr src/web/entry-server.tsx --outDir ${JSON.stringify(join(config.distDir, 'server'))}`, { stdio: 'inherit' });
    }
  }
  mkdirSync(join(config.dataDir, 'uploads'), { recursive: true });
  const db = createDb(config.databaseUrl);
  const { demoAccounts } = await prepareDatabase(db, config);
  const app = await buildApp(config, { db, migrate: false, closeDb: true });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const local = `http://${host}:${port}`;
  const database = dialectOf(config.databaseUrl) === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const lines = [`\nAlumni portal listening on ${local}${config.publicUrl !== local ? ` (public URL ${config.publicUrl})` : ''} — database: ${database}`];
  if (demoAccounts?.length) {
    lines.push('\nDemo accounts (password: demo-password):');
    for (const account of demoAccounts) lines.push(`  ${account.email.padEnd(28)} ${account.role.padEnd(10)} ${account.note}`);
  }
  // one write: whoever reads the banner reads the demo accounts with it
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
