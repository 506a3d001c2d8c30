/**
 * Everything a start does to the database before serving, under one start-up lock (./lock.ts): migrate,
 * apply the reference seed (always; idempotent), and seed the demo (only when `config.seedDemo` and the
 * database has no demo data and no members yet). Used by main.ts, the first-administrator command and tests.
 */
import { join } from 'node:path';
import type { Config } from '../config';
import { migrateToLatest, type Db } from './dialect';
import { withStartupLock, type LockOptions } from './lock';
import { DEMO_ACCOUNTS, seedDemo, type DemoAccount } from './seed/index';
import { seedReference } from './seed/reference';

export type { DemoAccount };

export interface PrepareOptions extends LockOptions {
  now?: Date;
  /** Operator notes (why the demo was not seeded); console.warn by default. */
  log?: (message: string) => void;
}

export interface PrepareResult {
  /** The demo accounts when this call seeded them, otherwise null. */
  demoAccounts: DemoAccount[] | null;
  /** Reference rows written by this call (0 once applied). */
  referenceRows: number;
}

export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'seedDemo'>,
  options: PrepareOptions = {},
): Promise<PrepareResult> {
  const log = options.log ?? ((message: string) => console.warn(message));
  return withStartupLock(
    config.databaseUrl,
    async () => {
      await migrateToLatest(db);
      const reference = await seedReference(db, { now: options.now });
      if (!config.seedDemo || (await hasDemoData(db))) return { demoAccounts: null, referenceRows: reference.inserted };
      if (await hasMembers(db)) {
        log(
          'Demo data not seeded: this database already has members or companies (SEED_DEMO seeds only an empty database).',
        );
        return { demoAccounts: null, referenceRows: reference.inserted };
      }
      const { accounts } = await seedDemo(db, { uploadsDir: join(config.dataDir, 'uploads'), now: options.now });
      return { demoAccounts: accounts, referenceRows: reference.inserted };
    },
    options,
  );
}

/** True when any demo account exists (the demo was seeded before). */
export async function hasDemoData(db: Db): Promise<boolean> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const [user, company, admin] = await Promise.all([
    db.selectFrom('users').select('hash').where('email', 'in', emails).limit(1).executeTakeFirst(),
    db.selectFrom('companies').select('hash').where('email', 'in', emails).limit(1).executeTakeFirst(),
    db.selectFrom('admins').select('hash').where('email', 'in', emails).limit(1).executeTakeFirst(),
  ]);
  return Boolean(user || company || admin);
}

async function hasMembers(db: Db): Promise<boolean> {
  const [user, company] = await Promise.all([
    db.selectFrom('users').select('hash').limit(1).executeTakeFirst(),
    db.selectFrom('companies').select('hash').limit(1).executeTakeFirst(),
  ]);
  return Boolean(user || company);
}
