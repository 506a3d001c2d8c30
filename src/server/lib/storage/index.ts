/**
 * The configured file store (config.fileStorage): the local folder under DATA_DIR, or an S3 bucket.
 * With S3, reads fall back to the local folder for a key the bucket lacks: files written before the switch and not yet
 * copied by `npm run files:migrate`, and the demo's seed pictures (written to disk by the seed). Writes and deletes go
 * to the bucket only.
 */
import type { Config } from '../../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { FileStorage } from './types';

export * from './types';

export function createStorage(config: Pick<Config, 'dataDir' | 'fileStorage'>): FileStorage {
  const local = localStorage(config.dataDir);
  return config.fileStorage.driver === 's3' ? withLocalFallback(s3Storage(config.fileStorage), local) : local;
}

export function withLocalFallback(primary: FileStorage, local: FileStorage): FileStorage {
  return {
    ...primary,
    async get(key, range) {
      return (await primary.get(key, range)) ?? (await local.get(key, range));
    },
    async exists(key) {
      return (await primary.exists(key)) || (await local.exists(key));
    },
    // the primary store's objects only: the sweeper deletes from it, and a local copy is the migration's business
    list: (prefix) => primary.list(prefix),
    async signedUrl(key, options) {
      // a file only on this instance's disk is served by the portal itself (the caller streams get())
      return (await primary.exists(key)) ? primary.signedUrl(key, options) : null;
    },
  };
}
