/** loadConfig's start-up rules (DESIGN §7): when the demo is seeded, and what production refuses. */
import { describe, expect, it } from 'vitest';
import { DEV_API_KEY, DEV_SECRET_KEY, loadConfig } from '../../src/server/config';

const PRODUCTION = {
  NODE_ENV: 'production',
  API_KEY: 'a-production-api-key',
  PUBLIC_URL: 'https://alumni.example.org',
  SECRET_KEY: 's'.repeat(40),
  PAYMENT_PROVIDER: 'none',
};
const REDSYS = { REDSYS_MERCHANT_CODE: '999008881', REDSYS_SECRET_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' };
const PG = { DATABASE_URL: 'postgres://alumni@db:5432/alumni' };

describe('config.seedDemo', () => {
  it.each([
    ['development, embedded, auto', {}, true],
    ['development, embedded, SEED_DEMO unset but empty', { SEED_DEMO: '' }, true],
    ['development, embedded, false', { SEED_DEMO: 'false' }, false],
    ['development, PostgreSQL, auto', PG, false],
    ['development, PostgreSQL, true', { ...PG, SEED_DEMO: 'true' }, true],
    ['production, embedded, auto', PRODUCTION, false],
    ['production, embedded, false', { ...PRODUCTION, SEED_DEMO: 'false' }, false],
    ['production, PostgreSQL, auto', { ...PRODUCTION, ...PG }, false],
    ['production, embedded, true', { ...PRODUCTION, SEED_DEMO: 'true' }, true],
    ['production, PostgreSQL, true', { ...PRODUCTION, ...PG, SEED_DEMO: 'true' }, true],
  ] as const)('%s → %s', (_, env, expected) => {
    expect(loadConfig(env as Record<string, string>).seedDemo).toBe(expected);
  });

  it('refuses a SEED_DEMO that is not true, false or auto', () => {
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });
});

describe('a production configuration', () => {
  it('is accepted with its three secrets, and uses them', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect([config.apiKey, config.publicUrl, config.secretKey]).toEqual([
      PRODUCTION.API_KEY,
      PRODUCTION.PUBLIC_URL,
      PRODUCTION.SECRET_KEY,
    ]);
  });

  it.each(['API_KEY', 'PUBLIC_URL', 'SECRET_KEY'] as const)(
    'is refused without %s (also when it is empty), naming it',
    (key) => {
      const { [key]: _, ...rest } = PRODUCTION;
      expect(() => loadConfig(rest)).toThrow(`${key} must be set in production`);
      expect(() => loadConfig({ ...PRODUCTION, [key]: '' })).toThrow(`${key} must be set in production`);
    },
  );

  it('names every missing secret at once', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'API_KEY, PUBLIC_URL, SECRET_KEY, PAYMENT_PROVIDER must be set in production',
    );
  });

  it('is refused with the development API_KEY or SECRET_KEY, or a short SECRET_KEY', () => {
    expect(() => loadConfig({ ...PRODUCTION, API_KEY: DEV_API_KEY })).toThrow(/must not be the development defaults/);
    expect(() => loadConfig({ ...PRODUCTION, SECRET_KEY: DEV_SECRET_KEY })).toThrow(
      /must not be the development defaults/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SECRET_KEY: 'x'.repeat(31) })).toThrow(/SECRET_KEY/);
  });

  it('development falls back to the development defaults', () => {
    const config = loadConfig({});
    expect([config.production, config.apiKey, config.secretKey, config.publicUrl]).toEqual([
      false,
      DEV_API_KEY,
      DEV_SECRET_KEY,
      'http://localhost:3000',
    ]);
  });
});

describe('PAYMENT_PROVIDER (issue 23 §1: the sandbox never takes card details on a real site)', () => {
  const { PAYMENT_PROVIDER: _, ...withoutProvider } = PRODUCTION;

  it('must be set explicitly in production, naming it (also when empty)', () => {
    expect(() => loadConfig(withoutProvider)).toThrow('PAYMENT_PROVIDER must be set in production');
    expect(() => loadConfig({ ...withoutProvider, PAYMENT_PROVIDER: '' })).toThrow(
      'PAYMENT_PROVIDER must be set in production',
    );
  });

  it('refuses the sandbox in production outside a demo site, naming PAYMENT_PROVIDER and SEED_DEMO', () => {
    for (const seed of [{}, { SEED_DEMO: 'auto' }, { SEED_DEMO: 'false' }]) {
      expect(() => loadConfig({ ...withoutProvider, ...seed, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
        /PAYMENT_PROVIDER=sandbox.*SEED_DEMO=true/,
      );
    }
  });

  it('takes the sandbox in production only on a public demo (SEED_DEMO=true)', () => {
    expect(loadConfig({ ...withoutProvider, PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: 'true' }).paymentProvider).toBe(
      'sandbox',
    );
  });

  it('takes none (no card payments) and redsys (with its settings) in production', () => {
    expect(loadConfig({ ...withoutProvider, PAYMENT_PROVIDER: 'none' }).paymentProvider).toBe('none');
    expect(loadConfig({ ...withoutProvider, PAYMENT_PROVIDER: 'redsys', ...REDSYS }).paymentProvider).toBe('redsys');
    expect(() => loadConfig({ ...withoutProvider, PAYMENT_PROVIDER: 'redsys' })).toThrow(/REDSYS_MERCHANT_CODE/);
  });

  it('refuses an unknown provider, and defaults to the sandbox in development only', () => {
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
    expect(loadConfig({}).paymentProvider).toBe('sandbox');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).paymentProvider).toBe('none');
  });
});
