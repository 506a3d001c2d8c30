/** What the page shell needs to know about a detail page before the SPA runs. */
import type { Conn } from '../../db/conn';

export function jobForPage(db: Conn, slug: string) {
  return db
    .selectFrom('jobs')
    .innerJoin('companies', 'companies.hash', 'jobs.company_hash')
    .select([
      'jobs.hash',
      'jobs.slug',
      'jobs.title',
      'jobs.description',
      'jobs.location',
      'jobs.contract',
      'jobs.cdate',
      'jobs.workstation',
      'jobs.salary_min',
      'jobs.salary_max',
      'jobs.salary_currency',
      'jobs.salary_period',
      'companies.company_name',
      'companies.url',
    ])
    .where('jobs.status', '=', 'PUBLISHED')
    .where('jobs.slug', '=', slug)
    .executeTakeFirst();
}

export async function articleForPage(db: Conn, slug: string) {
  const found = await db.selectFrom('article_i18n').select('article_hash').where('slug', '=', slug).executeTakeFirst();
  if (!found) return null;
  const article = await db
    .selectFrom('articles')
    .select(['hash', 'type', 'date', 'hour', 'location', 'image'])
    .where('hash', '=', found.article_hash)
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirst();
  if (!article) return null;
  const texts = await db
    .selectFrom('article_i18n')
    .select(['language', 'slug', 'title', 'summary'])
    .where('article_hash', '=', article.hash)
    .execute();
  return { ...article, texts };
}

export async function contentForPage(db: Conn, slug: string) {
  const found = await db.selectFrom('content_pages').select('key').where('slug', '=', slug).executeTakeFirst();
  if (!found) return null;
  return db
    .selectFrom('content_pages')
    .select(['language', 'slug', 'title', 'body'])
    .where('key', '=', found.key)
    .execute();
}

export function workgroupExists(db: Conn, slug: string) {
  return db
    .selectFrom('workgroups')
    .select(['name', 'description'])
    .where('status', '=', 'PUBLISHED')
    .where((eb) => eb.or([eb('slug', '=', slug), eb('hash', '=', slug)]))
    .executeTakeFirst();
}

export function memberForPage(db: Conn, column: 'hash' | 'slug', value: string) {
  return db
    .selectFrom('users')
    .select(['name', 'surname1', 'current_job'])
    .where(column, '=', value)
    .where('status', '=', 'VALIDATED')
    .where('is_appear_by_user', '=', 1)
    .executeTakeFirst();
}

export function portfolioForPage(db: Conn, hash: string) {
  return db
    .selectFrom('portfolios')
    .select(['name', 'content'])
    .where('hash', '=', hash)
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirst();
}

export function experienceForPage(db: Conn, hash: string) {
  return db.selectFrom('work_experiences').select(['name', 'company_name']).where('hash', '=', hash).executeTakeFirst();
}

export function sitemapJobs(db: Conn, limit: number) {
  return db
    .selectFrom('jobs')
    .select(['slug', 'cdate'])
    .where('status', '=', 'PUBLISHED')
    .orderBy('cdate', 'desc')
    .limit(limit)
    .execute();
}

export function sitemapArticles(db: Conn, limit: number) {
  return db
    .selectFrom('article_i18n')
    .innerJoin('articles', 'articles.hash', 'article_i18n.article_hash')
    .select(['article_i18n.article_hash', 'article_i18n.language', 'article_i18n.slug', 'articles.updated_at'])
    .where('articles.status', '=', 'PUBLISHED')
    .orderBy('articles.date', 'desc')
    .limit(limit * 3)
    .execute();
}

export function sitemapWorkgroups(db: Conn, limit: number) {
  return db
    .selectFrom('workgroups')
    .select(['slug', 'updated_at'])
    .where('status', '=', 'PUBLISHED')
    .limit(limit)
    .execute();
}

export function sitemapContent(db: Conn) {
  return db.selectFrom('content_pages').select(['key', 'language', 'slug', 'updated_at']).execute();
}
