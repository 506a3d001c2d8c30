/** The start checks the file store (issue 26 §1): S3_* validated, the bucket reached before listening, and the banner says which store. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { testDatabase, usingPostgres, type TestDatabase } from '../helpers/db';
import { runNode, runToEnd } from '../helpers/process';
import { startS3, type TestS3 } from '../helpers/s3';

const MAIN = 'src/server/main.ts';
let s3: TestS3;
let database: TestDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3();
  database = await testDatabase();
  env = {
    DATA_DIR: database.dataDir,
    DIST_DIR: join(database.dataDir, 'no-dist'),
    HOST: '127.0.0.1',
    PORT: '0',
    SEED_DEMO: 'false',
  };
  if (usingPostgres()) env['DATABASE_URL'] = database.url;
});
afterAll(async () => {
  await s3?.close();
  await database?.cleanup();
});

describe('a start with FILE_STORAGE=s3', () => {
  it('refuses to start without the bucket and its keys, naming them', async () => {
    const { code, output } = await runToEnd(MAIN, { ...env, FILE_STORAGE: 's3', S3_ENDPOINT: s3.endpoint });
    expect(code).not.toBe(0);
    expect(output).toContain('S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set when FILE_STORAGE=s3');
    expect(output).not.toMatch(/listening on/);
  });

  it('refuses to start when the bucket cannot be reached, saying which', async () => {
    const { code, output } = await runToEnd(MAIN, { ...env, ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(code).not.toBe(0);
    expect(output).toContain(`File storage not reachable (S3 bucket no-such-bucket at ${s3.endpoint})`);
    expect(output).not.toMatch(/listening on/);
  });

  it('says in the banner that the bucket is reachable', async () => {
    const proc = runNode(MAIN, { ...env, ...s3.env });
    try {
      await proc.ready();
      await expect.poll(() => proc.output()).toContain(`Files: S3 bucket ${s3.bucket} at ${s3.endpoint} — reachable`);
    } finally {
      await proc.stop();
    }
  });
});

describe('a production start on PostgreSQL without FILE_STORAGE', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    API_KEY: 'a-production-api-key-for-tests',
    PUBLIC_URL: 'https://alumni.example.org',
    SECRET_KEY: 'x'.repeat(24) + '-production-secret-key',
    PAYMENT_PROVIDER: 'none',
  };
  const WARNING = 'Warning: FILE_STORAGE is not set';

  /** Starts the real server, waits for its banner, stops it; answers what it printed. */
  async function startOutput(extra: Record<string, string>): Promise<string> {
    const proc = runNode(MAIN, { ...env, ...PRODUCTION, ...extra });
    try {
      await proc.ready();
      await expect.poll(() => proc.output()).toContain('— reachable');
      return proc.output();
    } finally {
      await proc.stop();
    }
  }

  it('warns that files stay on this machine (PostgreSQL means several instances may run); SQLite is one instance', async () => {
    const output = await startOutput({});
    // several instances are only possible on PostgreSQL: there, and only there, the start warns and still starts
    expect(output.includes(WARNING)).toBe(usingPostgres());
    expect(
      /FILE_STORAGE is not set: uploaded files are kept in .* on this machine only\. With several instances .* set FILE_STORAGE=s3 .* or FILE_STORAGE=local/s.test(
        output,
      ),
    ).toBe(usingPostgres());
  }, 120_000);

  it('says nothing when the operator chose the local folder (one instance, or a shared volume)', async () => {
    const output = await startOutput({ FILE_STORAGE: 'local' });
    expect(output).not.toContain(WARNING);
  }, 120_000);
});
