/** News and events with their per-language texts. */
import { sql, type ExpressionBuilder } from 'kysely';
import { LOCALES, type Locale } from '../../../shared/constants';
import { runShaped } from '../../db/shapes';
import type { Conn } from '../../db/conn';
import type { Database } from '../../db/types';
import { articleWordsMatch, matchText } from '../../db/search';

export interface ArticleFilter {
  text?: string;
  month?: number;
  year?: number;
  type?: string;
  tags?: string[];
  savedBy?: string;
  /** Registered for (the `subscribe` toggle) by this member. */
  subscribedBy?: string;
}

/** The filter as a shape's arguments (db/shapes.ts): the search already a match string. */
function articleArgs(db: Conn, filter: ArticleFilter) {
  return {
    text: matchText(db, filter.text),
    month: filter.month,
    year: filter.year,
    type: filter.type,
    tags: filter.tags,
    savedBy: filter.savedBy,
    subscribedBy: filter.subscribedBy,
  };
}
type ArticleArgs = ReturnType<typeof articleArgs>;

function published(db: Conn, lng: Locale, filter: Partial<ArticleArgs>) {
  let query = db
    .selectFrom('articles')
    .innerJoin('article_i18n as t', (j) => j.onRef('t.article_hash', '=', 'articles.hash').on('t.language', '=', lng))
    .where('articles.status', '=', 'PUBLISHED');
  // the words of the title and summary in this language, accents ignored (db/search.ts)
  const text = filter.text;
  if (text) query = query.where(articleWordsMatch(db, 't', text, lng));
  if (filter.year) query = query.where('articles.year', '=', filter.year);
  if (filter.month) query = query.where('articles.month', '=', filter.month);
  if (filter.type) query = query.where('articles.type', '=', filter.type);
  if (filter.tags?.length) {
    const tags = filter.tags;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_tags')
          .select('article_tags.article_hash')
          .whereRef('article_tags.article_hash', '=', 'articles.hash')
          .where('article_tags.tag_hash', 'in', tags),
      ),
    );
  }
  if (filter.savedBy) {
    const user = filter.savedBy;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_saves')
          .select('article_saves.article_hash')
          .whereRef('article_saves.article_hash', '=', 'articles.hash')
          .where('article_saves.user_hash', '=', user),
      ),
    );
  }
  if (filter.subscribedBy) {
    const user = filter.subscribedBy;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_subscriptions')
          .select('article_subscriptions.article_hash')
          .whereRef('article_subscriptions.article_hash', '=', 'articles.hash')
          .where('article_subscriptions.user_hash', '=', user),
      ),
    );
  }
  return query;
}

const COLUMNS = [
  'articles.hash',
  'articles.type',
  'articles.date',
  'articles.hour',
  'articles.location',
  'articles.image',
  'articles.capacity',
  't.slug',
  't.title',
  't.summary',
] as const;

export async function countPublished(db: Conn, lng: Locale, filter: ArticleFilter) {
  const [row] = await runShaped(db, `articles.count.${lng}`, articleArgs(db, filter), (a: ArticleArgs) =>
    published(db, lng, a).select((eb) => eb.fn.countAll<number>().as('n')),
  );
  return Number(row?.n ?? 0);
}

/**
 * A page of articles with, in the same statement, each one's slug in every language, how many registered, and
 * whether the member (`member`, null for anyone else) saved it or registered (service.ts present() takes them).
 */
export function pagePublished(
  db: Conn,
  lng: Locale,
  filter: ArticleFilter,
  limit: number,
  offset: number,
  member: string | null = null,
) {
  const args = { ...articleArgs(db, filter), member, member2: member, limit, offset };
  return runShaped(db, `articles.page.${lng}`, args, (a: typeof args) =>
    published(db, lng, a)
      .select(COLUMNS)
      .select((eb) => [
        ...LOCALES.map((l) =>
          eb
            .selectFrom('article_i18n as s')
            .select('s.slug')
            .whereRef('s.article_hash', '=', 'articles.hash')
            .where('s.language', '=', l)
            .as(`slug_${l}`),
        ),
        eb
          .selectFrom('article_subscriptions as r')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('r.article_hash', '=', 'articles.hash')
          .as('registered_count'),
        a.member
          ? eb
              .selectFrom('article_saves as ms')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('ms.article_hash', '=', 'articles.hash')
              .where('ms.user_hash', '=', a.member)
              .as('my_save')
          : sql<number>`0`.as('my_save'),
        a.member2
          ? eb
              .selectFrom('article_subscriptions as mr')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('mr.article_hash', '=', 'articles.hash')
              .where('mr.user_hash', '=', a.member2)
              .as('my_registration')
          : sql<number>`0`.as('my_registration'),
      ])
      .orderBy('articles.date', 'desc')
      .orderBy('articles.hash', 'desc')
      .limit(a.limit)
      .offset(a.offset),
  );
}

/** By hash, or by its slug in any language (so a link survives a language switch). */
export function findPublished(db: Conn, lng: Locale, id: string) {
  return published(db, lng, {})
    .select([...COLUMNS, 't.body'])
    .where(namedBy(db, id, id))
    .executeTakeFirst();
}

/**
 * `articles.hash` is the article an id names: its hash, or its slug in any language. One IN list of both, so each is an
 * index lookup; written as `hash = id OR hash IN (slugs)` it read every article (SQLite: SCAN articles). `slug` is the
 * same id, passed twice for runShaped (each value one place).
 */
export function namedBy(db: Conn, id: string, slug: string) {
  return (eb: ExpressionBuilder<Database, 'articles'>) =>
    eb(
      'articles.hash',
      'in',
      db
        .selectNoFrom(sql<string>`cast(${id} as text)`.as('hash'))
        .unionAll(
          db
            .selectFrom('article_i18n')
            .select('article_i18n.article_hash as hash')
            .where('article_i18n.slug', '=', slug),
        ),
    );
}

export function slugsOf(db: Conn, hashes: string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('article_i18n')
    .select(['article_hash', 'language', 'slug'])
    .where('article_hash', 'in', hashes)
    .execute();
}

export function tagsOf(db: Conn, hashes: string[], lng: Locale) {
  if (hashes.length === 0) return Promise.resolve([]);
  return runShaped(db, `articles.tags.${lng}`, { hashes }, (a: { hashes: string[] }) =>
    db
      .selectFrom('article_tags')
      .innerJoin('tags', 'tags.hash', 'article_tags.tag_hash')
      .select(['article_tags.article_hash', 'tags.hash', 'tags.type', 'tags.group', `tags.title_${lng} as title`])
      .where('article_tags.article_hash', 'in', a.hashes),
  );
}

export type MarkTable = 'article_saves' | 'article_subscriptions';

export function marksOf(db: Conn, table: MarkTable, hashes: string[], userHash: string) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(table)
    .select('article_hash')
    .where('article_hash', 'in', hashes)
    .where('user_hash', '=', userHash)
    .execute();
}

/** The member's bookmarks and registrations among these articles, in one statement (laid over a shared page). */
export function memberMarks(db: Conn, hashes: string[], member: string) {
  if (hashes.length === 0) return Promise.resolve([]);
  const args = { hashes, member };
  return runShaped(db, 'articles.memberMarks', args, (a: typeof args) =>
    db
      .selectFrom('article_saves')
      .select(['article_hash', sql<MarkTable>`'article_saves'`.as('mark')])
      .where('user_hash', '=', a.member)
      .where('article_hash', 'in', a.hashes)
      .unionAll(
        db
          .selectFrom('article_subscriptions')
          .select(['article_hash', sql<MarkTable>`'article_subscriptions'`.as('mark')])
          .where('user_hash', '=', a.member)
          .where('article_hash', 'in', a.hashes),
      ),
  );
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
