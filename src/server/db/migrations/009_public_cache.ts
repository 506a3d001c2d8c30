/**
 * The `public` data version (issue 9 §3, plugins/publicCache.ts): bumped in the writing transaction by every
 * insert, update or delete on any table an anonymous public answer can read, so the anonymous public-read cache
 * of every instance knows its entries are stale. Deliberately wide — every table except the ones that hold only
 * sign-in and bookkeeping state (PRIVATE_TABLES below) — rather than a list of what each cached route reads today:
 * a route that starts reading another table is still covered. A test (tests/api/public-cache.test.ts) checks that
 * every table of the live schema is either covered or listed as private, so a new table needs a decision.
 * Same triggers as migration 008: statement-level on PostgreSQL (its bump_data_version function), row-level on SQLite.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Tables whose writes never change what an anonymous visitor is answered (sessions, counters, logs, mail). */
export const PRIVATE_TABLES = [
  'data_versions',
  'account_tokens',
  'sessions',
  'login_failures',
  'rate_counters',
  'email_outbox',
  'audit_log',
];

/** Every table of the schema at this migration except PRIVATE_TABLES. */
export const PUBLIC_TABLES = [
  'users',
  'companies',
  'admins',
  'jobs',
  'job_tags',
  'applicants',
  'articles',
  'article_i18n',
  'article_tags',
  'article_saves',
  'article_subscriptions',
  'user_tags',
  'portfolios',
  'portfolio_images',
  'portfolio_links',
  'work_experiences',
  'workgroups',
  'workgroup_members',
  'workgroup_followers',
  'comments',
  'comment_likes',
  'files',
  'cards',
  'subscriptions',
  'categories',
  'tags',
  'countries',
  'company_feedback',
  'settings',
  'content_pages',
];

const EVENTS = ['insert', 'update', 'delete'] as const;

function isPostgres(db: Kysely<unknown>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into data_versions (name, version) values ('public', 0)`.execute(db);
  if (isPostgres(db)) {
    for (const table of PUBLIC_TABLES) {
      await sql
        .raw(
          `create trigger ${table}_public_version after insert or delete or update on ${table} for each statement execute function bump_data_version('public')`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of PUBLIC_TABLES) {
    for (const event of EVENTS) {
      await sql
        .raw(
          `create trigger ${table}_public_${event} after ${event} on ${table} begin update data_versions set version = version + 1 where name = 'public'; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of PUBLIC_TABLES)
      await sql.raw(`drop trigger if exists ${table}_public_version on ${table}`).execute(db);
  } else {
    for (const table of PUBLIC_TABLES)
      for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_public_${event}`).execute(db);
  }
  await sql`delete from data_versions where name = 'public'`.execute(db);
}
