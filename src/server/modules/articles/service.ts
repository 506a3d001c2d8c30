/** News and events (SPEC §3 filters); save = bookmark, subscribe = register to attend (DESIGN §6). */
import { LOCALES, PAGE_SIZES, type Locale } from '../../../shared/constants';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { nowIso } from '../../lib/ids';
import { listResult, pageWindow, type PageQuery } from '../../lib/lists';
import { cachedCount } from '../../lib/countCache';
import type { Actor } from '../../types';
import { memberOfFilter } from './memberFilter';
import * as repo from './repository';
import { findMarkTarget, setMark, type MarkTable } from './marks';
import { type ServiceContext } from '../../serviceContext';

export interface ArticlesQuery extends PageQuery {
  text?: string;
  month?: number;
  year?: number;
  type?: string;
  tags?: string;
  saved_by_me?: boolean;
  subscribed_by_me?: boolean;
}

type Row = Awaited<ReturnType<typeof repo.pagePublished>>[number] & { body?: string };

async function present(db: Db, actor: Actor, lng: Locale, rows: Row[]) {
  const hashes = rows.map((row) => row.hash);
  const member = actor.type === 'user' && actor.hash ? actor.hash : null;
  const [slugs, tags, counts, saved, subscribed] = await Promise.all([
    repo.slugsOf(db, hashes),
    repo.tagsOf(db, hashes, lng),
    repo.registeredCounts(db, hashes),
    member ? repo.marksOf(db, 'article_saves', hashes, member) : [],
    member ? repo.marksOf(db, 'article_subscriptions', hashes, member) : [],
  ]);
  const savedSet = new Set(saved.map((row) => row.article_hash));
  const subscribedSet = new Set(subscribed.map((row) => row.article_hash));
  return rows.map((row) => ({
    hash: row.hash,
    type: row.type,
    slug: row.slug,
    slugs: Object.fromEntries(
      LOCALES.map((l) => [l, slugs.find((s) => s.article_hash === row.hash && s.language === l)?.slug ?? row.slug]),
    ),
    title: row.title,
    summary: row.summary,
    ...(row.body !== undefined ? { body: row.body } : {}),
    date: row.date,
    hour: row.hour,
    location: row.location,
    image: row.image,
    capacity: row.capacity,
    registered: counts.get(row.hash) ?? 0,
    saved: savedSet.has(row.hash),
    subscribed: subscribedSet.has(row.hash),
    tags: tags
      .filter((tag) => tag.article_hash === row.hash)
      .map(({ hash, title, type, group }) => ({ hash, title, type, group })),
  }));
}

export async function list(ctx: ServiceContext, query: ArticlesQuery) {
  const { db, actor, lng } = ctx;
  const savedBy = query.saved_by_me ? memberOfFilter(actor, lng, 'saved_by_me') : undefined;
  const subscribedBy = query.subscribed_by_me ? memberOfFilter(actor, lng, 'subscribed_by_me') : undefined;
  const { size, offset } = pageWindow(query, PAGE_SIZES.articles);
  const filter: repo.ArticleFilter = {
    text: query.text,
    month: query.month,
    year: query.year,
    type: query.type,
    tags: query.tags ? query.tags.split(',') : undefined,
    savedBy,
    subscribedBy,
  };
  // a total of the public list is cached per filter and content version; a member's own marks are counted each time
  const count = () => repo.countPublished(db, lng, filter);
  const total =
    savedBy || subscribedBy
      ? await count()
      : await cachedCount(db, 'content', `articles:${lng}:${JSON.stringify(filter)}`, count);
  if (offset >= total) return listResult([], total, size);
  const rows = await repo.pagePublished(db, lng, filter, size, offset);
  return listResult(await present(db, actor, lng, rows), total, size);
}

export async function show(ctx: ServiceContext, id: string) {
  const { db, actor, lng } = ctx;
  const row = await repo.findPublished(db, lng, id);
  if (!row) throw AppError.notFound();
  return (await present(db, actor, lng, [row]))[0]!;
}

/**
 * Toggles the member's bookmark or registration; answers the new state and the registered count. One read and one
 * write (marks.ts): the write is a single statement, its own transaction; the count is the one read, moved by one
 * when the registration itself is toggled.
 */
export async function toggle(ctx: ServiceContext, id: string, table: MarkTable) {
  const { db, actor, lng } = ctx;
  const article = await findMarkTarget(db, table, lng, id, actor.hash!);
  if (!article) throw AppError.notFound();
  // one registers for an event, not for a piece of news (SPEC §3: type NEWS or EVENT)
  if (table === 'article_subscriptions' && article.type !== 'EVENT') throw AppError.rule('articles.eventsOnly');
  const active = !article.marked;
  await setMark(db, table, article.hash, actor.hash!, active, nowIso());
  const moved = table === 'article_subscriptions' ? (active ? 1 : -1) : 0;
  return { active, count: article.registered + moved };
}
