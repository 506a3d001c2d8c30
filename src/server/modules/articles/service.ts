/** News and events (SPEC §3 filters); save = bookmark, subscribe = register to attend (DESIGN §6). */
import { LOCALES, PAGE_SIZES, type Locale } from '../../../shared/constants';
import type { Db } from '../../db/dialect';
import { AppError } from '../../errors';
import { nowIso } from '../../lib/ids';
import { listResult, pageWindow, pageWithTotal, type PageQuery } from '../../lib/lists';
import { cachedPage } from '../../lib/countCache';
import { sharedPage } from '../../lib/sharedPages';
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

type PageRow = Awaited<ReturnType<typeof repo.pagePublished>>[number];
type BaseRow = NonNullable<Awaited<ReturnType<typeof repo.findPublished>>>;
/** What present() shows of an article beyond its row: slugs per language, registered, the member's marks. */
interface Marks {
  slugs: Record<Locale, string>;
  registered: number;
  saved: boolean;
  subscribed: boolean;
}

/** A list page's rows carry their marks (repo.pagePublished reads them in the same statement). */
function marksOfPage(row: PageRow): Marks {
  const slugs = { es: row.slug_es, en: row.slug_en, ca: row.slug_ca };
  return {
    slugs: Object.fromEntries(LOCALES.map((l) => [l, slugs[l] ?? row.slug])) as Record<Locale, string>,
    registered: Number(row.registered_count ?? 0),
    saved: Number(row.my_save ?? 0) > 0,
    subscribed: Number(row.my_registration ?? 0) > 0,
  };
}

/** One article read on its own (show): its marks in a few statements. */
async function marksOfRows(db: Db, actor: Actor, rows: BaseRow[]): Promise<Marks[]> {
  const hashes = rows.map((row) => row.hash);
  const member = actor.type === 'user' && actor.hash ? actor.hash : null;
  const [slugs, counts, saved, subscribed] = await Promise.all([
    repo.slugsOf(db, hashes),
    repo.registeredCounts(db, hashes),
    member ? repo.marksOf(db, 'article_saves', hashes, member) : [],
    member ? repo.marksOf(db, 'article_subscriptions', hashes, member) : [],
  ]);
  const savedSet = new Set(saved.map((row) => row.article_hash));
  const subscribedSet = new Set(subscribed.map((row) => row.article_hash));
  return rows.map((row) => ({
    slugs: Object.fromEntries(
      LOCALES.map((l) => [l, slugs.find((s) => s.article_hash === row.hash && s.language === l)?.slug ?? row.slug]),
    ) as Record<Locale, string>,
    registered: counts.get(row.hash) ?? 0,
    saved: savedSet.has(row.hash),
    subscribed: subscribedSet.has(row.hash),
  }));
}

async function present(db: Db, lng: Locale, rows: Array<Omit<BaseRow, 'body'> & { body?: string }>, marks: Marks[]) {
  const tags = await repo.tagsOf(
    db,
    rows.map((row) => row.hash),
    lng,
  );
  return rows.map((row, i) => ({
    hash: row.hash,
    type: row.type,
    slug: row.slug,
    slugs: marks[i]!.slugs,
    title: row.title,
    summary: row.summary,
    ...(row.body !== undefined ? { body: row.body } : {}),
    date: row.date,
    hour: row.hour,
    location: row.location,
    image: row.image,
    capacity: row.capacity,
    registered: marks[i]!.registered,
    saved: marks[i]!.saved,
    subscribed: marks[i]!.subscribed,
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
  const member = actor.type === 'user' && actor.hash ? actor.hash : null;
  const count = () => repo.countPublished(db, lng, filter);
  if (savedBy || subscribedBy) {
    // the member's own list: counted each time, unless a short first page tells the total
    const page = () => repo.pagePublished(db, lng, filter, size, offset, member);
    const { rows, total } = await pageWithTotal(size, offset, page, count);
    return listResult(await present(db, lng, rows, rows.map(marksOfPage)), total, size);
  }
  // the public list is the same for everybody (lib/sharedPages.ts; its total is cached per filter and content
  // version): a member's marks are laid over it
  const shared = await sharedPage(db, `articles:${lng}:${size}:${offset}:${JSON.stringify(filter)}`, async () => {
    const page = () => repo.pagePublished(db, lng, filter, size, offset, null);
    const key = `articles:${lng}:${JSON.stringify(filter)}`;
    const { rows, total } = await cachedPage(db, 'content', key, { size, offset }, page, count);
    return listResult(await present(db, lng, rows, rows.map(marksOfPage)), total, size);
  });
  return member ? withMemberMarks(db, shared, member) : shared;
}

/** A shared page with the member's own bookmarks and registrations (new objects: the shared page is not touched). */
async function withMemberMarks<T extends { items: Array<{ hash: string }> }>(db: Db, page: T, member: string) {
  const marks = await repo.memberMarks(
    db,
    page.items.map((item) => item.hash),
    member,
  );
  if (marks.length === 0) return page;
  const saved = new Set(marks.filter((m) => m.mark === 'article_saves').map((m) => m.article_hash));
  const subscribed = new Set(marks.filter((m) => m.mark === 'article_subscriptions').map((m) => m.article_hash));
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, saved: saved.has(item.hash), subscribed: subscribed.has(item.hash) })),
  };
}

export async function show(ctx: ServiceContext, id: string) {
  const { db, actor, lng } = ctx;
  const row = await repo.findPublished(db, lng, id);
  if (!row) throw AppError.notFound();
  return (await present(db, lng, [row], await marksOfRows(db, actor, [row])))[0]!;
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
