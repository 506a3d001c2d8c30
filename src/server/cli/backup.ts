/**
 * `npm run backup -- --out DIR` (issue 26 §6) for the embedded default (SQLite + local files): writes
 * `DIR/alumni-backup-<time>.tar.gz` holding `portal.db` (SQLite's online backup API: consistent, and safe while the
 * portal runs), `files/` (everything else in DATA_DIR: uploads, private files) and `manifest.json`. The database is
 * copied first: a file newer than the database is harmless, a row without its file would show as missing.
 * PostgreSQL and S3 have their own tools (pg_dump, bucket versioning): the command says so and points at
 * docs/deploy.md.
 */
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { TarArchive } from 'archiver';
import { loadConfig } from '../config';
import { dialectOf, sqlitePath } from '../db/dialect';

export const BACKUP_FORMAT = 'alumni-portal-backup';
export const DEPLOY_DOC = 'docs/deploy.md, section "Backups"';

/** Refuses what this command does not back up, naming the tool to use instead. */
export function embeddedOnly(env: Record<string, string | undefined>, action: 'backup' | 'restore') {
  const config = loadConfig(env);
  if (dialectOf(config.databaseUrl) === 'postgres')
    throw new Error(
      `npm run ${action} handles the embedded SQLite database only. With PostgreSQL use ${action === 'backup' ? 'pg_dump --format=custom' : 'pg_restore into an empty database'} and, for files in S3, the bucket's versioning — see ${DEPLOY_DOC}.`,
    );
  return { config, databaseFile: resolve(sqlitePath(config.databaseUrl)) };
}

/** Every regular file under `dir`, skipping the database's own files, unfinished uploads and the paths in `skip`. */
export function* dataFiles(dir: string, skip: string[]): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (skip.some((s) => path === s || path.startsWith(`${s}-`) || path.startsWith(`${s}${sep}`))) continue;
    if (entry.isDirectory()) yield* dataFiles(path, skip);
    else if (entry.isFile() && !entry.name.endsWith('.part')) yield path; // symbolic links are not followed
  }
}

export async function backup(env: Record<string, string | undefined>, out: string, log: (line: string) => void) {
  const { config, databaseFile } = embeddedOnly(env, 'backup');
  if (!existsSync(databaseFile)) throw new Error(`No database at ${databaseFile}: check DATA_DIR or DATABASE_URL`);
  const outDir = resolve(out);
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = join(outDir, `alumni-backup-${stamp}.tar.gz`);
  const staging = mkdtempSync(join(outDir, '.alumni-backup-'));
  try {
    const source = new SQLite(databaseFile, { fileMustExist: true });
    try {
      await source.backup(join(staging, 'portal.db'));
    } finally {
      source.close();
    }
    const files = config.fileStorage.driver === 'local' ? [...dataFiles(config.dataDir, [databaseFile, outDir])] : [];
    const manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: 'portal.db',
      files: files.length,
    };
    const archive = new TarArchive({ gzip: true, gzipOptions: { level: 6 } } as never);
    const written = pipeline(archive, createWriteStream(`${target}.part`));
    archive.append(JSON.stringify(manifest, null, 2), { name: 'manifest.json' });
    archive.file(join(staging, 'portal.db'), { name: 'portal.db' });
    for (const file of files)
      archive.file(file, { name: `files/${relative(config.dataDir, file).split(sep).join('/')}` });
    await archive.finalize();
    await written;
    renameSync(`${target}.part`, target); // a cut run leaves a .part, never a backup that looks whole
    log(`Backed up the database and ${files.length} files into ${target}`);
    if (config.fileStorage.driver === 's3')
      log(`The files are in the S3 bucket and not in this backup: keep the bucket's versioning on (${DEPLOY_DOC}).`);
    return { path: target, files: files.length };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** `--name value` from the command line. */
export function option(argv: string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

if (process.argv[1] && basename(process.argv[1]) === 'backup.ts') {
  const out = option(process.argv, '--out');
  if (!out) {
    console.error('Usage: npm run backup -- --out <folder>');
    process.exit(2);
  }
  backup(process.env, out, (line) => console.log(line)).catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
