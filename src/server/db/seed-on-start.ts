/** Seeds the demo data once, into an empty database only (DESIGN §7). */
import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from './dialect';
import { seedDemo } from './seed/index';

export interface DemoAccount {
  email: string;
  role: string;
  note: string;
}

export async function seedIfEmpty(db: Db, config: Config): Promise<DemoAccount[] | null> {
  const existing = await db.selectFrom('users').select('hash').limit(1).executeTakeFirst();
  if (existing) return null;
  const result = await seedDemo(db, { uploadsDir: join(config.dataDir, 'uploads') });
  return result.accounts;
}
