/** Starts the portal: builds the SPA if needed, migrates, seeds demo data on first start, listens. */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { loadConfig } from './config';
import { createDb, migrateToLatest } from './db/dialect';
import { buildApp } from './app';
import { seedIfEmpty } from './db/seed-on-start';

async function main() {
  const config = loadConfig();
  if (process.argv.includes('--build-if-missing') && !existsSync(join(config.distDir, 'index.html'))) {
    console.log('Building the web app (first start)…');
    execSync('npx vite build', { stdio: 'inherit' });
  }
  mkdirSync(join(config.dataDir, 'uploads'), { recursive: true });
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db);
  const accounts = config.seedDemo ? await seedIfEmpty(db, config) : null;
  const app = await buildApp(config, { db, migrate: false, closeDb: true });
  await app.listen({ port: config.port, host: config.host });
  console.log(`\nAlumni portal on ${config.publicUrl} (database: ${config.databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'})`);
  if (accounts?.length) {
    console.log('\nDemo accounts (password: demo-password):');
    for (const account of accounts) console.log(`  ${account.email.padEnd(28)} ${account.role.padEnd(10)} ${account.note}`);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
