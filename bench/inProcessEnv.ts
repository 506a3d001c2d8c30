import { join } from 'node:path';

/**
 * The settings of a portal built in the bench's own process (bench/cpu.ts, bench/inject.ts): production, as the
 * load bench runs it, with fixed keys, no log, no demo seed, no web app, no background tasks, no payment provider,
 * and rate limits far out of the way.
 */
export function inProcessEnv(dir: string, databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    API_KEY: 'bench-api-key-0123456789abcdef0123',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789abcdef',
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DIST_DIR: join(dir, 'no-dist'),
    RATE_LIMIT_SCALE: '1000000',
    TASKS_POLL_SECONDS: '0',
    PAYMENT_PROVIDER: 'none',
  };
}
