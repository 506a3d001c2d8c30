/**
 * News and events in the back office (issue 14 §1; DESIGN §4b Content). Every write is one transaction with its audit
 * row (an edit keeps each changed field before and after). A SCHEDULED article needs a future `publish_at` and is
 * published by the `articles.publish-scheduled` task; leaving SCHEDULED clears the time. An event with registered
 * members is not deleted (its attendees would lose it): it can be taken back to draft instead.
 */
import type { Locale } from '../../../../shared/constants';
import { PAGE_SIZES } from '../../../../shared/constants';
import type { AdminArticleWrite } from '../../../../shared/schema-types';
import { AppError } from '../../../errors';
import { translate } from '../../../i18n';
import { newHash, nowIso } from '../../../lib/ids';
import { listResult, pageWindow, type PageQuery } from '../../../lib/lists';
import { storePublicImage } from '../../../lib/publicImages';
import { removeUnnamedPictures, replacePictureRows } from '../../../lib/publicPictures';
import { publicKey, removeQuietly } from '../../../lib/storage';
import type { UploadedFile } from '../../../plugins/uploads';
import type { Conn } from '../../../db/conn';
import { csvBody } from '../../../lib/csv';
import { dmyToIso, isoToDmy } from '../../../../shared/dates';
import { changedFields } from '../../audit/changes';
import { record } from '../../audit/service';
import * as repo from './repository';
import { textRows, writtenTexts, type ArticleTexts } from './texts';
import type { ServiceContext } from '../../../serviceContext';

export const COVERS = 'articles';

export interface AdminArticlesQuery extends PageQuery, repo.AdminArticleFilter {
  sort?: string;
}

const fieldError = (lng: Locale, field: string, key: string, params: Record<string, unknown> = {}) =>
  AppError.badRequest('validation.failed', [{ field, message: translate(lng, key, { field, ...params }) }]);

export async function list(ctx: ServiceContext, query: AdminArticlesQuery) {
  const { db } = ctx;
  const { size, offset } = pageWindow(query, 20);
  const [total, rows] = await Promise.all([
    repo.count(db, query),
    repo.page(db, query, query.sort ?? '-date', size, offset),
  ]);
  const hashes = rows.map((row) => row.hash);
  const [texts, registered] = await Promise.all([repo.textsOf(db, hashes), repo.registeredCounts(db, hashes)]);
  return listResult(
    rows.map((row) => ({
      ...row,
      languages: texts
        .filter((text) => text.article_hash === row.hash && !text.is_fallback)
        .map((text) => text.language),
      registered: registered.get(row.hash) ?? 0,
    })),
    total,
    size,
  );
}

export async function show(ctx: ServiceContext, hash: string) {
  const { db } = ctx;
  const article = await repo.findArticle(db, hash);
  if (!article) throw AppError.notFound();
  const [texts, tags, registered] = await Promise.all([
    repo.textsOf(db, [hash]),
    repo.tagsOf(db, hash),
    repo.registeredCounts(db, [hash]),
  ]);
  const { year: _year, month: _month, data: _data, ...columns } = article;
  return {
    ...columns,
    date: isoToDmy(columns.date)!,
    tags: tags.map((tag) => tag.tag_hash),
    texts: writtenTexts(texts),
    registered: registered.get(hash) ?? 0,
  };
}
type Presented = Awaited<ReturnType<typeof show>>;

/** The publishing moment a status needs: a future time for SCHEDULED, none otherwise. */
function publishAt(lng: Locale, status: string, at: string | null | undefined): string | null {
  if (status !== 'SCHEDULED') return null;
  if (!at) throw fieldError(lng, 'publish_at', 'validation.required');
  if (Date.parse(at) <= Date.now()) throw fieldError(lng, 'publish_at', 'admin.articles.scheduleInPast');
  return new Date(at).toISOString();
}

async function checkTags(conn: Conn, lng: Locale, tags: string[] | undefined) {
  if (tags && !(await repo.articleTagsExist(conn, tags))) throw fieldError(lng, 'tags', 'admin.articles.unknownTag');
}

/** The form's dd/mm/yyyy (SPEC §3) as the ISO day the lists sort by, with its year and month (the public filters). */
const dateParts = (dmy: string) => {
  const date = dmyToIso(dmy);
  return { date, year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
};

function audit(
  ctx: ServiceContext,
  action: 'article.created' | 'article.updated' | 'article.deleted',
  hash: string,
  label: string,
  data: Record<string, unknown> = {},
) {
  return record(ctx, {
    adminHash: ctx.actor.hash!,
    action,
    targetType: 'article',
    targetHash: hash,
    data: { label, ...data },
    at: nowIso(),
  });
}

export async function create(ctx: ServiceContext, body: AdminArticleWrite) {
  const { db, lng } = ctx;
  const missing = (['type', 'status', 'date', 'texts'] as const).find((field) => body[field] === undefined);
  if (missing) throw fieldError(lng, missing, 'validation.required');
  return db.transaction().execute(async (trx) => {
    await checkTags(trx, lng, body.tags);
    const hash = newHash();
    const now = nowIso();
    const texts = await textRows(trx, hash, body.texts as ArticleTexts, lng);
    await repo.insertArticle(trx, {
      hash,
      type: body.type!,
      status: body.status!,
      publish_at: publishAt(lng, body.status!, body.publish_at),
      ...dateParts(body.date!),
      hour: body.hour ?? null,
      location: body.location?.trim() || null,
      capacity: body.type === 'EVENT' ? (body.capacity ?? null) : null,
      image: null,
      data: '{}',
      created_at: now,
      updated_at: now,
    });
    await repo.replaceTexts(trx, hash, texts);
    await repo.replaceTags(trx, hash, body.tags ?? []);
    const article = await show({ ...ctx, db: trx }, hash);
    await audit({ ...ctx, db: trx }, 'article.created', hash, article.texts.es!.title, { to: article.status });
    return article;
  });
}

export async function update(ctx: ServiceContext, hash: string, body: AdminArticleWrite) {
  const { db, lng } = ctx;
  return db.transaction().execute(async (trx) => {
    const before = await show({ ...ctx, db: trx }, hash);
    await checkTags(trx, lng, body.tags);
    const status = body.status ?? before.status;
    const type = body.type ?? before.type;
    // keeping a scheduled article scheduled keeps its time unless a new one is sent
    const at = publishAt(
      lng,
      status,
      body.publish_at !== undefined ? body.publish_at : status === before.status ? before.publish_at : undefined,
    );
    await repo.updateArticle(trx, hash, {
      type,
      status,
      publish_at: at,
      ...(body.date ? dateParts(body.date) : {}),
      ...(body.hour !== undefined ? { hour: body.hour } : {}),
      ...(body.location !== undefined ? { location: body.location?.trim() || null } : {}),
      capacity: type === 'EVENT' ? (body.capacity !== undefined ? body.capacity : before.capacity) : null,
      updated_at: nowIso(),
    });
    if (body.texts) await repo.replaceTexts(trx, hash, await textRows(trx, hash, body.texts as ArticleTexts, lng));
    if (body.tags) await repo.replaceTags(trx, hash, body.tags);
    const after = await show({ ...ctx, db: trx }, hash);
    const changes = changedFields(comparable(before), comparable(after));
    if (Object.keys(changes).length)
      await audit({ ...ctx, db: trx }, 'article.updated', hash, after.texts.es!.title, {
        changes,
        from: before.status,
        to: after.status,
      });
    return after;
  });
}

/** What an edit's audit compares: the article without its bookkeeping. */
const comparable = ({ updated_at: _u, created_at: _c, registered: _r, hash: _h, ...rest }: Presented) =>
  rest as unknown as Record<string, unknown>;

export async function remove(ctx: ServiceContext, hash: string) {
  const image = await ctx.db.transaction().execute(async (trx) => {
    const article = await show({ ...ctx, db: trx }, hash);
    if (article.registered > 0) throw AppError.rule('admin.articles.hasAttendees', { count: article.registered });
    await repo.deleteArticle(trx, hash);
    await audit({ ...ctx, db: trx }, 'article.deleted', hash, article.texts.es?.title ?? hash, {
      from: article.status,
    });
    return article.image;
  });
  await removeUnnamedPictures(ctx.db, ctx.storage, [image]); // its `files` row went with the article
  return { ok: true };
}

/** The cover is put first, then articles.image, its `files` row and the audit row in one transaction (issue 26). */
export async function setCover(ctx: ServiceContext, hash: string, file: UploadedFile) {
  const article = await show(ctx, hash);
  const image = await storePublicImage(ctx.storage, COVERS, file, ctx.lng);
  let old: string[];
  try {
    old = await ctx.db.transaction().execute(async (trx) => {
      await repo.updateArticle(trx, hash, { image: image.link, updated_at: nowIso() });
      await audit({ ...ctx, db: trx }, 'article.updated', hash, article.texts.es?.title ?? hash, {
        changes: { image: { before: article.image, after: image.link } },
      });
      return replacePictureRows(trx, 'article', hash, ['article_cover'], [{ kind: 'article_cover', ...image }]);
    });
  } catch (error) {
    await removeQuietly(ctx.storage, [publicKey(image.link)]);
    throw error;
  }
  await removeUnnamedPictures(ctx.db, ctx.storage, [article.image, ...old]);
  return { image: image.link };
}

export async function removeCover(ctx: ServiceContext, hash: string) {
  const article = await show(ctx, hash);
  const old = await ctx.db.transaction().execute(async (trx) => {
    await repo.updateArticle(trx, hash, { image: null, updated_at: nowIso() });
    if (article.image)
      await audit({ ...ctx, db: trx }, 'article.updated', hash, article.texts.es?.title ?? hash, {
        changes: { image: { before: article.image, after: null } },
      });
    return replacePictureRows(trx, 'article', hash, ['article_cover'], []);
  });
  await removeUnnamedPictures(ctx.db, ctx.storage, [article.image, ...old]);
  return { image: null };
}

export async function attendees(ctx: ServiceContext, hash: string, query: PageQuery) {
  const { db } = ctx;
  await show(ctx, hash);
  const { size, offset } = pageWindow(query, PAGE_SIZES.users);
  const [total, rows] = await Promise.all([
    repo.registeredCounts(db, [hash]).then((counts) => counts.get(hash) ?? 0),
    repo.attendees(db, hash, size, offset),
  ]);
  return listResult(rows.map(presentAttendee), total, size);
}

/** A member who deleted their account stays counted, with no name or address (DESIGN §6). */
const presentAttendee = (row: Awaited<ReturnType<typeof repo.attendees>>[number]) =>
  row.status === 'DELETED'
    ? {
        hash: row.hash,
        name: '',
        surnames: '',
        email: '',
        number: null,
        role: row.role,
        registered_at: row.created_at,
        former: true,
      }
    : {
        hash: row.hash,
        name: row.name,
        surnames: [row.surname1, row.surname2].filter(Boolean).join(' '),
        email: row.email,
        number: row.code_numeric,
        role: row.role,
        registered_at: row.created_at,
        former: false,
      };

export async function attendeesCsv(ctx: ServiceContext, hash: string) {
  const { db, lng } = ctx;
  const article = await show(ctx, hash);
  const rows = (await repo.attendees(db, hash)).map(presentAttendee);
  const header = ['number', 'name', 'surnames', 'email', 'membership', 'registeredAt'].map((key) =>
    translate(lng, `admin.articles.csv.${key}`),
  );
  const lines = rows.map((row) => [
    row.number ?? '',
    row.former ? translate(lng, 'candidates.former') : row.name,
    row.surnames,
    row.email,
    translate(lng, `admin.articles.csv.role.${row.role}`),
    row.registered_at.slice(0, 16).replace('T', ' '),
  ]);
  const slug = article.texts.es?.slug ?? hash;
  return {
    filename: `${slug.slice(0, 60)}-${translate(lng, 'admin.articles.csv.file')}.csv`,
    body: csvBody(header, lines),
  };
}

/** The background task publishing scheduled articles when their time comes (each once, whatever the instances). */
export function scheduledArticlesTask(ctx: ServiceContext) {
  const { db } = ctx;
  return {
    name: 'articles.publish-scheduled',
    everyMs: 60_000,
    run: (now: Date) => repo.publishDue(db, now.toISOString()),
  };
}
