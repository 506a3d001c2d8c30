/**
 * Configuration from the environment, validated once at start: a bad value stops the server with a clear message.
 */
import { resolve } from 'node:path';
import Ajv from 'ajv';
import type { S3Settings } from './lib/storage/s3';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  apiKey: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was given (else publicUrl is the development default: the address served). */
  publicUrlSet: boolean;
  smtpUrl: string | null;
  /** The From of every e-mail (MAIL_FROM). */
  mailFrom: string;
  production: boolean;
  logLevel: string;
  /** Serve the API description (/docs, /docs/json) in production too (DOCS_PUBLIC=true); development always serves it. */
  docsPublic: boolean;
  /** Seed demo data into an empty database on first start (development default; production only with SEED_DEMO=true). */
  seedDemo: boolean;
  /** Signs private-file links (HMAC) and other server-made secrets. */
  secretKey: string;
  /** Fastify `trustProxy`: false (default) or the list of proxy addresses/CIDRs whose X-Forwarded-For is believed. */
  trustProxy: false | string[];
  /** Multiplies every rate limit (tests run with a large scale except the tests that prove the limits). */
  rateLimitScale: number;
  tokenTtlMinutes: number;
  refreshTtlDays: number;
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginWindowMinutes: number;
  distDir: string;
  analyticsUrl: string | null;
  /** Days a published offer stays up before it closes on its own (OFFER_EXPIRY_DAYS, issue 11 §5). */
  offerExpiryDays: number;
  /** How often an instance looks for due background tasks (TASKS_POLL_SECONDS; 0 turns the poll off). */
  tasksPollSeconds: number;
  /** How old a stored private file with no `files` row must be before the sweeper deletes it (FILES_ORPHAN_GRACE_MINUTES). */
  filesOrphanGraceMinutes: number;
  /** How often an instance reads the unread counts of its open message streams (MESSAGE_EVENTS_POLL_MS, issue 29). */
  messageEventsPollMs: number;
  /**
   * Where members add cards and are charged (PAYMENT_PROVIDER): `redsys`, `none` (no card payments; direct debit and the
   * free period still work) or the built-in `sandbox` (offline, no money moves: the development default, and in production
   * only on a public demo site, SEED_DEMO=true). Production must set it (issue 23 §1).
   */
  paymentProvider: PaymentProviderName;
  /** The Redsys virtual POS (REDSYS_*): set, and required, only when PAYMENT_PROVIDER=redsys. */
  redsys: RedsysConfig | null;
  /** The association as creditor of its members' direct debits (SEPA_CREDITOR_*). */
  sepaCreditor: { name: string; id: string; iban: string; bic: string };
  /** Apple Wallet passes of the member card: all of WALLET_PASS_CERT, _KEY, _WWDR (PEM or file path), WALLET_PASS_TYPE_ID and WALLET_TEAM_ID, else null (no pass). */
  wallet: {
    cert: string;
    key: string;
    wwdr: string;
    keyPassphrase: string | null;
    passTypeId: string;
    teamId: string;
  } | null;
  /** Where files are kept (FILE_STORAGE, issue 26): the local folder DATA_DIR (default) or an S3-compatible bucket (S3_*). */
  fileStorage: { driver: 'local' } | ({ driver: 's3' } & S3Settings);
  /** How long a SIGTERM waits for requests in flight before the process exits anyway (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownTimeoutSeconds: number;
  /** The bearer token `GET /metrics` asks for (METRICS_TOKEN); null turns the route off (404). */
  metricsToken: string | null;
}

export interface RedsysConfig {
  /** The merchant's code (FUC), REDSYS_MERCHANT_CODE. */
  merchantCode: string;
  /** The terminal number, REDSYS_TERMINAL (default 1). */
  terminal: string;
  /** The merchant's SHA-256 key as Redsys gives it (base64 of a 24-byte key), REDSYS_SECRET_KEY. */
  secretKey: string;
  /** The gateway's base URL without a trailing slash, REDSYS_URL (default the Redsys test environment). */
  url: string;
}

export const PAYMENT_PROVIDERS = ['sandbox', 'redsys', 'none'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const REDSYS_TEST_URL = 'https://sis-t.redsys.es:25443';

const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000 },
    HOST: { type: 'string', default: '0.0.0.0' },
    DATA_DIR: { type: 'string', minLength: 1, default: './data' },
    DATABASE_URL: { type: 'string', minLength: 1 },
    API_KEY: { type: 'string', minLength: 8 },
    PUBLIC_URL: { type: 'string', pattern: '^https?://' },
    SECRET_KEY: { type: 'string', minLength: 32 },
    // false, or addresses / CIDRs / proxy-addr names (loopback, linklocal, uniquelocal), comma-separated
    TRUST_PROXY: { type: 'string', pattern: '^[A-Za-z0-9.:/]+(\\s*,\\s*[A-Za-z0-9.:/]+)*$' },
    RATE_LIMIT_SCALE: { type: 'number', exclusiveMinimum: 0, maximum: 1000000, default: 1 },
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    MAIL_FROM: { type: 'string', minLength: 3, maxLength: 320, pattern: '@', default: 'Alumni <no-reply@localhost>' },
    NODE_ENV: { type: 'string', default: 'development' },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    SEED_DEMO: { type: 'string', enum: ['true', 'false', 'auto'], default: 'auto' },
    DOCS_PUBLIC: { type: 'string', enum: ['true', 'false'], default: 'false' },
    TOKEN_TTL_MINUTES: { type: 'integer', minimum: 1, default: 1440 },
    REFRESH_TTL_DAYS: { type: 'integer', minimum: 1, default: 30 },
    LOGIN_MAX_FAILURES: { type: 'integer', minimum: 1, default: 5 },
    LOGIN_MAX_FAILURES_PER_IP: { type: 'integer', minimum: 1, default: 20 },
    LOGIN_WINDOW_MINUTES: { type: 'integer', minimum: 1, default: 15 },
    DIST_DIR: { type: 'string', default: './dist' },
    ANALYTICS_URL: { type: 'string', pattern: '^https://' },
    OFFER_EXPIRY_DAYS: { type: 'integer', minimum: 1, maximum: 3650, default: 60 },
    TASKS_POLL_SECONDS: { type: 'integer', minimum: 0, maximum: 86400, default: 60 },
    FILES_ORPHAN_GRACE_MINUTES: { type: 'integer', minimum: 1, maximum: 43200, default: 60 },
    MESSAGE_EVENTS_POLL_MS: { type: 'integer', minimum: 100, maximum: 60000, default: 3000 },
    PAYMENT_PROVIDER: { type: 'string', enum: ['sandbox', 'redsys', 'none'] },
    REDSYS_MERCHANT_CODE: { type: 'string', pattern: '^[0-9]{1,9}$' },
    REDSYS_TERMINAL: { type: 'string', pattern: '^[0-9]{1,3}$', default: '1' },
    REDSYS_SECRET_KEY: { type: 'string', pattern: '^[A-Za-z0-9+/=_-]{16,88}$' },
    REDSYS_URL: { type: 'string', pattern: '^https?://[^/]+(/.*)?$', default: REDSYS_TEST_URL },
    // direct debit (issue 13 §4): the association as SEPA creditor; the defaults are test values for the demo
    SEPA_CREDITOR_NAME: { type: 'string', minLength: 2, maxLength: 70, default: 'Alumni Association' },
    SEPA_CREDITOR_ID: {
      type: 'string',
      pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$',
      default: 'ES26000G12345678',
    },
    SEPA_CREDITOR_IBAN: {
      type: 'string',
      pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$',
      default: 'ES6000491500051234567892',
    },
    SEPA_CREDITOR_BIC: { type: 'string', pattern: '^[A-Z0-9]{8}([A-Z0-9]{3})?$', default: 'BSCHESMMXXX' },
    WALLET_PASS_CERT: { type: 'string', minLength: 1 },
    WALLET_PASS_KEY: { type: 'string', minLength: 1 },
    WALLET_PASS_KEY_PASSPHRASE: { type: 'string', minLength: 1 },
    WALLET_PASS_WWDR: { type: 'string', minLength: 1 },
    WALLET_PASS_TYPE_ID: { type: 'string', pattern: '^pass\\.' },
    WALLET_TEAM_ID: { type: 'string', pattern: '^[A-Z0-9]{10}$' },
    FILE_STORAGE: { type: 'string', enum: ['local', 's3'], default: 'local' },
    S3_ENDPOINT: { type: 'string', pattern: '^https?://[^/]+/?$' },
    S3_REGION: { type: 'string', pattern: '^[a-z0-9-]{2,40}$', default: 'us-east-1' },
    // S3's bucket naming rules (3–63 lower-case letters, digits, dots and hyphens)
    S3_BUCKET: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$' },
    S3_ACCESS_KEY_ID: { type: 'string', minLength: 1, maxLength: 256 },
    S3_SECRET_ACCESS_KEY: { type: 'string', minLength: 1, maxLength: 256 },
    S3_FORCE_PATH_STYLE: { type: 'string', enum: ['true', 'false'], default: 'false' },
    SHUTDOWN_TIMEOUT_SECONDS: { type: 'integer', minimum: 1, maximum: 3600, default: 25 },
    METRICS_TOKEN: { type: 'string', minLength: 16, maxLength: 256 },
  },
} as const;

/** The address a browser on this machine uses for a server listening on `host:port` (0.0.0.0 and :: → localhost). */
export function localAddress(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export const DEV_API_KEY = 'alumni-web-key';
export const DEV_SECRET_KEY = 'development-secret-key-not-for-production-use';

const validate = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true }).compile(schema);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties))
    if (env[key] !== undefined && env[key] !== '') values[key] = env[key];
  if (!validate(values)) {
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath.slice(1) || e.params['missingProperty']}: ${e.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the environment, checked by the schema above
  const v = values as Record<string, any>;
  const dataDir = resolve(v.DATA_DIR);
  const databaseUrl: string = v.DATABASE_URL ?? `sqlite:${resolve(dataDir, 'portal.db')}`;
  const production = v.NODE_ENV === 'production';
  if (production) {
    // DESIGN §7: a production start never falls back to a development default.
    const missing = ['API_KEY', 'PUBLIC_URL', 'SECRET_KEY', 'PAYMENT_PROVIDER'].filter((key) => v[key] === undefined);
    if (missing.length) throw new Error(`Invalid configuration: ${missing.join(', ')} must be set in production`);
    if (v.API_KEY === DEV_API_KEY || v.SECRET_KEY === DEV_SECRET_KEY)
      throw new Error(
        'Invalid configuration: API_KEY and SECRET_KEY must not be the development defaults in production',
      );
    // the sandbox accepts test cards and moves no money: on a real site it would give paid membership away
    if (v.PAYMENT_PROVIDER === 'sandbox' && v.SEED_DEMO !== 'true')
      throw new Error(
        'Invalid configuration: PAYMENT_PROVIDER=sandbox takes no real payment; in production use redsys or none, or sandbox only on a public demo site with SEED_DEMO=true',
      );
  }
  const redsys = v.PAYMENT_PROVIDER === 'redsys' ? redsysConfig(v) : null;
  const trustProxy =
    !v.TRUST_PROXY || v.TRUST_PROXY === 'false'
      ? false
      : String(v.TRUST_PROXY)
          .split(',')
          .map((s: string) => s.trim())
          .filter(Boolean);
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir,
    databaseUrl,
    apiKey: v.API_KEY ?? DEV_API_KEY,
    // development: the address actually served, so e-mailed links and QR codes work on any PORT (issue 25 §3);
    // with PORT=0 the real port is known only once listening (main.ts sets it then)
    publicUrl: String(v.PUBLIC_URL ?? localAddress(v.HOST, v.PORT || 3000)).replace(/\/$/, ''),
    publicUrlSet: v.PUBLIC_URL !== undefined,
    secretKey: v.SECRET_KEY ?? DEV_SECRET_KEY,
    trustProxy,
    rateLimitScale: v.RATE_LIMIT_SCALE,
    offerExpiryDays: v.OFFER_EXPIRY_DAYS,
    tasksPollSeconds: v.TASKS_POLL_SECONDS,
    filesOrphanGraceMinutes: v.FILES_ORPHAN_GRACE_MINUTES,
    messageEventsPollMs: v.MESSAGE_EVENTS_POLL_MS,
    paymentProvider: (v.PAYMENT_PROVIDER ?? 'sandbox') as PaymentProviderName,
    redsys,
    sepaCreditor: {
      name: v.SEPA_CREDITOR_NAME,
      id: v.SEPA_CREDITOR_ID,
      iban: v.SEPA_CREDITOR_IBAN,
      bic: v.SEPA_CREDITOR_BIC,
    },
    wallet:
      v.WALLET_PASS_CERT && v.WALLET_PASS_KEY && v.WALLET_PASS_WWDR && v.WALLET_PASS_TYPE_ID && v.WALLET_TEAM_ID
        ? {
            cert: v.WALLET_PASS_CERT,
            key: v.WALLET_PASS_KEY,
            wwdr: v.WALLET_PASS_WWDR,
            keyPassphrase: v.WALLET_PASS_KEY_PASSPHRASE ?? null,
            passTypeId: v.WALLET_PASS_TYPE_ID,
            teamId: v.WALLET_TEAM_ID,
          }
        : null,
    shutdownTimeoutSeconds: v.SHUTDOWN_TIMEOUT_SECONDS,
    metricsToken: v.METRICS_TOKEN ?? null,
    fileStorage: v.FILE_STORAGE === 's3' ? { driver: 's3', ...s3Config(v) } : { driver: 'local' },
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM,
    production,
    logLevel: v.LOG_LEVEL,
    docsPublic: v.DOCS_PUBLIC === 'true',
    // auto: only a development start on the embedded database seeds the demo; production needs SEED_DEMO=true.
    seedDemo: v.SEED_DEMO === 'true' || (v.SEED_DEMO === 'auto' && !production && !databaseUrl.startsWith('postgres')),
    tokenTtlMinutes: v.TOKEN_TTL_MINUTES,
    refreshTtlDays: v.REFRESH_TTL_DAYS,
    loginMaxFailures: v.LOGIN_MAX_FAILURES,
    loginMaxFailuresPerIp: v.LOGIN_MAX_FAILURES_PER_IP,
    loginWindowMinutes: v.LOGIN_WINDOW_MINUTES,
    distDir: resolve(v.DIST_DIR),
    analyticsUrl: v.ANALYTICS_URL ?? null,
  };
}

/** PAYMENT_PROVIDER=redsys needs the merchant's code and key: a start without them stops here, saying which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the environment, checked by the schema
function redsysConfig(v: Record<string, any>): RedsysConfig {
  const missing = ['REDSYS_MERCHANT_CODE', 'REDSYS_SECRET_KEY'].filter((key) => v[key] === undefined);
  if (missing.length)
    throw new Error(`Invalid configuration: ${missing.join(', ')} must be set when PAYMENT_PROVIDER=redsys`);
  // the key signs with 3DES first: Redsys gives it as the base64 of 24 bytes
  if (Buffer.from(String(v.REDSYS_SECRET_KEY), 'base64').length !== 24)
    throw new Error('Invalid configuration: REDSYS_SECRET_KEY must be the base64 SHA-256 key Redsys gives (24 bytes)');
  return {
    merchantCode: String(v.REDSYS_MERCHANT_CODE),
    terminal: String(v.REDSYS_TERMINAL),
    secretKey: String(v.REDSYS_SECRET_KEY),
    url: String(v.REDSYS_URL).replace(/\/+$/, ''),
  };
}

/** FILE_STORAGE=s3 needs the bucket and its keys: a start without them stops here, saying which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the environment after ajv checked each key
function s3Config(v: Record<string, any>): S3Settings {
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((key) => v[key] === undefined);
  if (missing.length) throw new Error(`Invalid configuration: ${missing.join(', ')} must be set when FILE_STORAGE=s3`);
  return {
    endpoint: v.S3_ENDPOINT ? String(v.S3_ENDPOINT).replace(/\/$/, '') : null,
    region: String(v.S3_REGION),
    bucket: String(v.S3_BUCKET),
    accessKeyId: String(v.S3_ACCESS_KEY_ID),
    secretAccessKey: String(v.S3_SECRET_ACCESS_KEY),
    forcePathStyle: v.S3_FORCE_PATH_STYLE === 'true',
  };
}
