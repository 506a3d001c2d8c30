/**
 * `npm run files:migrate` (issue 26 §1): copies the local file folder (DATA_DIR/uploads and DATA_DIR/private) into the
 * S3 bucket the configuration names (FILE_STORAGE=s3, S3_*), under the same keys the portal reads. Safe to run again,
 * and while the portal runs: a key already in the bucket with the same size is skipped, so a second run copies only
 * what is new or was cut. Nothing local is removed (remove it yourself once the portal serves from the bucket).
 * `--dry-run` lists what would be copied.
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { loadConfig } from '../config';
import { s3Storage } from '../lib/storage/s3';
import { validKey } from '../lib/storage';

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path; // symbolic links are not followed
  }
}

export async function migrateFiles(
  env: Record<string, string | undefined>,
  log: (line: string) => void,
  dryRun = false,
) {
  const config = loadConfig(env);
  if (config.fileStorage.driver !== 's3')
    throw new Error('files:migrate copies into S3: set FILE_STORAGE=s3 and S3_* as the portal will have them');
  const storage = s3Storage(config.fileStorage);
  await storage.check();
  const counts = { copied: 0, skipped: 0, refused: 0 };
  for (const root of ['uploads', 'private']) {
    for (const path of walk(join(config.dataDir, root))) {
      const key = relative(config.dataDir, path).split(sep).join('/');
      if (!validKey(key) || key.endsWith('.part')) {
        counts.refused++;
        log(`skipped (not a stored file's name): ${key}`);
        continue;
      }
      const size = statSync(path).size;
      const there = await storage.client
        .send(new HeadObjectCommand({ Bucket: config.fileStorage.bucket, Key: key }))
        .then(
          (head) => Number(head.ContentLength),
          () => null,
        );
      if (there === size) {
        counts.skipped++;
        continue;
      }
      if (!dryRun)
        await storage.put(key, createReadStream(path), {
          contentType: TYPES[key.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream',
          size,
        });
      counts.copied++;
      log(`${dryRun ? 'would copy' : 'copied'} ${key} (${size} bytes)`);
    }
  }
  log(
    `${dryRun ? 'Would copy' : 'Copied'} ${counts.copied}, already there ${counts.skipped}, skipped ${counts.refused} — into ${storage.describe()}`,
  );
  storage.client.destroy();
  return counts;
}

if (process.argv[1] && /files-migrate\.ts$/.test(process.argv[1])) {
  migrateFiles(process.env, (line) => console.log(line), process.argv.includes('--dry-run')).catch((error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  });
}
