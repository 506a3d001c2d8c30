/**
 * "My data" (issue 8 §12–13): everything the site holds about one member, read for the export, and the
 * writes that erase the person when they delete their account. Plain functions over `db | trx`; the
 * service owns the transaction. Nothing here reads another member's personal data: joins only bring
 * titles of things (offers, groups, articles), never other people.
 */
import { PRIVATE_KINDS } from '../../lib/privateFiles';
import { nowIso } from '../../lib/ids';
import type { DialectName } from '../../db/dialect';
import type { Conn } from '../../db/conn';

/** The member's row, locked for the rest of the transaction on PostgreSQL. */
export function lockUser(db: Conn, dialect: DialectName, hash: string) {
  const query = db.selectFrom('users').selectAll().where('hash', '=', hash);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

// ── export ───────────────────────────────────────────────────────────────────

export function userRow(db: Conn, hash: string) {
  return db.selectFrom('users').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export function categoryOf(db: Conn, hash: string) {
  return db
    .selectFrom('categories')
    .select(['hash', 'title_es', 'title_en', 'title_ca'])
    .where('hash', '=', hash)
    .executeTakeFirst();
}

export function tagsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('user_tags')
    .innerJoin('tags', 'tags.hash', 'user_tags.tag_hash')
    .select(['tags.hash', 'tags.group', 'tags.title_es', 'tags.title_en', 'tags.title_ca'])
    .where('user_tags.user_hash', '=', userHash)
    .orderBy('tags.group')
    .orderBy('tags.hash')
    .execute();
}

export function portfoliosOf(db: Conn, userHash: string) {
  return db
    .selectFrom('portfolios')
    .select(['hash', 'name', 'date', 'content', 'status', 'data', 'created_at', 'updated_at'])
    .where('user_hash', '=', userHash)
    .orderBy('created_at')
    .orderBy('hash')
    .execute();
}

export function portfolioImagesOf(db: Conn, userHash: string) {
  return db
    .selectFrom('portfolio_images')
    .innerJoin('portfolios', 'portfolios.hash', 'portfolio_images.portfolio_hash')
    .select([
      'portfolio_images.hash',
      'portfolio_images.portfolio_hash',
      'portfolio_images.path',
      'portfolio_images.position',
    ])
    .where('portfolios.user_hash', '=', userHash)
    .orderBy('portfolio_images.portfolio_hash')
    .orderBy('portfolio_images.position')
    .execute();
}

export function portfolioLinksOf(db: Conn, userHash: string) {
  return db
    .selectFrom('portfolio_links')
    .innerJoin('portfolios', 'portfolios.hash', 'portfolio_links.portfolio_hash')
    .select(['portfolio_links.portfolio_hash', 'portfolio_links.url', 'portfolio_links.position'])
    .where('portfolios.user_hash', '=', userHash)
    .orderBy('portfolio_links.portfolio_hash')
    .orderBy('portfolio_links.position')
    .execute();
}

export function experiencesOf(db: Conn, userHash: string) {
  return db
    .selectFrom('work_experiences')
    .select([
      'hash',
      'name',
      'contract',
      'company_name',
      'start',
      'end',
      'location',
      'content',
      'data',
      'created_at',
      'updated_at',
    ])
    .where('user_hash', '=', userHash)
    .orderBy('start')
    .orderBy('hash')
    .execute();
}

/** Saved articles (`article_saves`) or event registrations (`article_subscriptions`), with the article's titles. */
export function articlesOf(db: Conn, table: 'article_saves' | 'article_subscriptions', userHash: string) {
  return db
    .selectFrom(table)
    .innerJoin('articles', 'articles.hash', `${table}.article_hash`)
    .leftJoin('article_i18n', (j) =>
      j.onRef('article_i18n.article_hash', '=', 'articles.hash').on('article_i18n.language', '=', 'es'),
    )
    .select(['articles.hash', 'articles.type', 'articles.date', 'article_i18n.title', `${table}.created_at`])
    .where(`${table}.user_hash`, '=', userHash)
    .orderBy(`${table}.created_at`)
    .execute();
}

export function applicationsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('applicants')
    .innerJoin('jobs', 'jobs.hash', 'applicants.job_hash')
    .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
    .select([
      'applicants.hash',
      'applicants.status',
      'applicants.note',
      'applicants.created_at',
      'applicants.updated_at',
      'jobs.hash as job_hash',
      'jobs.title as job_title',
      'companies.company_name',
    ])
    .where('applicants.user_hash', '=', userHash)
    .orderBy('applicants.created_at')
    .execute();
}

export function membershipsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('workgroup_members')
    .innerJoin('workgroups', 'workgroups.hash', 'workgroup_members.workgroup_hash')
    .select(['workgroups.hash', 'workgroups.name', 'workgroup_members.status', 'workgroup_members.created_at'])
    .where('workgroup_members.user_hash', '=', userHash)
    .orderBy('workgroup_members.created_at')
    .execute();
}

export function followedOf(db: Conn, userHash: string) {
  return db
    .selectFrom('workgroup_followers')
    .innerJoin('workgroups', 'workgroups.hash', 'workgroup_followers.workgroup_hash')
    .select(['workgroups.hash', 'workgroups.name', 'workgroup_followers.created_at'])
    .where('workgroup_followers.user_hash', '=', userHash)
    .orderBy('workgroup_followers.created_at')
    .execute();
}

export function administeredOf(db: Conn, userHash: string) {
  return db
    .selectFrom('workgroups')
    .select(['hash', 'slug', 'name', 'typology', 'type', 'status', 'description', 'created_at'])
    .where('admin_hash', '=', userHash)
    .orderBy('created_at')
    .execute();
}

export function postsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('comments')
    .innerJoin('workgroups', 'workgroups.hash', 'comments.workgroup_hash')
    .select([
      'comments.hash',
      'comments.parent_hash',
      'comments.content',
      'comments.file_hash',
      'comments.deleted',
      'comments.created_at',
      'comments.edited_at',
      'workgroups.hash as workgroup_hash',
      'workgroups.name as workgroup_name',
    ])
    .where('comments.user_hash', '=', userHash)
    .orderBy('comments.created_at')
    .execute();
}

export function likesOf(db: Conn, userHash: string) {
  return db
    .selectFrom('comment_likes')
    .innerJoin('comments', 'comments.hash', 'comment_likes.comment_hash')
    .select(['comment_likes.comment_hash', 'comments.workgroup_hash', 'comment_likes.created_at'])
    .where('comment_likes.user_hash', '=', userHash)
    .orderBy('comment_likes.created_at')
    .execute();
}

/** The posts this member reported to a group's administrator, with the reason they gave. */
export function reportsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('comment_reports')
    .innerJoin('comments', 'comments.hash', 'comment_reports.comment_hash')
    .select([
      'comment_reports.comment_hash',
      'comments.workgroup_hash',
      'comment_reports.reason',
      'comment_reports.created_at',
    ])
    .where('comment_reports.user_hash', '=', userHash)
    .orderBy('comment_reports.created_at')
    .execute();
}

/** Cards as we keep them: brand, last four digits, expiry (never the provider's token). */
export function cardsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('cards')
    .select(['hash', 'brand', 'last4', 'exp_month', 'exp_year', 'is_default', 'created_at'])
    .where('user_hash', '=', userHash)
    .orderBy('created_at')
    .execute();
}

export function paymentsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('payments')
    .select([
      'hash',
      'method',
      'status',
      'amount_cents',
      'refunded_cents',
      'period_start',
      'period_end',
      'card_label',
      'mandate_ref',
      'receipt_number',
      'created_at',
      'settled_at',
    ])
    .where('user_hash', '=', userHash)
    .orderBy('created_at')
    .execute();
}

export function mandatesOf(db: Conn, userHash: string) {
  return db
    .selectFrom('debit_mandates')
    .select(['reference', 'iban', 'holder', 'language', 'text', 'accepted_at', 'revoked_at'])
    .where('user_hash', '=', userHash)
    .orderBy('accepted_at')
    .execute();
}

export function subscriptionsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('subscriptions')
    .select(['hash', 'status', 'amount_cents', 'current_period_end', 'created_at', 'cancelled_at'])
    .where('user_hash', '=', userHash)
    .orderBy('created_at')
    .execute();
}

/** The member's own stored files (CV, student and portfolio files) and the files attached to their wall posts. */
export function filesOf(db: Conn, userHash: string, attached: string[]) {
  return db
    .selectFrom('files')
    .select(['hash', 'kind', 'name', 'path', 'mime', 'size', 'created_at'])
    .where('kind', 'in', [...PRIVATE_KINDS]) // the photo's rows (issue 26) are exported as the photo itself
    .where((eb) => {
      const own = eb.and([eb('owner_type', '=', 'user'), eb('owner_hash', '=', userHash)]);
      return attached.length ? eb.or([own, eb('hash', 'in', attached)]) : own;
    })
    .orderBy('created_at')
    .orderBy('hash')
    .execute();
}

export function auditAbout(db: Conn, userHash: string) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'data', 'created_at'])
    .where('target_type', '=', 'user')
    .where('target_hash', '=', userHash)
    .orderBy('created_at')
    .execute();
}

/** Mail to the member's address since their account exists (an earlier, deleted account at the same address is someone else's record). */
export function mailsTo(db: Conn, address: string, since: string) {
  return db
    .selectFrom('email_outbox')
    .select(['template', 'language', 'subject', 'body_text', 'status', 'created_at', 'sent_at'])
    .where('to_address', '=', address)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
}

export function sessionsOf(db: Conn, userHash: string) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at', 'revoked_at'])
    .where('actor_type', '=', 'user')
    .where('actor_hash', '=', userHash)
    .orderBy('created_at')
    .execute();
}

/** The member's job alert preferences (issue 11 §8), if any. */
export function jobAlertOf(db: Conn, userHash: string) {
  return db
    .selectFrom('job_alerts')
    .select(['frequency', 'area', 'contract', 'working', 'location', 'text', 'updated_at'])
    .where('user_hash', '=', userHash)
    .executeTakeFirst();
}

// ── deletion ─────────────────────────────────────────────────────────────────

/** Removes what only the person owns; answers the stored paths of their files and portfolio images. */
export async function deleteOwned(
  db: Conn,
  userHash: string,
): Promise<{ files: Array<{ kind: string; path: string }>; images: string[] }> {
  const portfolios = db.selectFrom('portfolios').select('hash').where('user_hash', '=', userHash);
  const images = await db
    .selectFrom('portfolio_images')
    .select('path')
    .where('portfolio_hash', 'in', portfolios)
    .execute();
  const files = await db
    .selectFrom('files')
    .select(['kind', 'path'])
    .where('owner_type', '=', 'user')
    .where('owner_hash', '=', userHash)
    .execute();
  // the projects' own rows: their file (kind `portfolio`) and their pictures' rows (`portfolio_image`, issue 26)
  const projectFiles = db
    .deleteFrom('files')
    .where('owner_type', '=', 'portfolio')
    .where('owner_hash', 'in', portfolios);
  files.push(...(await projectFiles.returning(['kind', 'path']).execute()));
  await db.deleteFrom('portfolio_images').where('portfolio_hash', 'in', portfolios).execute();
  await db.deleteFrom('portfolio_links').where('portfolio_hash', 'in', portfolios).execute();
  await db.deleteFrom('portfolios').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('work_experiences').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('article_saves').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('article_subscriptions').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('comment_likes').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('comment_reports').where('user_hash', '=', userHash).execute();
  // the membership stops; its payments stay, anonymous with the row, as the association's accounting record
  await db
    .updateTable('subscriptions')
    .set({ status: 'ENDED', renew: 0, next_charge_at: null, ended_at: nowIso() })
    .where('user_hash', '=', userHash)
    .where('status', 'in', ['ACTIVE', 'PAST_DUE'])
    .execute();
  await db.deleteFrom('debit_mandates').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('payment_sessions').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('cards').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('user_tags').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('job_alerts').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('job_alert_deliveries').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('newsletter_deliveries').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('workgroup_members').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('workgroup_followers').where('user_hash', '=', userHash).execute();
  await db.deleteFrom('files').where('owner_type', '=', 'user').where('owner_hash', '=', userHash).execute();
  await db.deleteFrom('account_tokens').where('actor_type', '=', 'user').where('actor_hash', '=', userHash).execute();
  return { files, images: images.map((row) => row.path) };
}

/** Groups the person administers go back to the association's administrators, unpublished (DESIGN §6). */
export async function unpublishAdministered(db: Conn, userHash: string, now: string): Promise<string[]> {
  const groups = await db.selectFrom('workgroups').select('hash').where('admin_hash', '=', userHash).execute();
  if (groups.length)
    await db
      .updateTable('workgroups')
      .set({ status: 'UNPUBLISHED', updated_at: now })
      .where('admin_hash', '=', userHash)
      .execute();
  return groups.map((row) => row.hash);
}

/**
 * The row stays (applications and wall posts point at it) with nothing personal left: status DELETED,
 * an unroutable unique placeholder for the e-mail (the address is free for a new registration), no name,
 * no password, every personal column and `data` cleared, hidden from every list.
 */
export async function anonymise(db: Conn, userHash: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      status: 'DELETED',
      email: `deleted:${userHash}`,
      password_hash: '!deleted',
      name: '',
      surname1: '',
      surname2: null,
      slug: null,
      graduation_year: null,
      category_hash: null,
      country_code: null,
      city: null,
      current_job: null,
      current_company: null,
      photo: null,
      cv_file: null,
      iban: null,
      is_ambassador: 0,
      is_entrepreneur: 0,
      is_receive_jobs: 0,
      is_newsletter: 0,
      profile_complete: 0,
      is_appear_by_user: 0,
      is_appear_by_company: 0,
      subscription_end: null,
      search_text: '',
      data: JSON.stringify({ deleted_at: now }),
      email_confirmed_at: null,
      updated_at: now,
    })
    .where('hash', '=', userHash)
    .execute();
  // the applications stay (the companies' history) without the member's own words to the company
  await db.updateTable('applicants').set({ note: null }).where('user_hash', '=', userHash).execute();
}
