/** The member's own portfolio projects (issue 8 §10): only the owner reads, changes or deletes them. */
import type { FastifyInstance } from 'fastify';
import { PAGE_SIZES, type Locale } from '../../../shared/constants';
import { AppError } from '../../errors';
import { translate } from '../../i18n';
import { dmyToIso, isoToDmy } from '../../../shared/dates';
import { listResult, pageWindow, type PageQuery } from '../../lib/lists';
import type { Actor } from '../../types';
import { publicKey, removeQuietly, type FileStorage } from '../../lib/storage';
import type { Conn } from '../../db/conn';
import * as publicRepo from './repository';
import * as repo from './memberRepository';
import { fileLinks, type FileLinks } from '../../lib/signedLinks';
import { removePrivate } from '../../lib/privateFiles';
import { dropFileRows, fileOf, portfolioFiles } from './memberFile';

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
  const hashes = rows.map((row) => row.hash);
  const [images, links, files] = await Promise.all([
    publicRepo.imagesOf(db, hashes),
    publicRepo.linksOf(db, hashes),
    portfolioFiles(db, hashes),
  ]);
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

export async function list(app: FastifyInstance, actor: Actor, query: PageQuery) {
  const user = owner(actor);
  const { size, offset } = pageWindow(query, PAGE_SIZES.portfolios);
  const [total, rows] = await Promise.all([repo.count(app.db, user), repo.page(app.db, user, size, offset)]);
  return listResult(await present(app.db, rows, fileLinks(app.config.secretKey, actor)), total, size);
}

export async function show(app: FastifyInstance, actor: Actor, hash: string) {
  const row = await findOwn(app.db, owner(actor), hash);
  return (await present(app.db, [row], fileLinks(app.config.secretKey, actor)))[0]!;
}

/** `images` must be exactly the project's current images, each once, in the new order. */
export async function applyImageOrder(db: Conn, lng: Locale, hash: string, order: string[] | undefined) {
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

export async function create(app: FastifyInstance, actor: Actor, lng: Locale, input: PortfolioWrite) {
  const user = owner(actor);
  const hash = await app.db.transaction().execute(async (trx) => {
    const { name = '', date = null, content = '', status = 'UNPUBLISHED' } = columns(input);
    const created = await repo.insert(trx, user, { name, date, content, status });
    await repo.replaceLinks(
      trx,
      created,
      (input.links ?? []).map((link) => link.url),
    );
    await applyImageOrder(trx, lng, created, input.images);
    return created;
  });
  return show(app, actor, hash);
}

export async function update(app: FastifyInstance, actor: Actor, lng: Locale, hash: string, input: PortfolioWrite) {
  const user = owner(actor);
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.lockOwn(trx, app.dialect === 'postgres', user, hash))) throw AppError.notFound();
    const changes = columns(input);
    if (Object.keys(changes).length) await repo.update(trx, user, hash, changes);
    if (input.links)
      await repo.replaceLinks(
        trx,
        hash,
        input.links.map((link) => link.url),
      );
    await applyImageOrder(trx, lng, hash, input.images);
  });
  return show(app, actor, hash);
}

export async function remove(app: FastifyInstance, actor: Actor, hash: string) {
  const user = owner(actor);
  const { paths, files } = await app.db.transaction().execute(async (trx) => {
    await findOwn(trx, user, hash);
    const files = await dropFileRows(trx, hash);
    return { paths: await repo.remove(trx, user, hash), files };
  });
  await removeImageFiles(app.storage, paths);
  for (const path of files) await removePrivate(app.storage, 'portfolio', path);
  return { ok: true };
}

/** Public image links are `/uploads/…`; any other link is left alone. */
export async function removeImageFiles(storage: FileStorage, paths: string[]): Promise<void> {
  await removeQuietly(
    storage,
    paths.map((path) => publicKey(path)),
  );
}
