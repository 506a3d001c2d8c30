/**
 * node --import tsx bench/generate-db.ts <file.db> <uploadsDir> <users> <jobs> <comments> <messages>
 *
 * Builds the benchmark's SQLite database with the code of the tree it sits in (npm run bench copies this
 * file and generate.ts into an exported commit, so the schema always matches the server it measures):
 * migrations, the demo seed (accounts, taxonomy, groups, articles; files under uploadsDir), then the volume
 * (./generate.ts). Writes <file.db>.partial and renames it when whole.
 */
import { renameSync, rmSync } from 'node:fs';
import { createDb, migrateToLatest } from '../src/server/db/dialect';
import { seedDemo } from '../src/server/db/seed/index';
import { generateLarge } from './generate';

const [file, uploadsDir, users, jobs, comments, messages = '0'] = process.argv.slice(2);
if (!file || !uploadsDir || !users || !jobs || !comments) {
  console.error('usage: generate-db.ts <file.db> <uploadsDir> <users> <jobs> <comments> [messages]');
  process.exit(2);
}
const partial = `${file}.partial`;
for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true });
rmSync(uploadsDir, { recursive: true, force: true });
const db = createDb(`sqlite:${partial}`);
await migrateToLatest(db);
await seedDemo(db, { uploadsDir });
await generateLarge(db, {
  users: Number(users),
  jobs: Number(jobs),
  comments: Number(comments),
  messages: Number(messages),
  onProgress: (msg) => process.stdout.write(`\r  ${msg}          `),
});
await db.destroy();
for (const suffix of ['-wal', '-shm']) rmSync(partial + suffix, { force: true });
renameSync(partial, file);
process.stdout.write('\n');
