/**
 * The whole SPEC §3 data model, written only with Kysely's portable schema builder so the same
 * migration runs on SQLite and PostgreSQL. One index per list filter of SPEC §3.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';

// Kysely's builders are typed per table name; the helpers below only add columns.
type Table = CreateTableBuilder<string, string>;

const hashKey = (t: Table) => t.addColumn('hash', 'varchar(32)', (c) => c.primaryKey());
const text = (t: Table, name: string, nullable = true) =>
  t.addColumn(name, 'text', (c) => (nullable ? c : c.notNull()));
const str = (t: Table, name: string, size = 255, nullable = true) =>
  t.addColumn(name, `varchar(${size})`, (c) => (nullable ? c : c.notNull()));
const int = (t: Table, name: string, nullable = true) =>
  t.addColumn(name, 'integer', (c) => (nullable ? c : c.notNull()));
const flag = (t: Table, name: string, dflt = 0) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt));
const json = (t: Table) => t.addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'));
const stamps = (t: Table) => str(str(t, 'created_at', 32, false), 'updated_at', 32, false);
const ref = (t: Table, name: string, table: string, nullable = false, cascade = true) =>
  t.addColumn(name, 'varchar(32)', (c) => {
    let col = c.references(`${table}.hash`);
    col = cascade ? col.onDelete('cascade') : col.onDelete('set null');
    return nullable ? col : col.notNull();
  });

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const create = async (name: string, build: (t: Table) => Table) => {
    await build(s.createTable(name) as unknown as Table).execute();
  };
  const index = async (table: string, columns: string[], unique = false) => {
    const name = `${table}_${columns.join('_')}_${unique ? 'uq' : 'ix'}`;
    let b = s.createIndex(name).on(table).columns(columns);
    if (unique) b = b.unique();
    await b.execute();
  };

  await create('categories', (t) => {
    t = hashKey(t);
    t = str(t, 'parent_hash', 32);
    t = int(t, 'lvl', false);
    t = int(t, 'position', false);
    for (const l of ['es', 'en', 'ca']) t = str(t, `title_${l}`, 255, false);
    return t;
  });
  await index('categories', ['parent_hash']);

  await create('tags', (t) => {
    t = hashKey(t);
    t = str(t, 'type', 16, false);
    t = str(t, 'group', 32, false);
    for (const l of ['es', 'en', 'ca']) t = str(t, `title_${l}`, 255, false);
    return t;
  });
  await index('tags', ['type', 'group']);

  await create('countries', (t) => {
    t = t.addColumn('code', 'varchar(2)', (c) => c.primaryKey());
    for (const l of ['es', 'en', 'ca']) t = str(t, `name_${l}`, 255, false);
    t = t.addColumn('lat', 'real', (c) => c.notNull().defaultTo(0));
    t = t.addColumn('lng', 'real', (c) => c.notNull().defaultTo(0));
    return t;
  });

  await create('users', (t) => {
    t = hashKey(t);
    t = str(t, 'email', 254, false);
    t = str(t, 'password_hash', 255, false);
    t = str(t, 'status', 16, false);
    t = str(t, 'role', 16, false);
    t = int(t, 'code_numeric', false);
    t = str(t, 'name', 255, false);
    t = str(t, 'surname1', 255, false);
    t = str(t, 'surname2', 255);
    t = str(t, 'slug', 255);
    t = str(t, 'language', 2, false);
    t = str(t, 'profile_type', 16, false);
    t = int(t, 'graduation_year');
    t = ref(t, 'category_hash', 'categories', true, false);
    t = str(t, 'country_code', 2);
    t = str(t, 'city', 255);
    t = str(t, 'current_job', 255);
    t = str(t, 'current_company', 255);
    t = str(t, 'photo', 255);
    t = str(t, 'cv_file', 32);
    t = str(t, 'iban', 34);
    for (const f of ['is_ambassador', 'is_entrepreneur', 'is_receive_jobs', 'is_newsletter', 'profile_complete'])
      t = flag(t, f);
    t = flag(t, 'is_appear_by_user', 1);
    t = flag(t, 'is_appear_by_company', 1);
    t = str(t, 'subscription_end', 32);
    t = text(t, 'search_text', false);
    t = json(t);
    return stamps(t);
  });
  await index('users', ['email'], true);
  await index('users', ['code_numeric'], true);
  await index('users', ['slug'], true);
  await index('users', ['status', 'is_appear_by_user', 'surname1', 'name', 'hash']);
  await index('users', ['status', 'is_appear_by_company', 'surname1', 'name', 'hash']);
  await index('users', ['category_hash']);
  await index('users', ['country_code']);
  await index('users', ['graduation_year']);
  await index('users', ['city']);
  await index('users', ['is_ambassador']);
  await index('users', ['is_entrepreneur']);

  await create('user_tags', (t) =>
    ref(ref(t, 'user_hash', 'users'), 'tag_hash', 'tags').addPrimaryKeyConstraint('user_tags_pk', [
      'user_hash',
      'tag_hash',
    ]),
  );
  await index('user_tags', ['tag_hash']);

  await create('companies', (t) => {
    t = hashKey(t);
    t = str(t, 'email', 254, false);
    t = str(t, 'password_hash', 255, false);
    t = str(t, 'status', 16, false);
    t = str(t, 'company_name', 255, false);
    t = str(t, 'document_number_company', 32, false);
    t = str(t, 'contact_name', 255, false);
    t = str(t, 'contact_phone', 32);
    t = str(t, 'url', 2048);
    t = str(t, 'specialty_company', 255);
    t = str(t, 'logo', 255);
    t = str(t, 'language', 2, false);
    t = json(t);
    return stamps(t);
  });
  await index('companies', ['email'], true);
  await index('companies', ['status']);

  await create('admins', (t) => {
    t = hashKey(t);
    t = str(t, 'email', 254, false);
    t = str(t, 'password_hash', 255, false);
    t = str(t, 'name', 255, false);
    return str(t, 'created_at', 32, false);
  });
  await index('admins', ['email'], true);

  await create('sessions', (t) => {
    t = hashKey(t);
    t = str(t, 'actor_type', 16, false);
    t = str(t, 'actor_hash', 32, false);
    t = str(t, 'device_id', 128, false);
    t = str(t, 'token_hash', 64, false);
    t = str(t, 'refresh_hash', 64, false);
    t = str(t, 'expires_at', 32, false);
    t = str(t, 'refresh_expires_at', 32, false);
    t = str(t, 'revoked_at', 32);
    return str(t, 'created_at', 32, false);
  });
  await index('sessions', ['token_hash'], true);
  await index('sessions', ['refresh_hash'], true);
  await index('sessions', ['actor_type', 'actor_hash']);

  await create('login_failures', (t) => str(str(hashKey(t), 'key', 320, false), 'created_at', 32, false));
  await index('login_failures', ['key', 'created_at']);

  await create('jobs', (t) => {
    t = hashKey(t);
    t = str(t, 'slug', 255, false);
    t = ref(t, 'company_hash', 'companies');
    t = str(t, 'status', 16, false);
    t = str(t, 'title', 255, false);
    t = text(t, 'description', false);
    t = str(t, 'location', 255, false);
    t = str(t, 'contract', 16, false);
    t = str(t, 'working', 64);
    t = str(t, 'date_incorporation', 32);
    t = str(t, 'workstation', 255);
    t = str(t, 'area', 255);
    t = str(t, 'specialty', 255);
    t = str(t, 'file', 32);
    t = text(t, 'search_text', false);
    t = json(t);
    t = str(t, 'cdate', 32, false);
    return str(t, 'updated_at', 32, false);
  });
  await index('jobs', ['slug'], true);
  await index('jobs', ['status', 'cdate', 'hash']); // the list's order, so pages never sort
  await index('jobs', ['status', 'contract', 'cdate', 'hash']);
  await index('jobs', ['status', 'location']);
  await index('jobs', ['company_hash', 'cdate']);

  await create('job_tags', (t) =>
    ref(ref(t, 'job_hash', 'jobs'), 'tag_hash', 'tags').addPrimaryKeyConstraint('job_tags_pk', [
      'job_hash',
      'tag_hash',
    ]),
  );
  await index('job_tags', ['tag_hash', 'job_hash']);

  await create('applicants', (t) => {
    t = hashKey(t);
    t = ref(t, 'job_hash', 'jobs');
    t = ref(t, 'user_hash', 'users');
    t = str(t, 'status', 16, false);
    return stamps(t);
  });
  await index('applicants', ['job_hash', 'user_hash'], true);
  await index('applicants', ['user_hash', 'created_at']);
  await index('applicants', ['job_hash', 'status']);

  await create('articles', (t) => {
    t = hashKey(t);
    t = str(t, 'type', 8, false);
    t = str(t, 'status', 16, false);
    t = str(t, 'date', 10, false);
    t = int(t, 'year', false);
    t = int(t, 'month', false);
    t = str(t, 'hour', 5);
    t = str(t, 'location', 255);
    t = str(t, 'image', 255);
    t = int(t, 'capacity');
    t = json(t);
    return stamps(t);
  });
  await index('articles', ['status', 'date', 'hash']);
  await index('articles', ['status', 'type', 'date']);
  await index('articles', ['year', 'month']);

  await create('article_i18n', (t) => {
    t = ref(t, 'article_hash', 'articles');
    t = str(t, 'language', 2, false);
    t = str(t, 'slug', 255, false);
    t = str(t, 'title', 255, false);
    t = text(t, 'summary', false);
    t = text(t, 'body', false);
    return t.addPrimaryKeyConstraint('article_i18n_pk', ['article_hash', 'language']);
  });
  await index('article_i18n', ['language', 'slug'], true);

  await create('article_tags', (t) =>
    ref(ref(t, 'article_hash', 'articles'), 'tag_hash', 'tags').addPrimaryKeyConstraint('article_tags_pk', [
      'article_hash',
      'tag_hash',
    ]),
  );
  await index('article_tags', ['tag_hash', 'article_hash']);
  for (const name of ['article_saves', 'article_subscriptions']) {
    await create(name, (t) =>
      str(
        ref(ref(t, 'article_hash', 'articles'), 'user_hash', 'users'),
        'created_at',
        32,
        false,
      ).addPrimaryKeyConstraint(`${name}_pk`, ['article_hash', 'user_hash']),
    );
    await index(name, ['user_hash', 'created_at']);
  }

  await create('files', (t) => {
    t = hashKey(t);
    t = str(t, 'owner_type', 16, false);
    t = str(t, 'owner_hash', 32, false);
    t = str(t, 'workgroup_hash', 32);
    t = str(t, 'kind', 16, false);
    t = str(t, 'name', 255, false);
    t = str(t, 'path', 512, false);
    t = str(t, 'mime', 128, false);
    t = int(t, 'size', false);
    return stamps(t);
  });
  await index('files', ['owner_type', 'owner_hash']);
  await index('files', ['workgroup_hash', 'updated_at']);

  await create('portfolios', (t) => {
    t = hashKey(t);
    t = ref(t, 'user_hash', 'users');
    t = str(t, 'status', 16, false);
    t = str(t, 'name', 255, false);
    t = str(t, 'date', 10);
    t = text(t, 'content', false);
    t = json(t);
    return stamps(t);
  });
  await index('portfolios', ['status', 'created_at']);
  await index('portfolios', ['user_hash', 'created_at']);

  await create('portfolio_images', (t) =>
    int(str(ref(hashKey(t), 'portfolio_hash', 'portfolios'), 'path', 512, false), 'position', false),
  );
  await index('portfolio_images', ['portfolio_hash', 'position']);
  await create('portfolio_links', (t) =>
    int(str(ref(hashKey(t), 'portfolio_hash', 'portfolios'), 'url', 2048, false), 'position', false),
  );
  await index('portfolio_links', ['portfolio_hash', 'position']);

  await create('work_experiences', (t) => {
    t = hashKey(t);
    t = ref(t, 'user_hash', 'users');
    t = str(t, 'name', 255, false);
    t = str(t, 'contract', 16);
    t = str(t, 'company_name', 255, false);
    t = str(t, 'start', 10, false);
    t = str(t, 'end', 10);
    t = str(t, 'location', 255);
    t = text(t, 'content', false);
    t = json(t);
    return stamps(t);
  });
  await index('work_experiences', ['user_hash', 'start']);
  await index('work_experiences', ['created_at']);

  await create('workgroups', (t) => {
    t = hashKey(t);
    t = str(t, 'slug', 255, false);
    t = str(t, 'name', 255, false);
    t = str(t, 'typology', 64);
    t = str(t, 'type', 8, false);
    t = str(t, 'status', 16, false);
    t = str(t, 'image', 255);
    t = ref(t, 'admin_hash', 'users');
    t = text(t, 'description', false);
    t = text(t, 'search_text', false);
    t = json(t);
    return stamps(t);
  });
  await index('workgroups', ['slug'], true);
  await index('workgroups', ['status', 'type', 'created_at']);
  await index('workgroups', ['admin_hash']);

  await create('workgroup_members', (t) => {
    t = hashKey(t);
    t = ref(t, 'workgroup_hash', 'workgroups');
    t = ref(t, 'user_hash', 'users');
    t = str(t, 'status', 16, false);
    return str(t, 'created_at', 32, false);
  });
  await index('workgroup_members', ['workgroup_hash', 'user_hash'], true);
  await index('workgroup_members', ['user_hash', 'status']);
  await index('workgroup_members', ['workgroup_hash', 'status', 'created_at']);

  await create('workgroup_followers', (t) =>
    str(
      ref(ref(t, 'workgroup_hash', 'workgroups'), 'user_hash', 'users'),
      'created_at',
      32,
      false,
    ).addPrimaryKeyConstraint('workgroup_followers_pk', ['workgroup_hash', 'user_hash']),
  );
  await index('workgroup_followers', ['user_hash']);

  await create('comments', (t) => {
    t = hashKey(t);
    t = ref(t, 'workgroup_hash', 'workgroups');
    t = ref(t, 'user_hash', 'users');
    t = str(t, 'parent_hash', 32);
    t = text(t, 'content', false);
    t = str(t, 'file_hash', 32);
    t = flag(t, 'deleted');
    return str(t, 'created_at', 32, false);
  });
  await index('comments', ['workgroup_hash', 'parent_hash', 'created_at']);
  await index('comments', ['parent_hash', 'created_at']);
  await index('comments', ['workgroup_hash', 'file_hash']);

  await create('comment_likes', (t) =>
    str(ref(ref(t, 'comment_hash', 'comments'), 'user_hash', 'users'), 'created_at', 32, false).addPrimaryKeyConstraint(
      'comment_likes_pk',
      ['comment_hash', 'user_hash'],
    ),
  );

  await create('cards', (t) => {
    t = hashKey(t);
    t = ref(t, 'user_hash', 'users');
    t = str(t, 'provider_token', 255, false);
    t = str(t, 'brand', 32, false);
    t = str(t, 'last4', 4, false);
    t = int(t, 'exp_month', false);
    t = int(t, 'exp_year', false);
    t = flag(t, 'is_default');
    return str(t, 'created_at', 32, false);
  });
  await index('cards', ['user_hash', 'created_at']);

  await create('subscriptions', (t) => {
    t = hashKey(t);
    t = ref(t, 'user_hash', 'users');
    t = ref(t, 'card_hash', 'cards', true, false);
    t = str(t, 'status', 16, false);
    t = int(t, 'amount_cents', false);
    t = str(t, 'current_period_end', 32, false);
    t = str(t, 'created_at', 32, false);
    return str(t, 'cancelled_at', 32);
  });
  await index('subscriptions', ['user_hash', 'status']);
  await index('subscriptions', ['status', 'current_period_end']);

  await create('company_feedback', (t) => {
    t = hashKey(t);
    t = ref(t, 'job_hash', 'jobs');
    t = ref(t, 'company_hash', 'companies');
    t = int(t, 'rating_bank', false);
    t = int(t, 'rating_candidates', false);
    t = flag(t, 'hired');
    t = ref(t, 'hired_user_hash', 'users', true, false);
    t = str(t, 'hired_name', 255);
    return str(t, 'created_at', 32, false);
  });
  await index('company_feedback', ['job_hash'], true);

  await create('email_outbox', (t) => {
    t = hashKey(t);
    t = str(t, 'to_address', 254, false);
    t = str(t, 'template', 64, false);
    t = str(t, 'language', 2, false);
    t = str(t, 'subject', 255, false);
    t = text(t, 'body_text', false);
    t = str(t, 'status', 16, false);
    t = int(t, 'attempts', false);
    t = text(t, 'error');
    t = str(t, 'created_at', 32, false);
    return str(t, 'sent_at', 32);
  });
  await index('email_outbox', ['status', 'created_at']);

  await create('settings', (t) =>
    text(
      t.addColumn('key', 'varchar(64)', (c) => c.primaryKey()),
      'value',
      false,
    ),
  );

  await create('content_pages', (t) => {
    t = hashKey(t);
    t = str(t, 'key', 64, false);
    t = str(t, 'language', 2, false);
    t = str(t, 'slug', 255, false);
    t = str(t, 'title', 255, false);
    t = text(t, 'body', false);
    t = int(t, 'position', false);
    return str(t, 'updated_at', 32, false);
  });
  await index('content_pages', ['language', 'slug'], true);
  await index('content_pages', ['key', 'language'], true);
}

/** Every table, children before parents (the order to drop or empty them in). */
export const TABLES = [
  'content_pages',
  'settings',
  'email_outbox',
  'company_feedback',
  'subscriptions',
  'cards',
  'comment_likes',
  'comments',
  'workgroup_followers',
  'workgroup_members',
  'workgroups',
  'work_experiences',
  'portfolio_links',
  'portfolio_images',
  'portfolios',
  'files',
  'article_subscriptions',
  'article_saves',
  'article_tags',
  'article_i18n',
  'articles',
  'applicants',
  'job_tags',
  'jobs',
  'login_failures',
  'sessions',
  'admins',
  'companies',
  'user_tags',
  'users',
  'countries',
  'tags',
  'categories',
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
}
