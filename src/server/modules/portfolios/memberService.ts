import { PAGE_SIZES } from '../../../shared/constants';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { dmyToIso, isoToDmy } from '../../../shared/dates';
import { listResult, pageWindow, type PageQuery } from '../../lib/lists';
import { pageTotal } from '../../lib/pageTotal';
import type { Actor } from '../../types';
import { removeUnnamedPictures } from '../../lib/publicPictures';
import type { Conn } from '../../db/conn';
import * as repo from './memberRepository';
import { fileLinks, type FileLinks } from '../../lib/signedLinks';
import { removePrivate } from '../../lib/privateFiles';
import { dropFileRows, fileOf } from './memberFile';
import { type ServiceContext } from '../../serviceContext';

export interface PortfolioWrite {
  name?: string;
  date?: string | null;
  content?: string;
  links?: Array<{ url: string }>;
  status?: 'PUBLISHED' | 'UNPUBLISHED';
  /** The project's image hashes in the new order (the first is the cover); must name each current image once. */
  images?: string[];
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.find>>>;

function owner(actor: Actor): string {
  if (!actor.hash) throw AppError.unauthorized();
  return actor.hash;
}

async function present(db: Conn, rows: Row[], fileLinks?: FileLinks) {
  const { images, links, files } = await repo.extrasOf(
    db,
    rows.map((row) => row.hash),
  );
  return rows.map((row) => ({
    ...row,
    ...fileOf(files, row.hash, fileLinks),
    date: isoToDmy(row.date),
    images: images
      .filter((image) => image.portfolio_hash === row.hash)
      .map((image) => ({ hash: image.hash, url: image.path })),
    links: links.filter((link) => link.portfolio_hash === row.hash).map((link) => ({ hash: link.hash, url: link.url })),
  }));
}

function columns(input: PortfolioWrite): repo.PortfolioColumns {
  const out: repo.PortfolioColumns = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.date !== undefined) out.date = dmyToIso(input.date);
  if (input.content !== undefined) out.content = input.content;
  if (input.status !== undefined) out.status = input.status;
  return out;
}

async function findOwn(db: Conn, user: string, hash: string): Promise<Row> {
  const row = await repo.find(db, user, hash);
  if (!row) throw AppError.notFound();
  return row;
}

export async function list(ctx: ServiceContext, query: PageQuery) {
  const { actor } = ctx;
  const user = owner(actor);
  const { size, offset } = pageWindow(query, PAGE_SIZES.portfolios);
  const rows = await repo.page(ctx.db, user, size, offset);
  const total = await pageTotal({ size, offset }, rows.length, () => repo.count(ctx.db, user));
  return listResult(await present(ctx.db, rows, fileLinks(ctx.config.secretKey, actor)), total, size);
}

export async function show(ctx: ServiceContext, hash: string) {
  const { actor } = ctx;
  const row = await findOwn(ctx.db, owner(actor), hash);
  return (await present(ctx.db, [row], fileLinks(ctx.config.secretKey, actor)))[0]!;
}

/** `images` must be exactly the project's current images, each once, in the new order. */
export async function applyImageOrder(ctx: ServiceContext, hash: string, order: string[] | undefined) {
  const { db, lng } = ctx;
  if (order === undefined) return;
  const current = (await repo.imagesOf(db, hash)).map((image) => image.hash);
  const same =
    order.length === current.length &&
    new Set(order).size === order.length &&
    order.every((image) => current.includes(image));
  if (!same)
    throw AppError.badRequest('validation.failed', [
      { field: 'images', message: translate(lng, 'portfolios.imagesMismatch', { field: 'images' }) },
    ]);
  if (order.length) await repo.reorderImages(db, hash, order);
}

export async function create(ctx: ServiceContext, input: PortfolioWrite) {
  const { actor } = ctx;
  const user = owner(actor);
  const hash = await ctx.db.transaction().execute(async (trx) => {
    const { name = '', date = null, content = '', status = 'UNPUBLISHED' } = columns(input);
    const created = await repo.insert(trx, user, { name, date, content, status });
    await repo.replaceLinks(
      trx,
      created,
      (input.links ?? []).map((link) => link.url),
    );
    await applyImageOrder({ ...ctx, db: trx }, created, input.images);
    return created;
  });
  return show(ctx, hash);
}

export async function update(ctx: ServiceContext, hash: string, input: PortfolioWrite) {
  const { actor } = ctx;
  const user = owner(actor);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockOwn(trx, ctx.dialect === 'postgres', user, hash))) throw AppError.notFound();
    const changes = columns(input);
    if (Object.keys(changes).length) await repo.update(trx, user, hash, changes);
    if (input.links)
      await repo.replaceLinks(
        trx,
        hash,
        input.links.map((link) => link.url),
      );
    await applyImageOrder({ ...ctx, db: trx }, hash, input.images);
  });
  return show(ctx, hash);
}

export async function remove(ctx: ServiceContext, hash: string) {
  const { actor } = ctx;
  const user = owner(actor);
  const { paths, files } = await ctx.db.transaction().execute(async (trx) => {
    await findOwn(trx, user, hash);
    const files = await dropFileRows(trx, hash);
    return { paths: await repo.remove(trx, user, hash), files };
  });
  await removeImageFiles(ctx, paths);
  for (const path of files) await removePrivate(ctx.storage, 'portfolio', path);
  return { ok: true };
}

/**
 * After the commit (or a failed one): removes the pictures' objects no `files` row names any more. Public image links
 * are `/uploads/…`; any other link is left alone.
 */
export async function removeImageFiles(ctx: ServiceContext, paths: string[]): Promise<void> {
  await removeUnnamedPictures(ctx.db, ctx.storage, paths);
}
