/**
 * The database is chosen from DATABASE_URL: `postgres://…` → PostgreSQL (several app instances),
 * anything else (`sqlite:./data/portal.db` or a path) → the embedded SQLite file (WAL, foreign keys on).
 */
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type LogConfig,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './types';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_security';
import * as m003 from './migrations/003_mail';
import * as m005 from './migrations/005_audit';
import * as m004 from './migrations/004_accounts';
import * as m006 from './migrations/006_profile';
import * as m008 from './migrations/008_speed';
import * as m009 from './migrations/009_public_cache';
import * as m010 from './migrations/010_coded_values';
import * as m011 from './migrations/011_offers';
import * as m015 from './migrations/015_job_views';
import * as m016 from './migrations/016_job_alerts';
import * as m017 from './migrations/017_workgroups_manage';
import * as m018 from './migrations/018_group_notifications';
import * as m020 from './migrations/020_wall_reports';
import * as m021 from './migrations/021_articles_admin';
import * as m022 from './migrations/022_admin_security';
import * as m023 from './migrations/023_newsletter';
import * as m024 from './migrations/024_payment_sessions';
import * as m026 from './migrations/026_membership';
import * as m025 from './migrations/025_member_card';
import * as m027 from './migrations/027_application_note';
import * as m028 from './migrations/028_unaccent';
import { foldText } from '../../shared/text';
import { startsWords } from './search';
import { withNamedStatements } from './pgStatements';
import { registerSqliteHandle } from './dataVersions';
import * as m029 from './migrations/029_application_outcome';
import * as m030 from './migrations/030_offer_salary_mode';
import * as m034 from './migrations/034_member_invitations';
import * as m032 from './migrations/032_school_records';
import * as m035 from './migrations/035_messages';
import * as m039 from './migrations/039_study_decisions';
import * as m040 from './migrations/040_public_picture_files';
import * as m041 from './migrations/041_portfolio_picture_files';
import * as m043 from './migrations/043_list_indexes';
import * as m037 from './migrations/037_message_moderation';
import * as m036 from './migrations/036_search_words';
import * as m045 from './migrations/045_message_inboxes';
import * as m042 from './migrations/042_auth_version';
import * as m046 from './migrations/046_search_facets';
import * as m048 from './migrations/048_message_pending';
import { dropStat4Samples } from './plannerStats';

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

// int8 (count(*)) arrives as a string from pg: our counts fit in a JS number.
pg.types.setTypeParser(20, (value: string) => Number(value));

export function dialectOf(databaseUrl: string): DialectName {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
}

export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.replace(/^sqlite:(\/\/)?/, '');
}

/** `log`: Kysely's query log (tests counting the statements of a request). */
export function createDb(databaseUrl: string, options: { poolSize?: number; log?: LogConfig } = {}): Db {
  if (dialectOf(databaseUrl) === 'postgres') {
    // idle connections are kept a minute (pg's default is 10 s): each one holds its prepared statements
    const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10, idleTimeoutMillis: 60_000 });
    // An idle connection the server ends (restart, failover, a dropped database) is removed from the pool and
    // replaced on the next query; without a listener the pool's 'error' event would end the process.
    pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection was closed (${error.message})`));
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool) }),
      log: options.log,
    });
  }
  const file = sqlitePath(databaseUrl);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // fold(text): lower-case, accents removed, as foldText() — for searches on columns that have no folded twin
  // (PostgreSQL: lower(unaccent(text)), db/search.ts)
  sqlite.function('fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldText(value) : value,
  );
  // starts_words(search_text, match): the word search's row test when a search matches many rows (db/search.ts)
  sqlite.function('starts_words', { deterministic: true }, startsWords);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log: options.log,
  });
  registerSqliteHandle(db, sqlite); // the data versions are read on it directly (dataVersions.ts)
  return db;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls `database.prepare(sql)` for every query, and preparing (parsing and planning)
 * was ~12 % of the server's CPU under load (issue 9). The same SQL text gives the same statement, so keep the
 * last few hundred prepared statements (least recently used out) and hand them out again. better-sqlite3
 * runs a statement to completion synchronously; only a streamed one (`iterate`) stays busy, and a busy
 * statement is never handed out twice: a fresh one is prepared instead. A schema change (migrations) makes
 * SQLite re-prepare a statement by itself. PostgreSQL has its own: named statements per pooled connection
 * (db/pgStatements.ts).
 */
export function withStatementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
      const hit = statements.get(text);
      if (hit && !hit.busy) {
        // re-insert: a Map iterates in insertion order, so its first key is the least recently used
        statements.delete(text);
        statements.set(text, hit);
        return hit;
      }
      const statement = sqlite.prepare(text);
      if (hit) return statement;
      if (statements.size >= max) statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
      return statement;
    },
  };
}

const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_security': m002,
  '003_mail': m003,
  '004_accounts': m004,
  '005_audit': m005,
  '006_profile': m006,
  '008_speed': m008,
  '009_public_cache': m009,
  '010_coded_values': m010,
  '011_offers': m011,
  '015_job_views': m015,
  '016_job_alerts': m016,
  '017_workgroups_manage': m017,
  '018_group_notifications': m018,
  '020_wall_reports': m020,
  '021_articles_admin': m021,
  '022_admin_security': m022,
  '023_newsletter': m023,
  '024_payment_sessions': m024,
  '025_member_card': m025,
  '026_membership': m026,
  '027_application_note': m027,
  '028_unaccent': m028,
  '029_application_outcome': m029,
  '030_offer_salary_mode': m030,
  '034_member_invitations': m034,
  '032_school_records': m032,
  '035_messages': m035,
  '039_study_decisions': m039,
  '040_public_picture_files': m040,
  '041_portfolio_picture_files': m041,
  '037_message_moderation': m037,
  '036_search_words': m036,
  '042_auth_version': m042,
  '043_list_indexes': m043,
  '045_message_inboxes': m045,
  '046_search_facets': m046,
  '048_message_pending': m048,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists (Kysely's advice)
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  await dropStat4Samples(db);
}

/** Names of the migrations this code knows that the database has not run (readiness: an instance older or newer than its database). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator takes any database shape
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
