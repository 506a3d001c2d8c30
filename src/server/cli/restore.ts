/**
 * `npm run restore -- <backup.tar.gz | unpacked folder> [--force]` (issue 26 §6): puts a backup made by
 * `npm run backup` back into DATA_DIR (and the SQLite file DATABASE_URL names). Refuses a DATA_DIR that is not empty
 * unless `--force` (then the database is replaced and the backup's files written over; other files stay), and always
 * refuses while a process has the database open (the portal must be stopped: SQLite answers busy to an exclusive lock).
 * The archive is unpacked with the system `tar`, which refuses names that climb out with `..`.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { BACKUP_FORMAT, embeddedOnly } from './backup';

/** Whether another process holds the SQLite file open (an exclusive lock is refused at once). */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const probe = new SQLite(file, { timeout: 0, fileMustExist: true });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
    return false;
  } catch (error) {
    if (/BUSY|LOCKED/.test(String((error as { code?: string }).code))) return true;
    throw error;
  } finally {
    probe.close();
  }
}

export function restore(
  env: Record<string, string | undefined>,
  from: string,
  force: boolean,
  log: (line: string) => void,
) {
  const { config, databaseFile } = embeddedOnly(env, 'restore');
  const source = resolve(from);
  if (!existsSync(source)) throw new Error(`No backup at ${source}`);
  const dataDir = config.dataDir;
  const present = existsSync(dataDir) ? readdirSync(dataDir) : [];
  if ((present.length > 0 || existsSync(databaseFile)) && !force)
    throw new Error(`${dataDir} is not empty: restore into an empty DATA_DIR, or add --force to restore over it`);
  if (databaseInUse(databaseFile))
    throw new Error(`The database ${databaseFile} is in use: stop the portal before restoring`);

  const unpacked = statSync(source).isDirectory() ? null : mkdtempSync(join(tmpdir(), 'alumni-restore-'));
  try {
    if (unpacked) execFileSync('tar', ['-xzf', source, '-C', unpacked], { stdio: 'pipe' });
    const root = unpacked ?? source;
    const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as { format?: string };
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${source} is not a backup made by npm run backup`);
    // the restored copy must read whole before it replaces anything
    const check = new SQLite(join(root, 'portal.db'), { readonly: true, fileMustExist: true });
    try {
      const result = check.pragma('quick_check', { simple: true });
      if (result !== 'ok') throw new Error(`The backup's database is damaged: ${String(result)}`);
    } finally {
      check.close();
    }
    mkdirSync(dataDir, { recursive: true });
    mkdirSync(dirname(databaseFile), { recursive: true });
    if (existsSync(join(root, 'files'))) cpSync(join(root, 'files'), dataDir, { recursive: true, force: true });
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${databaseFile}${suffix}`, { force: true });
    copyFileSync(join(root, 'portal.db'), `${databaseFile}.restoring`);
    renameSync(`${databaseFile}.restoring`, databaseFile);
    log(`Restored ${basename(source)} into ${dataDir} (database ${databaseFile})`);
  } finally {
    if (unpacked) rmSync(unpacked, { recursive: true, force: true });
  }
}

if (process.argv[1] && basename(process.argv[1]) === 'restore.ts') {
  const from = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!from) {
    console.error('Usage: npm run restore -- <backup.tar.gz or folder> [--force]');
    process.exit(2);
  }
  try {
    restore(process.env, from, process.argv.includes('--force'), (line) => console.log(line));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
