/** The back office's reads and writes of news and events (issue 14 §1); every function takes `db | trx`. */
import type { Insertable, Updateable } from 'kysely';
import { likePattern } from '../../../../shared/text';
import type { ArticleI18nTable, ArticlesTable } from '../../../db/types';
import type { Conn } from '../../../db/conn';

export interface AdminArticleFilter {
  text?: string;
  type?: string;
  status?: string;
  from?: string;
  to?: string;
}

const SORTS = { date: 'articles.date', updated_at: 'articles.updated_at', title: 'es.title' } as const;

function filtered(db: Conn, filter: AdminArticleFilter) {
  let query = db
    .selectFrom('articles')
    .innerJoin('article_i18n as es', (j) =>
      j.onRef('es.article_hash', '=', 'articles.hash').on('es.language', '=', 'es'),
    );
  const text = filter.text ? likePattern(filter.text) : null;
  if (text) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_i18n as any')
          .select('any.article_hash')
          .whereRef('any.article_hash', '=', 'articles.hash')
          .where((inner) =>
            inner.or([
              inner(inner.fn('lower', ['any.title']), 'like', text),
              inner(inner.fn('lower', ['any.slug']), 'like', text),
            ]),
          ),
      ),
    );
  }
  if (filter.type) query = query.where('articles.type', '=', filter.type);
  if (filter.status) query = query.where('articles.status', '=', filter.status);
  if (filter.from) query = query.where('articles.date', '>=', filter.from);
  if (filter.to) query = query.where('articles.date', '<=', filter.to);
  return query;
}

export async function count(db: Conn, filter: AdminArticleFilter) {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function page(db: Conn, filter: AdminArticleFilter, sort: string, limit: number, offset: number) {
  const field = SORTS[sort.replace(/^-/, '') as keyof typeof SORTS] ?? SORTS.date;
  return filtered(db, filter)
    .select([
      'articles.hash',
      'articles.type',
      'articles.status',
      'articles.publish_at',
      'articles.date',
      'articles.image',
      'articles.updated_at',
      'es.title',
      'es.slug',
    ])
    .orderBy(field, sort.startsWith('-') ? 'desc' : 'asc')
    .orderBy('articles.hash')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function findArticle(db: Conn, hash: string) {
  return db.selectFrom('articles').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export function textsOf(db: Conn, hashes: string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db.selectFrom('article_i18n').selectAll().where('article_hash', 'in', hashes).execute();
}

export function tagsOf(db: Conn, hash: string) {
  return db.selectFrom('article_tags').select('tag_hash').where('article_hash', '=', hash).execute();
}

export async function registeredCounts(db: Conn, hashes: string[]) {
  if (hashes.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('article_subscriptions')
    .select(['article_hash', (eb) => eb.fn.countAll<number>().as('n')])
    .where('article_hash', 'in', hashes)
    .groupBy('article_hash')
    .execute();
  return new Map(rows.map((row) => [row.article_hash, Number(row.n)]));
}

/** The article (other than `except`) already using `slug` in `language`, if any. */
export function slugOwner(db: Conn, language: string, slug: string, except: string | null) {
  let query = db
    .selectFrom('article_i18n')
    .select('article_hash')
    .where('language', '=', language)
    .where('slug', '=', slug);
  if (except) query = query.where('article_hash', '<>', except);
  return query.executeTakeFirst();
}

export async function insertArticle(db: Conn, row: Insertable<ArticlesTable>) {
  await db.insertInto('articles').values(row).execute();
}

export async function updateArticle(db: Conn, hash: string, changes: Updateable<ArticlesTable>) {
  await db.updateTable('articles').set(changes).where('hash', '=', hash).execute();
}

export async function replaceTexts(db: Conn, hash: string, rows: Array<Insertable<ArticleI18nTable>>) {
  await db.deleteFrom('article_i18n').where('article_hash', '=', hash).execute();
  if (rows.length) await db.insertInto('article_i18n').values(rows).execute();
}

export async function replaceTags(db: Conn, hash: string, tags: string[]) {
  await db.deleteFrom('article_tags').where('article_hash', '=', hash).execute();
  if (tags.length)
    await db
      .insertInto('article_tags')
      .values(tags.map((tag) => ({ article_hash: hash, tag_hash: tag })))
      .execute();
}

export async function articleTagsExist(db: Conn, tags: string[]) {
  if (tags.length === 0) return true;
  const rows = await db
    .selectFrom('tags')
    .select('hash')
    .where('hash', 'in', tags)
    .where('type', '=', 'ARTICLE')
    .execute();
  return rows.length === new Set(tags).size;
}

export async function deleteArticle(db: Conn, hash: string) {
  await db.deleteFrom('article_saves').where('article_hash', '=', hash).execute();
  await db.deleteFrom('article_tags').where('article_hash', '=', hash).execute();
  await db.deleteFrom('article_i18n').where('article_hash', '=', hash).execute();
  // the cover's row (issue 26); the service removes its object after the commit
  await db.deleteFrom('files').where('owner_type', '=', 'article').where('owner_hash', '=', hash).execute();
  await db.deleteFrom('articles').where('hash', '=', hash).execute();
}

/** The members registered for an event, first come first listed. */
export function attendees(db: Conn, hash: string, limit?: number, offset = 0) {
  let query = db
    .selectFrom('article_subscriptions')
    .innerJoin('users', 'users.hash', 'article_subscriptions.user_hash')
    .select([
      'users.hash',
      'users.name',
      'users.surname1',
      'users.surname2',
      'users.email',
      'users.code_numeric',
      'users.role',
      'users.status',
      'article_subscriptions.created_at',
    ])
    .where('article_subscriptions.article_hash', '=', hash)
    .orderBy('article_subscriptions.created_at')
    .orderBy('users.hash');
  if (limit !== undefined) query = query.limit(limit).offset(offset);
  return query.execute();
}

/** SCHEDULED articles whose time has come, published with a guarded move (several instances publish each once). */
export async function publishDue(db: Conn, now: string): Promise<string[]> {
  const due = await db
    .selectFrom('articles')
    .select('hash')
    .where('status', '=', 'SCHEDULED')
    .where('publish_at', '<=', now)
    .execute();
  const published: string[] = [];
  for (const { hash } of due) {
    const moved = await db
      .updateTable('articles')
      .set({ status: 'PUBLISHED', updated_at: now })
      .where('hash', '=', hash)
      .where('status', '=', 'SCHEDULED')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) published.push(hash);
  }
  return published;
}
